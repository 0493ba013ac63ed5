import { describe, expect, it } from 'vitest';
import { localFormat, utcText } from '#lib/local-time';

/** Moments over several years, every month and both halves of the day, in this process's time zone. */
const moments = Array.from({ length: 400 }, (_, i) => new Date(Date.UTC(2024, 0, 1) + (i * 7_654_321_987) / 40));

describe('a moment in the viewer’s format', () => {
  for (const lang of ['en', 'hu', 'ga']) {
    it(`reads in ${lang} exactly as Intl's medium date and short time would write it`, () => {
      for (const date of moments) {
        const intl = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
        const intlDate = new Intl.DateTimeFormat(lang, { dateStyle: 'medium' }).format(date);
        expect(localFormat(lang).format(date)).toBe(intl);
        expect(localFormat(lang, true).format(date)).toBe(intlDate);
      }
    });
  }

  it('reads the examples users see', () => {
    const date = new Date(2026, 10, 3, 9, 5);
    expect(localFormat('en').format(date)).toBe('Nov 3, 2026, 9:05 AM');
    expect(localFormat('hu').format(date)).toBe('2026. nov. 3. 9:05');
    expect(localFormat('ga').format(date)).toBe('3 Samh 2026, 09:05');
    expect(localFormat('en', true).format(new Date(2026, 0, 1, 0, 30))).toBe('Jan 1, 2026');
    expect(localFormat('en').format(new Date(2026, 0, 1, 0, 30))).toBe('Jan 1, 2026, 12:30 AM');
    expect(localFormat('en').format(new Date(2026, 0, 1, 12, 0))).toBe('Jan 1, 2026, 12:00 PM');
  });

  it('leaves any other language to Intl', () => {
    const date = new Date(2026, 10, 3, 9, 5);
    expect(localFormat('de').format(date)).toBe(
      new Intl.DateTimeFormat('de', { dateStyle: 'medium', timeStyle: 'short' }).format(date),
    );
  });

  it('shows the UTC text before the browser knows the zone', () => {
    expect(utcText('2026-11-23T10:40:00.000Z')).toBe('2026-11-23 10:40 UTC');
  });
});
