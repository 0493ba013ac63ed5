import { describe, expect, it } from 'vitest';
import { untilText } from '#lib/mute-time';

const now = Date.parse('2026-11-28T13:30:20Z');
const until = '2026-11-28T13:34:00Z';

describe('the time a mute ends, as the reader reads it', () => {
  it('says how long from now, rounded up to whole minutes, in the page’s language', () => {
    expect(untilText(until, 'en', { now, timeZone: 'UTC' }).relative).toBe('in 4 minutes');
    expect(untilText(until, 'hu', { now, timeZone: 'UTC' }).relative).toBe('4 perc múlva');
    expect(untilText('2026-11-28T13:30:50Z', 'en', { now, timeZone: 'UTC' }).relative).toBe('in 1 minute');
    // A mute that has just ended still reads as a minute, never "in 0 minutes".
    expect(untilText('2026-11-28T13:30:00Z', 'en', { now, timeZone: 'UTC' }).relative).toBe('in 1 minute');
  });

  it('gives the clock time in the reader’s own time zone', () => {
    expect(untilText(until, 'en', { now, timeZone: 'UTC' }).clock).toBe('1:34 PM');
    expect(untilText(until, 'en', { now, timeZone: 'America/New_York' }).clock).toBe('8:34 AM');
    expect(untilText(until, 'hu', { now, timeZone: 'Europe/Budapest' }).clock).toBe('14:34');
    expect(untilText(until, 'en', { now, timeZone: 'Asia/Tehran' }).clock).toBe('5:04 PM');
  });

  it('uses the page’s own words and a 24-hour clock for a language the browser has no data for', () => {
    const inMinutes = (count: number) => `i gceann ${count} nóiméad`;
    // "xx" stands for Irish in a browser without Irish data (Chromium's).
    expect(untilText(until, 'xx', { now, timeZone: 'Europe/Dublin', inMinutes })).toEqual({
      relative: 'i gceann 4 nóiméad',
      clock: '13:34',
    });
    // Where Intl knows the language, it speaks.
    expect(untilText(until, 'hu', { now, timeZone: 'UTC', inMinutes }).relative).toBe('4 perc múlva');
  });
});
