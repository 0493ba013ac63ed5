/**
 * A jam's story in numbers (issue 57, ADR 049): what its statistics page may show, and the shapes
 * of its charts. Pure: the counts come from src/server/jams/jam-story.ts, the SVG from
 * src/components/StatChart.astro.
 */
import { votingEnd, type JamWindow } from './jam-timing';
import { resultsArePublic } from './results-public';

export const DAY_MS = 86_400_000;
/** "Played at least N times": the thresholds the page shows. */
export const PLAY_THRESHOLDS = [1, 3, 5, 10, 25] as const;
/** A jam longer than this is counted by week instead of by day (a chart of 60 bars stays readable). */
export const MAX_BUCKETS = 60;

/** What the page may show now: nothing before the start of a mystery jam, no vote, rating or play before the results are public. */
export interface StoryRules {
  /** Anything at all (false: a mystery jam before its start). */
  any: boolean;
  /** Entries, notes (false before the start: there are none). */
  started: boolean;
  /** Votes or ratings, plays, and the share of entries played (they tell the results). */
  results: boolean;
}

export function storyRules(jam: JamWindow & { mystery: boolean }, now = Date.now()): StoryRules {
  const started = now >= new Date(jam.startsAt).getTime();
  return { any: started || !jam.mystery, started, results: resultsArePublic(jam, now) };
}

/** The time the charts cover: from the start (or the first sign-up) to now, at most to the voting end. */
export interface StorySpan {
  from: number;
  /** Milliseconds per bucket: a day, or a week for a long jam. */
  step: number;
  buckets: number;
}

export function storySpan(jam: JamWindow, now = Date.now()): StorySpan {
  const from = new Date(jam.startsAt).getTime();
  const to = Math.max(from + 1, Math.min(now, votingEnd(jam)));
  const days = Math.ceil((to - from) / DAY_MS);
  const step = days > MAX_BUCKETS ? 7 * DAY_MS : DAY_MS;
  return { from, step, buckets: Math.max(1, Math.ceil((to - from) / step)) };
}

/** Rows of (bucket, count) into one count per bucket; anything before the first bucket counts in it, anything after in the last. */
export function perBucket(rows: { bucket: number; n: number }[], span: StorySpan): number[] {
  const counts = Array.from({ length: span.buckets }, () => 0);
  for (const { bucket, n } of rows) counts[Math.min(span.buckets - 1, Math.max(0, bucket))]! += Number(n);
  return counts;
}

export const cumulative = (counts: number[]): number[] => {
  let sum = 0;
  return counts.map((n) => (sum += n));
};

/** A round top for a chart's axis (1, 2, 5, 10, 20, 50, …) at or above `max`. */
export function niceMax(max: number): number {
  if (max <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 5, 10].find((s) => s * power >= max)!;
  return step * power;
}

export interface ChartGeometry {
  top: number;
  /** One per value: its x, y and (for bars) height, in the chart's own units. */
  points: { x: number; y: number; height: number }[];
  barWidth: number;
  /** The line through the points (`M x y L …`) and the same closed down to the axis (the area). */
  line: string;
  area: string;
}

/** Where each value sits in a `width` × `height` plot (y down, 0 at the bottom). */
export function chartGeometry(values: number[], width: number, height: number): ChartGeometry {
  const top = niceMax(Math.max(0, ...values));
  const slot = width / Math.max(1, values.length);
  const points = values.map((value, i) => {
    const h = (value / top) * height;
    return { x: slot * i + slot / 2, y: height - h, height: h };
  });
  const line = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${round(p.x)} ${round(p.y)}`).join(' ');
  const first = points[0];
  const last = points.at(-1);
  const area = first && last ? `${line} L${round(last.x)} ${height} L${round(first.x)} ${height} Z` : '';
  return { top, points, barWidth: Math.max(1, slot * 0.7), line, area };
}

const round = (n: number) => Math.round(n * 10) / 10;
