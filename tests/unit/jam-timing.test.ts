import { describe, expect, it } from 'vitest';
import { jamStatus, nextMoment, splitDuration } from '#lib/jam-timing';

const jam = { startsAt: '2026-01-10T00:00:00Z', endsAt: '2026-01-12T00:00:00Z' };
const at = (iso: string) => Date.parse(iso);

describe('jam timing', () => {
  it('is upcoming before the start, ongoing until the end, over from the end on', () => {
    expect(jamStatus(jam, at('2026-01-09T23:59:59Z'))).toBe('upcoming');
    expect(jamStatus(jam, at('2026-01-10T00:00:00Z'))).toBe('ongoing');
    expect(jamStatus(jam, at('2026-01-11T23:59:59Z'))).toBe('ongoing');
    expect(jamStatus(jam, at('2026-01-12T00:00:00Z'))).toBe('ended');
  });

  it('counts down to the start, then to the end, then to nothing', () => {
    expect(nextMoment(jam, at('2026-01-01T00:00:00Z'))).toBe(at(jam.startsAt));
    expect(nextMoment(jam, at('2026-01-11T00:00:00Z'))).toBe(at(jam.endsAt));
    expect(nextMoment(jam, at('2026-02-01T00:00:00Z'))).toBeNull();
  });

  it('splits a duration into days, hours, minutes and seconds', () => {
    expect(splitDuration(((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000 + 999)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 });
    expect(splitDuration(-5000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});
