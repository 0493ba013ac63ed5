/** Issue 57's pure parts: what a statistics page may show, its charts' shapes, places out of N and the colour rule. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCHEME_SURFACES, checkAccent, contrast, labelOn, nearestPassing } from '#lib/jam-colours';
import { DAY_MS, chartGeometry, cumulative, niceMax, perBucket, storyRules, storySpan } from '#lib/jam-story';
import { ordinal, placeOf } from '#lib/places';

const HOUR = 3_600_000;
const now = Date.UTC(2026, 10, 22, 12);
const jam = (startOffset: number, endOffset: number, extra = {}) => ({
  startsAt: new Date(now + startOffset),
  endsAt: new Date(now + endOffset),
  mystery: false,
  ...extra,
});

describe('what a statistics page may show', () => {
  it('shows nothing of a mystery jam before its start, sign-ups only of another upcoming jam', () => {
    expect(storyRules(jam(HOUR, 2 * HOUR, { mystery: true }), now)).toEqual({ any: false, started: false, results: false });
    expect(storyRules(jam(HOUR, 2 * HOUR), now)).toEqual({ any: true, started: false, results: false });
  });

  it('holds back votes and plays until the results are public, a manual jam until its publish', () => {
    expect(storyRules(jam(-HOUR, HOUR, { mystery: true }), now)).toEqual({ any: true, started: true, results: false });
    expect(storyRules(jam(-2 * HOUR, -HOUR), now).results).toBe(true);
    expect(storyRules(jam(-2 * HOUR, -HOUR, { votingEndsAt: new Date(now + HOUR) }), now).results).toBe(false);
    expect(storyRules(jam(-2 * HOUR, -HOUR, { results: 'manual' }), now).results).toBe(false);
    expect(storyRules(jam(-2 * HOUR, -HOUR, { results: 'manual', resultsPublishedAt: new Date(now) }), now).results).toBe(true);
  });

  it('counts by day from the start to now (at most the voting end), by week for a long jam', () => {
    expect(storySpan(jam(-2.5 * DAY_MS, DAY_MS), now)).toMatchObject({ step: DAY_MS, buckets: 3 });
    expect(storySpan(jam(-10 * DAY_MS, -8 * DAY_MS), now).buckets).toBe(2);
    expect(storySpan(jam(-90 * DAY_MS, DAY_MS), now)).toMatchObject({ step: 7 * DAY_MS, buckets: 13 });
    expect(storySpan(jam(HOUR, DAY_MS), now).buckets).toBe(1);
  });

  it('puts what came before the first day on it and what came after on the last', () => {
    const span = { from: 0, step: DAY_MS, buckets: 3 };
    expect(
      perBucket(
        [
          { bucket: -1, n: 2 },
          { bucket: 1, n: 1 },
          { bucket: 7, n: 4 },
        ],
        span,
      ),
    ).toEqual([2, 1, 4]);
    expect(cumulative([2, 1, 4])).toEqual([2, 3, 7]);
  });
});

describe("a chart's shape", () => {
  it('rounds the axis up to 1, 2 or 5 times a power of ten', () => {
    expect([0, 1, 3, 7, 12, 51, 400].map(niceMax)).toEqual([1, 1, 5, 10, 20, 100, 500]);
  });

  it('places each value in the plot, bottom up', () => {
    const geometry = chartGeometry([0, 5, 10], 300, 100);
    expect(geometry.top).toBe(10);
    expect(geometry.points.map((p) => [p.x, p.y])).toEqual([
      [50, 100],
      [150, 50],
      [250, 0],
    ]);
    expect(geometry.line).toBe('M50 100 L150 50 L250 0');
  });
});

describe('a place out of how many', () => {
  it('says the ordinal in the reader’s language', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101].map((n) => ordinal(n, 'en'))).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '101st',
    ]);
    expect(ordinal(3, 'hu')).toBe('3.');
    expect(ordinal(3, 'ir')).toBe('3ú');
    const t = (key: string, options?: Record<string, unknown>) => `${key}:${options?.place} of ${options?.total}`;
    expect(placeOf(t, 'en', 3, 412)).toBe('place.ofTotal:3rd of 412');
    expect(placeOf(t, 'en', 3, null)).toBe('3rd');
  });
});

describe("a host's accent colour", () => {
  it('uses the schemes’ own background and raised surface (src/styles/tokens.css)', () => {
    const tokens = readFileSync(resolve(import.meta.dirname, '../../src/styles/tokens.css'), 'utf8');
    const lightDark = (name: string) => tokens.match(new RegExp(`--${name}: light-dark\\((#\\w+), (#\\w+)\\)`))!.slice(1, 3);
    const flame = tokens.slice(tokens.indexOf("[data-color-mode='flame']"));
    const flameValue = (name: string) => flame.match(new RegExp(`--${name}: (#\\w+);`))![1];
    const [lightBg, darkBg] = lightDark('bg');
    const [lightRaised, darkRaised] = lightDark('surface-raised');
    expect(SCHEME_SURFACES).toEqual({
      light: [lightBg, lightRaised],
      dark: [darkBg, darkRaised],
      flame: [flameValue('bg'), flameValue('surface-raised')],
    });
  });

  it('passes a colour that stands out 3:1 in every scheme and carries a 4.5:1 label', () => {
    const check = checkAccent('#00838F');
    expect(check).toMatchObject({ ok: true, suggestion: null });
    expect(contrast('#00838f', labelOn('#00838f'))).toBeGreaterThanOrEqual(4.5);
  });

  it('refuses one that does not, naming the worst scheme and the nearest colour that passes', () => {
    expect(checkAccent('#ffff00')).toEqual({ ok: false, worst: { scheme: 'light', ratio: 1.01 }, suggestion: '#8f8f00' });
    expect(checkAccent('#000000')).toMatchObject({ ok: false, worst: { scheme: 'dark' }, suggestion: '#737373' });
    for (const colour of ['#ff0000', '#1565c0', '#ffffff', '#6b3fd4', '#ff69b4']) {
      const suggestion = nearestPassing(colour);
      expect(checkAccent(suggestion).ok, `${colour} → ${suggestion}`).toBe(true);
    }
  });
});
