/**
 * Theme rounds (issue 43, ADR 043): the jam's schedule, the phase guards, and the SQL of the
 * standings that every theme write ends with (it keeps `jams.theme_leader`, the winner-so-far).
 */
import { eq, type SQL, sql } from 'drizzle-orm';
import { type Jam, jams, themeSuggesters, themeSuggestions } from '#db/schema';
import { themeKey, themePhase } from '#lib/themes';
import {
  THEME_SCHEDULE_MESSAGES,
  type ThemeRoundsDto,
  type ThemeRoundsInput,
  type ThemeScheduleIssue,
  themeScheduleIssue,
} from '#lib/schemas/themes';
import { announceChange } from '#server/cache/changes';
import { type AppError, badRequest, conflict } from '#server/platform/errors';
import { type Database, db } from '#server/platform/db';
import { requireJamPermission } from '#server/auth/permissions';
import type { SessionUser } from '#server/auth/session';
import type { JamUpdate } from '#lib/schemas/jams';
import { WHO_CAN_VOTE_REFUSALS, mayVoteCondition } from '#server/judging/votes';
import { refused } from '#server/auth/refusals';

/**
 * The error of a broken schedule rule: 400 (409 once the jam has started) with the message, and
 * `field` (`themeRounds.closesAt`, `startsAt`…) and `rule` so a form can say it at the date.
 */
export function themeScheduleError(issue: ThemeScheduleIssue, prefix = ''): AppError {
  const message = THEME_SCHEDULE_MESSAGES[issue.rule];
  const field = issue.field === 'startsAt' ? 'startsAt' : `${prefix}${issue.field}`;
  return issue.status === 409 ? conflict(message) : badRequest(message, { field, rule: issue.rule });
}

/** The jam's columns for a schedule (`enabled: false`: theme rounds off, the dates cleared). */
export const themeColumns = (input: ThemeRoundsInput) =>
  input.enabled
    ? {
        themeRounds: true,
        themeSuggestFrom: input.suggestFrom!,
        themeRound1From: input.round1From!,
        themeFinalFrom: input.finalFrom!,
        themeClosesAt: input.closesAt!,
        themeFinalists: input.finalists,
      }
    : { themeRounds: false, themeSuggestFrom: null, themeRound1From: null, themeFinalFrom: null, themeClosesAt: null };

/** A new jam's theme columns (ADR 043): the PUT's rules against its start; a new jam has nothing to lock. */
export function themeOfNewJam(input: ThemeRoundsInput | undefined, startsAt: Date) {
  if (!input) return {};
  const issue = themeScheduleIssue(input, startsAt, { lockedFrom: null });
  if (issue) throw themeScheduleError(issue, 'themeRounds.');
  return themeColumns(input);
}

/**
 * ADR 043 on a PATCH: a sent schedule follows the rules of PUT …/theme/rounds against the start the
 * jam will have (409 once it has started); a start moved before the stored schedule's close is a 400
 * at `startsAt` (else the theme would come out with whatever led then). The columns to set, if any.
 */
export function themeOfJamPatch(jam: Jam, input: Pick<JamUpdate, 'themeRounds' | 'startsAt'>, startsAt: Date) {
  if (input.themeRounds) {
    const issue = themeScheduleIssue(input.themeRounds, startsAt, { lockedFrom: jam.startsAt });
    if (issue) throw themeScheduleError(issue, 'themeRounds.');
    return themeColumns(input.themeRounds);
  }
  if (input.startsAt && jam.themeRounds) {
    const stored = {
      enabled: true,
      suggestFrom: jam.themeSuggestFrom ?? undefined,
      round1From: jam.themeRound1From ?? undefined,
      finalFrom: jam.themeFinalFrom ?? undefined,
      closesAt: jam.themeClosesAt ?? undefined,
    };
    const issue = themeScheduleIssue(stored, startsAt, { startMoved: true });
    if (issue) throw themeScheduleError(issue, 'themeRounds.');
  }
  return {};
}

export const PHASE_REFUSALS: Record<'suggesting' | 'round1' | 'final' | 'moderate', string> = {
  suggesting: 'Theme suggestions are not open right now.',
  round1: 'Round 1 of the theme vote is not open right now.',
  final: 'The final round of the theme vote is not open right now.',
  moderate: 'Suggestions can be removed or merged only until the final round opens.',
};
export const NO_THEME_ROUNDS = 'This jam’s theme is not chosen by the community.';

const iso = (value: Date | null) => value?.toISOString() ?? null;

export const toThemeRounds = (jam: Jam, now = Date.now()): ThemeRoundsDto => ({
  phase: themePhase(jam, now),
  suggestFrom: iso(jam.themeSuggestFrom),
  round1From: iso(jam.themeRound1From),
  finalFrom: iso(jam.themeFinalFrom),
  closesAt: iso(jam.themeClosesAt),
  finalists: jam.themeFinalists,
});

/** Sets or turns off the schedule (PUT: the same body twice, the same state). Until the start only. */
export async function setThemeRounds(user: SessionUser, jam: Jam, input: ThemeRoundsInput): Promise<ThemeRoundsDto> {
  await requireJamPermission(user, jam.id, 'jam:edit');
  const issue = themeScheduleIssue(input, jam.startsAt);
  if (issue) throw themeScheduleError(issue);
  const set = themeColumns(input);
  const [updated] = await db()
    .update(jams)
    .set({ ...set, updatedAt: new Date(), updatedBy: user.id })
    .where(eq(jams.id, jam.id))
    .returning();
  await db().run(refreshLeader(jam.id));
  announceChange({ kind: 'jam', jamId: jam.id });
  return toThemeRounds(updated!);
}

/** 409 unless the jam is in `phase` (a jam without theme rounds: 409 too, saying so). */
export function requireThemePhase(jam: Jam, phase: 'suggesting' | 'round1' | 'final'): void {
  if (!jam.themeRounds) throw conflict(NO_THEME_ROUNDS);
  if (themePhase(jam) !== phase) throw conflict(PHASE_REFUSALS[phase]);
}

/** The window of a phase as one SQL condition on the jam's row, so a write checks it in its own statement. */
export function phaseCondition(jamId: number, phase: 'suggesting' | 'round1' | 'final'): SQL {
  const [from, to] = {
    suggesting: [jams.themeSuggestFrom, jams.themeRound1From],
    round1: [jams.themeRound1From, jams.themeFinalFrom],
    final: [jams.themeFinalFrom, jams.themeClosesAt],
  }[phase];
  const now = Date.now();
  return sql`exists (select 1 from ${jams} where ${jams.id} = ${jamId} and ${jams.themeRounds} = 1
    and ${from} <= ${now} and ${now} < ${to})`;
}

/** Suggesting and voting follow the jam's "Who can vote". */
export const mayTakePart = (jam: Jam, userId: number) => mayVoteCondition(jam, userId);
/** The 403 for someone "Who can vote" leaves out (anyone logged in may, so then nothing). */
export const notEligible = (jam: Jam): AppError | null =>
  jam.whoCanVote === 'anyone' ? null : refused(WHO_CAN_VOTE_REFUSALS[jam.whoCanVote]);

/**
 * Every suggestion of the jam with its round-1 counts, share of Yes, round-1 place and final-round
 * votes: `finalist` is a place within the jam's `theme_finalists`. Ties of share go to the earliest
 * suggestion (then the lowest id), so the places are a total order.
 */
export function standings(jamId: number): SQL {
  return sql`select s.id as id, s.text as text, s.suggested_by as suggestedById, s.created_at as createdAt,
      s.yes as yes, s.no as no, s.looks as looks,
      (case when s.yes + s.no = 0 then 0.0 else s.yes * 1.0 / (s.yes + s.no) end) as share,
      row_number() over (order by (case when s.yes + s.no = 0 then 0.0 else s.yes * 1.0 / (s.yes + s.no) end) desc,
        s.created_at, s.id) as round1Place,
      (select count(*) from theme_final_votes v where v.suggestion_id = s.id) as votes
    from theme_suggestions s where s.jam_id = ${jamId}`;
}

/** Every suggestion with `finalist` and its final `place`: finalists first, by votes, then round-1 place (share, then earliest). */
export const finalOrder = (jamId: number) =>
  sql`select r.*, r.round1Place <= j.theme_finalists as finalist,
      row_number() over (order by r.round1Place <= j.theme_finalists desc,
        (case when r.round1Place <= j.theme_finalists then r.votes else 0 end) desc, r.round1Place) as place
    from (${standings(jamId)}) r join ${jams} j on j.id = ${jamId}`;

/** Keeps `jams.theme_leader` the theme that would win now; the last theme write before the close leaves the winner. */
export const refreshLeader = (jamId: number) =>
  sql`update ${jams} set theme_leader = (select text from (${finalOrder(jamId)}) order by place limit 1) where ${jams.id} = ${jamId}`;

/**
 * Suggesting a theme, as the statements of a batch written only where `allowed` holds: the suggestion
 * (one row per theme however spelt: a spelling already there stays), its suggester, and the leader
 * worked out again. For a suggestion made now and for a held one a moderator approves.
 */
export function suggestStatements(database: Database, jamId: number, userId: number, text: string, allowed: SQL) {
  const key = themeKey(text);
  return [
    database.run(sql`insert into ${themeSuggestions} (jam_id, key, text, suggested_by)
      select ${jamId}, ${key}, ${text}, ${userId} where ${allowed}
      on conflict (jam_id, key) do nothing`),
    database.run(sql`insert into ${themeSuggesters} (suggestion_id, user_id, jam_id)
      select s.id, ${userId}, ${jamId} from ${themeSuggestions} s
      where s.jam_id = ${jamId} and s.key = ${key} and ${allowed}
      on conflict do nothing`),
    database.run(refreshLeader(jamId)),
  ] as const;
}
