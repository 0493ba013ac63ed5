/** Where a jam is in time: before its start, between start and end, after its end. */
export const JAM_STATUSES = ['upcoming', 'ongoing', 'ended'] as const;
export type JamStatus = (typeof JAM_STATUSES)[number];

/**
 * Where a jam is, with its voting period: `voting` is the time between the submission end and an
 * optional voting end, when entries can no longer come in but upvotes still can.
 */
export const JAM_PHASES = ['upcoming', 'ongoing', 'voting', 'ended'] as const;
export type JamPhase = (typeof JAM_PHASES)[number];

type Moment = Date | string | number;

export interface JamWindow {
  startsAt: Moment;
  /** The submission end. */
  endsAt: Moment;
  /** The optional end of voting, after `endsAt`. */
  votingEndsAt?: Moment | null;
}

const ms = (value: Moment) => new Date(value).getTime();

/** When voting closes: the voting end when the jam has one, else the submission end. */
export const votingEnd = (jam: JamWindow): number => ms(jam.votingEndsAt ?? jam.endsAt);

export function jamPhase(jam: JamWindow, now = Date.now()): JamPhase {
  const status = jamStatus(jam, now);
  if (status === 'ended' && now < votingEnd(jam)) return 'voting';
  return status;
}

/** Upvotes are open from the start until the voting end (the submission end without a voting period). */
export const votingIsOpen = (jam: JamWindow, now = Date.now()) => {
  const phase = jamPhase(jam, now);
  return phase === 'ongoing' || phase === 'voting';
};

/** Vote counts, ranks, winners and play counts are public once voting has closed. */
export const resultsArePublic = (jam: JamWindow, now = Date.now()) => jamPhase(jam, now) === 'ended';

export function jamStatus(jam: JamWindow, now = Date.now()): JamStatus {
  if (now < ms(jam.startsAt)) return 'upcoming';
  if (now < ms(jam.endsAt)) return 'ongoing';
  return 'ended';
}

/**
 * The moment the countdown counts to: the start when upcoming, the submission end when ongoing,
 * the voting end during a voting period, none once ended.
 */
export function nextMoment(jam: JamWindow, now = Date.now()): number | null {
  const phase = jamPhase(jam, now);
  if (phase === 'upcoming') return ms(jam.startsAt);
  if (phase === 'ongoing') return ms(jam.endsAt);
  if (phase === 'voting') return votingEnd(jam);
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
