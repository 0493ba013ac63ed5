/** Where a jam is in time: before its start, between start and end, after its end. */
export const JAM_STATUSES = ['upcoming', 'ongoing', 'ended'] as const;
export type JamStatus = (typeof JAM_STATUSES)[number];

export interface JamWindow {
  startsAt: Date | string | number;
  endsAt: Date | string | number;
}

const ms = (value: Date | string | number) => new Date(value).getTime();

export function jamStatus(jam: JamWindow, now = Date.now()): JamStatus {
  if (now < ms(jam.startsAt)) return 'upcoming';
  if (now < ms(jam.endsAt)) return 'ongoing';
  return 'ended';
}

/** The moment the countdown counts to: the start when upcoming, the end when ongoing, none once ended. */
export function nextMoment(jam: JamWindow, now = Date.now()): number | null {
  const status = jamStatus(jam, now);
  if (status === 'upcoming') return ms(jam.startsAt);
  if (status === 'ongoing') return ms(jam.endsAt);
  return null;
}

export interface TimeLeft {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

export function splitDuration(durationMs: number): TimeLeft {
  const total = Math.max(0, Math.floor(durationMs / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3_600),
    minutes: Math.floor((total % 3_600) / 60),
    seconds: total % 60,
  };
}
