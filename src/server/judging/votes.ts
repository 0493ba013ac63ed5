/** Upvotes: at most VOTE_LIMIT per user per jam, enforced by the database in one statement. */
import { type SQL, and, eq, sql } from 'drizzle-orm';
import { type Jam, jamParticipants, plays, ratings, votes } from '#db/schema';
import { jamPhase, votingIsOpen } from '#lib/jam-timing';
import { type MyVotesDto, VOTE_LIMIT } from '#lib/schemas/entries';
import { can } from '#server/auth/permissions';
import { refuseIfBanned } from '#server/auth/require';
import { announceChange } from '#server/cache/changes';
import { db, preparedQuery } from '#server/platform/db';
import { batchNamed, readTogether } from '#server/platform/named';
import { AppError, conflict } from '#server/platform/errors';
import { requireEntry } from '#server/entries/entries';
import { HIDDEN_ENTRY_VOTES_MESSAGE, isHiddenFor } from '#server/entries/hidden';
import { enteredCondition, isOnTeam, onTeamCondition } from '#server/teams/co-creators';
import { isJudgeCondition } from './ranking';
import type { SessionUser } from '#server/auth/session';
import { type RefusalKey, refused } from '#server/auth/refusals';

const votesOfVoter = preparedQuery((database) =>
  database
    .select({ entryId: votes.entryId })
    .from(votes)
    .where(and(eq(votes.jamId, sql.placeholder('jamId')), eq(votes.voterId, sql.placeholder('voterId'))))
    .prepare(),
);

const playsOfPlayer = preparedQuery((database) =>
  database
    .select({ entryId: plays.entryId })
    .from(plays)
    .where(and(eq(plays.jamId, sql.placeholder('jamId')), eq(plays.playerId, sql.placeholder('playerId'))))
    .prepare(),
);

/**
 * Whether the user may vote: in a judges-only jam its judges, in a `both` jam its judges (who bypass "Who
 * can vote", ADR 040) and whoever "Who can vote" lets. One SQL condition, checked by the vote's INSERT.
 */
export function mayVoteCondition(jam: Pick<Jam, 'id' | 'whoCanVote' | 'whoJudges'>, userId: number): SQL {
  if (jam.whoJudges === 'judges') return isJudgeCondition(jam.id, userId);
  if (jam.whoJudges === 'both') return sql`(${isJudgeCondition(jam.id, userId)} or ${communityMayVote(jam, userId)})`;
  return communityMayVote(jam, userId);
}

function communityMayVote(jam: Pick<Jam, 'id' | 'whoCanVote'>, userId: number): SQL {
  if (jam.whoCanVote === 'participants') {
    return sql`exists (select 1 from ${jamParticipants} where ${jamParticipants.jamId} = ${jam.id} and ${jamParticipants.userId} = ${userId})`;
  }
  if (jam.whoCanVote === 'entrants') {
    // Entrants are submitters and credited co-creators (issue 35).
    return enteredCondition(jam.id, userId);
  }
  return sql`1`;
}

const ratingsOfRater = preparedQuery((database) =>
  database
    .select({ entryId: ratings.entryId, criterionId: ratings.criterionId, stars: ratings.stars })
    .from(ratings)
    .where(and(eq(ratings.jamId, sql.placeholder('jamId')), eq(ratings.raterId, sql.placeholder('raterId'))))
    .orderBy(ratings.entryId, ratings.criterionId)
    .prepare(),
);

type MyRating = MyVotesDto['ratings'][number];

/** The reads behind `myVotes`, as statements a write's batch can end with (they then see the write). */
export function myVotesQueries(user: SessionUser, jam: Jam) {
  const database = db();
  return {
    rated: database
      .select({ entryId: ratings.entryId, criterionId: ratings.criterionId, stars: ratings.stars })
      .from(ratings)
      .where(and(eq(ratings.jamId, jam.id), eq(ratings.raterId, user.id)))
      .orderBy(ratings.entryId, ratings.criterionId),
    upvoted: database
      .select({ entryId: votes.entryId })
      .from(votes)
      .where(and(eq(votes.jamId, jam.id), eq(votes.voterId, user.id))),
    rule: database.all<{ eligible: number; judge: number }>(
      sql`select ${mayVoteCondition(jam, user.id)} as eligible, ${isJudgeCondition(jam.id, user.id)} as judge`,
    ),
    played: database
      .select({ entryId: plays.entryId })
      .from(plays)
      .where(and(eq(plays.jamId, jam.id), eq(plays.playerId, user.id))),
  };
}

/** Whether the person may vote and is one of the jam's judges, from the rule's row (`myVotesQueries`). */
export const ruleOf = (row?: { eligible: number; judge: number }) => ({
  eligible: !!Number(row?.eligible),
  judge: !!Number(row?.judge),
});

export function toMyVotes(
  jam: Jam,
  rows: { entryId: number }[],
  { eligible, judge }: { eligible: boolean; judge: boolean },
  played: { entryId: number }[],
  rated: MyRating[] = [],
): MyVotesDto {
  return {
    judging: jam.judging,
    whoJudges: jam.whoJudges,
    judge,
    limit: VOTE_LIMIT,
    used: rows.length,
    remaining: Math.max(0, VOTE_LIMIT - rows.length),
    entryIds: rows.map((row) => row.entryId),
    whoCanVote: jam.whoCanVote,
    eligible,
    playBeforeVote: jam.playBeforeVote,
    playedEntryIds: jam.playBeforeVote ? played.map((row) => row.entryId) : [],
    ratings: rated,
  };
}

/**
 * The caller's votes and what the jam's rules say about them, in one round trip. The rule checks
 * run only when the jam has the rule (every logged-in reader of a jam page asks for this).
 */
export async function myVotes(user: SessionUser, jam: Jam): Promise<MyVotesDto> {
  const [rows, eligible, played, rated] = await Promise.all([
    jam.judging === 'upvotes' ? votesOfVoter().all({ jamId: jam.id, voterId: user.id }) : [],
    jam.whoCanVote === 'anyone' && jam.whoJudges === 'community'
      ? { eligible: true, judge: false }
      : db()
          .all<{ eligible: number; judge: number }>(
            sql`select ${mayVoteCondition(jam, user.id)} as eligible, ${isJudgeCondition(jam.id, user.id)} as judge`,
          )
          .then(([rule]) => ruleOf(rule)),
    jam.playBeforeVote ? playsOfPlayer().all({ jamId: jam.id, playerId: user.id }) : [],
    jam.judging === 'ratings' ? ratingsOfRater().all({ jamId: jam.id, raterId: user.id }) : [],
  ]);
  return toMyVotes(jam, rows, eligible, played, rated);
}

/** Why "Who can vote" refuses someone, as the vote button and the API say it. */
export const WHO_CAN_VOTE_REFUSALS: Record<Exclude<Jam['whoCanVote'], 'anyone'>, RefusalKey> = {
  participants: 'vote:participants',
  entrants: 'vote:entrants',
};
export const VOTING_ENDED_MESSAGE = 'Voting has ended for this jam.';
/** Upvotes on a ratings jam, ratings on an upvotes jam (ADR 039). */
export const JUDGED_BY_MESSAGES: Record<Jam['judging'], string> = {
  upvotes: 'This jam is judged by upvotes, not star ratings: upvote the entry instead.',
  ratings: 'This jam is judged by star ratings, not upvotes: rate the entry instead.',
};

/** 409 when the jam is not judged the way the request votes. */
export function requireJudgedBy(jam: Jam, judging: Jam['judging']): void {
  if (jam.judging !== judging) throw conflict(JUDGED_BY_MESSAGES[jam.judging]);
}

export function requireOpenVoting(user: SessionUser, jam: Jam): void {
  refuseIfBanned(user);
  if (!votingIsOpen(jam)) {
    // With a voting period, "ongoing" is not the whole story: say that voting itself is over.
    const over = jam.votingEndsAt !== null && jamPhase(jam) === 'ended';
    throw new AppError(409, 'conflict', over ? VOTING_ENDED_MESSAGE : 'Voting is only open while the jam is ongoing.');
  }
}

/** What the rules call the act, in their refusals: an upvote, or a rating (ADR 039: the same rules). */
type Act = 'upvote' | 'rate';
const OWN_ENTRY_REFUSALS: Record<Act, RefusalKey> = { upvote: 'upvote:own-entry', rate: 'rate:own-entry' };
const DISQUALIFIED_REFUSALS: Record<Act, string> = {
  upvote: 'This entry was disqualified by the jam’s managers, so it cannot get votes.',
  rate: 'This entry was disqualified by the jam’s managers, so it cannot be rated.',
};

/**
 * The entry a vote or rating is for: in the jam, not the caller's team's, not disqualified, not hidden
 * (ADR 048: a 404 to those who may not see it, a 409 to those who may), all read in one round trip.
 */
export async function requireVotableEntry(user: SessionUser, jam: Jam, entryId: number, act: Act) {
  const onTeamRead = isOnTeam(entryId, user.id);
  const [entry, onTeam, hidden] = await Promise.all([requireEntry(jam, entryId), onTeamRead, isHiddenFor(user, jam, onTeamRead)]);
  if (!(await can(user, 'entry:vote', { jamId: jam.id, onTeam }))) throw refused(OWN_ENTRY_REFUSALS[act]);
  if (hidden) throw conflict(HIDDEN_ENTRY_VOTES_MESSAGE);
  if (entry.review === 'disqualified') throw conflict(DISQUALIFIED_REFUSALS[act]);
  return entry;
}

/**
 * The rules a vote's or a rating's write checks in its own statement: "Who can vote", "Play before
 * you vote", and never the caller's own or their team's entry (credited between the checks and the write).
 */
export function voteRulesCondition(jam: Jam, entryId: number, userId: number): SQL {
  const played = jam.playBeforeVote
    ? sql`exists (select 1 from ${plays} where ${plays.entryId} = ${entryId} and ${plays.playerId} = ${userId})`
    : sql`1`;
  return sql`(${mayVoteCondition(jam, userId)} and ${played} and not ${onTeamCondition(entryId, userId)})`;
}

/** Whether the entry is the caller's now, as a statement for the write's batch (after the write). */
export const onTeamNowQuery = (entryId: number, userId: number) =>
  db().all<{ yes: number }>(sql`select ${onTeamCondition(entryId, userId)} as yes`);

/**
 * The refusal for a guarded write that changed nothing, from the state its batch read after it:
 * the caller's own entry, "Who can vote", "Play before you vote"; null when none of them refused.
 */
export async function ruleRefusal(
  user: SessionUser,
  jam: Jam,
  entryId: number,
  state: MyVotesDto,
  onTeamNow: { yes: number }[],
  act: Act,
): Promise<AppError | null> {
  const onTeam = Boolean(Number(onTeamNow[0]?.yes ?? 0));
  if (!(await can(user, 'entry:vote', { jamId: jam.id, onTeam }))) return refused(OWN_ENTRY_REFUSALS[act]);
  if (!state.eligible && jam.whoJudges === 'judges') return refused('vote:judges-only');
  if (!state.eligible && jam.whoCanVote !== 'anyone') return refused(WHO_CAN_VOTE_REFUSALS[jam.whoCanVote]);
  if (jam.playBeforeVote && !state.playedEntryIds.includes(entryId))
    return refused(act === 'upvote' ? 'upvote:play-first' : 'rate:play-first');
  return null;
}

const overLimit = (upvoted: { entryId: number }[], entryId: number) =>
  upvoted.length >= VOTE_LIMIT && !upvoted.some((vote) => vote.entryId === entryId);
/** Why a vote that counts nothing was refused: a rule of the jam, else the limit (a synced replica confirms it with one read, ADR 054). */
const voteRefusal = async (user: SessionUser, jam: Jam, entryId: number, state: MyVotesDto, onTeamNow: { yes: number }[]) =>
  (await ruleRefusal(user, jam, entryId, state, onTeamNow, 'upvote')) ??
  Object.assign(conflict(`You have used all ${VOTE_LIMIT} of your votes in this jam.`), {
    stillStands: async () => overLimit(await votesOfVoter().all({ jamId: jam.id, voterId: user.id }), entryId),
  });

/**
 * Casts a vote. The limit, "Who can vote" and "Play before you vote" are checked by the INSERT …
 * SELECT itself, one statement that SQLite (and a libSQL server) run atomically, so concurrent
 * requests can never exceed the limit nor slip past a rule.
 */
export async function castVote(user: SessionUser, jam: Jam, entryId: number): Promise<MyVotesDto> {
  requireJudgedBy(jam, 'upvotes');
  requireOpenVoting(user, jam);
  // The person's votes are read beside the entry: in a deadline hour most votes come after the
  // third, and those are refused from this read, with no write at all. The insert stays the rule.
  const [entry, before] = await Promise.all([
    requireVotableEntry(user, jam, entryId, 'upvote'),
    readTogether({ creditedNow: onTeamNowQuery(entryId, user.id), ...myVotesQueries(user, jam) }),
  ]);
  const earlier = toMyVotes(jam, before.upvoted, ruleOf(before.rule[0]), before.played);
  if (overLimit(before.upvoted, entry.id)) throw await voteRefusal(user, jam, entry.id, earlier, before.creditedNow);
  const database = db();
  // The insert and the state it leaves are one batch: one round trip, the reads seeing the insert.
  const {
    result,
    creditedNow,
    upvoted,
    rule: [rule],
    played,
  } = await batchNamed(database, {
    result: database.run(sql`
    insert or ignore into ${votes} (entry_id, voter_id, jam_id)
    select ${entry.id}, ${user.id}, ${jam.id}
    where (select count(*) from ${votes} where jam_id = ${jam.id} and voter_id = ${user.id}) < ${VOTE_LIMIT}
      and ${voteRulesCondition(jam, entry.id, user.id)}`),
    creditedNow: onTeamNowQuery(entry.id, user.id),
    ...myVotesQueries(user, jam),
  });
  const state = toMyVotes(jam, upvoted, ruleOf(rule), played);
  if (result.rowsAffected === 0) {
    if (state.entryIds.includes(entry.id)) return state;
    throw await voteRefusal(user, jam, entry.id, state, creditedNow);
  }
  announceChange({ kind: 'votes', jamId: jam.id, resultsPublic: false }); // counts are private while voting is open
  return state;
}

export async function takeBackVote(user: SessionUser, jam: Jam, entryId: number): Promise<MyVotesDto> {
  requireJudgedBy(jam, 'upvotes');
  requireOpenVoting(user, jam);
  const entry = await requireEntry(jam, entryId);
  const database = db();
  // The delete and the state it leaves: one batch, one round trip.
  const {
    removed,
    upvoted,
    rule: [rule],
    played,
  } = await batchNamed(database, {
    removed: database
      .delete(votes)
      .where(and(eq(votes.entryId, entry.id), eq(votes.voterId, user.id)))
      .returning({ entryId: votes.entryId }),
    ...myVotesQueries(user, jam),
  });
  if (removed.length > 0) announceChange({ kind: 'votes', jamId: jam.id, resultsPublic: false }); // counts are private while voting is open
  return toMyVotes(jam, upvoted, ruleOf(rule), played);
}
