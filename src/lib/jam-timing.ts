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
  /** `manual`: results wait for a manager's publish after voting ends (ADR 041); absent means automatic. */
  results?: 'automatic' | 'manual';
  /** When a manager published the results of a manual jam. */
  resultsPublishedAt?: Moment | null;
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

/** Voting has closed (results may still wait for a manager's publish). */
export const votingHasClosed = (jam: JamWindow, now = Date.now()) => jamPhase(jam, now) === 'ended';

/**
 * Vote counts, ranks, winners and play counts are public once voting has closed, and in a jam with
 * manual results only once a manager has published them (ADR 041): the one rule every place follows.
 */
export const resultsArePublic = (jam: JamWindow, now = Date.now()) =>
  votingHasClosed(jam, now) && (jam.results !== 'manual' || jam.resultsPublishedAt != null);

/** Voting has closed in a manual jam whose results a manager has not published yet. */
export const resultsAwaitPublish = (jam: JamWindow, now = Date.now()) =>
  votingHasClosed(jam, now) && jam.results === 'manual' && jam.resultsPublishedAt == null;

/** Entries are hidden from the public while submissions are open in a jam with hidden entries (ADR 041). */
export const entriesAreHidden = (jam: JamWindow & { hiddenEntries?: boolean }, now = Date.now()) =>
  Boolean(jam.hiddenEntries) && now < ms(jam.endsAt);

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
