/**
 * The jam's clock (issue 55 §1, ADR 048): where a jam is in time, as TypeScript for the pages, the
 * services and the islands, and as SQL beside it (`…Sql`) for the queries that decide it by
 * themselves (profiles, the sitemap, the inbox). tests/db/jam-rules.test.ts checks that the two
 * forms agree on every phase of a jam. The other rules about a jam's moments have their own files
 * beside this one: src/lib/results-public.ts and src/lib/entries-hidden.ts.
 */
import { type Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm';

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

/** The moment voting closes for good: the later of the submission end and the voting end. */
export const closesAt = (jam: JamWindow): number => Math.max(ms(jam.endsAt), votingEnd(jam));

export function jamStatus(jam: JamWindow, now = Date.now()): JamStatus {
  if (now < ms(jam.startsAt)) return 'upcoming';
  if (now < ms(jam.endsAt)) return 'ongoing';
  return 'ended';
}

/** A jam's row in SQL, for the SQL twins: its table's columns, an alias's, or any expression. */
export interface JamColumnsSql {
  startsAt: SQLWrapper;
  endsAt: SQLWrapper;
  votingEndsAt: SQLWrapper;
  results: SQLWrapper;
  resultsPublishedAt: SQLWrapper;
  hiddenEntries: SQLWrapper;
}

/** {@link votingEnd} in SQL (the moments are stored as milliseconds). */
export const votingEndSql = (j: JamColumnsSql): SQL<number> => sql<number>`coalesce(${j.votingEndsAt}, ${j.endsAt})`;

/** {@link closesAt} in SQL. */
export const closesAtSql = (j: JamColumnsSql): SQL<number> => sql<number>`max(${j.endsAt}, ${votingEndSql(j)})`;

/** {@link jamPhase} in SQL. */
export const jamPhaseSql = (j: JamColumnsSql, now: number | Placeholder): SQL<JamPhase> =>
  sql<JamPhase>`(case when ${now} < ${j.startsAt} then 'upcoming' when ${now} < ${j.endsAt} then 'ongoing'
    when ${now} < ${votingEndSql(j)} then 'voting' else 'ended' end)`;

/** {@link votingHasClosed} in SQL. */
export const votingHasClosedSql = (j: JamColumnsSql, now: number): SQL<boolean> => sql<boolean>`(${closesAtSql(j)} <= ${now})`;

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
