/**
 * Ratings by criteria (issue 42 §1, ADR 039): 1–5 stars per criterion of a ratings jam, under the
 * rules of upvotes (who may vote, play before you vote, the voting period, never your own or your
 * team's entry). A rating is one atomic statement: the rules are checked by the upsert itself.
 */
import { and, eq, sql } from 'drizzle-orm';
import { type Jam, jams, ratings } from '#db/schema';
import type { MyVotesDto, RatingInput } from '#lib/schemas/entries';
import { announceChange } from '#server/cache/changes';
import { db } from '#server/platform/db';
import { batchNamed } from '#server/platform/named';
import { badRequest } from '#server/platform/errors';
import { requireEntry } from '#server/entries/entries';
import type { SessionUser } from '#server/auth/session';
import {
  myVotesQueries,
  onTeamNowQuery,
  requireJudgedBy,
  requireOpenVoting,
  requireVotableEntry,
  ruleOf,
  ruleRefusal,
  toMyVotes,
  voteRulesCondition,
} from './votes';

export const unknownCriterionMessage = (id: string) => `This jam has no criterion ${id}.`;

/** The stars as (criterion id, stars) pairs, every criterion one of the jam's. */
function starsOfJam(jam: Jam, input: RatingInput): [number, number][] {
  return Object.entries(input.stars).map(([id, stars]) => {
    if (!jam.criteria.some((criterion) => String(criterion.id) === id)) throw badRequest(unknownCriterionMessage(id));
    return [Number(id), stars];
  });
}

/**
 * Sets the caller's stars for the criteria named (the others stay): PUT twice, the same state. One
 * upsert whose SELECT checks the rules and that the criteria and the judging are still the jam's, so
 * a concurrent edit or credit cannot slip past; it and the state it leaves travel in one batch.
 */
export async function rateEntry(user: SessionUser, jam: Jam, entryId: number, input: RatingInput): Promise<MyVotesDto> {
  requireJudgedBy(jam, 'ratings');
  requireOpenVoting(user, jam);
  const pairs = starsOfJam(jam, input);
  const entry = await requireVotableEntry(user, jam, entryId, 'rate');
  const database = db();
  const given = JSON.stringify(Object.fromEntries(pairs));
  const {
    result,
    creditedNow,
    rated,
    upvoted,
    rule: [rule],
    played,
  } = await batchNamed(database, {
    result: database.run(sql`
    insert into ${ratings} (entry_id, rater_id, criterion_id, jam_id, stars)
    select ${entry.id}, ${user.id}, cast(given.key as integer), ${jam.id}, given.value
    from json_each(${given}) given
    where ${voteRulesCondition(jam, entry.id, user.id)}
      and exists (select 1 from ${jams} rated_jam, json_each(rated_jam.criteria) kept
        where rated_jam.id = ${jam.id} and rated_jam.judging = 'ratings'
          and json_extract(kept.value, '$.id') = cast(given.key as integer))
    on conflict (entry_id, rater_id, criterion_id) do update
      set stars = excluded.stars, updated_at = cast(unixepoch('subsec') * 1000 as integer)`),
    creditedNow: onTeamNowQuery(entry.id, user.id),
    ...myVotesQueries(user, jam),
  });
  const state = toMyVotes(jam, upvoted, ruleOf(rule), played, rated);
  if (result.rowsAffected === 0) {
    throw (
      (await ruleRefusal(user, jam, entry.id, state, creditedNow, 'rate')) ??
      // The jam's criteria or judging changed between the read and the write.
      badRequest('The jam’s criteria have just changed: reload the page and rate again.')
    );
  }
  announceChange({ kind: 'votes', jamId: jam.id, resultsPublic: false }); // results are private while voting is open
  return state;
}

/** Takes back all the caller's stars for the entry (harmless when there are none). */
export async function withdrawRating(user: SessionUser, jam: Jam, entryId: number): Promise<MyVotesDto> {
  requireJudgedBy(jam, 'ratings');
  requireOpenVoting(user, jam);
  const entry = await requireEntry(jam, entryId);
  const database = db();
  const {
    removed,
    rated,
    upvoted,
    rule: [rule],
    played,
  } = await batchNamed(database, {
    removed: database
      .delete(ratings)
      .where(and(eq(ratings.entryId, entry.id), eq(ratings.raterId, user.id)))
      .returning({ entryId: ratings.entryId }),
    ...myVotesQueries(user, jam),
  });
  if (removed.length > 0) announceChange({ kind: 'votes', jamId: jam.id, resultsPublic: false });
  return toMyVotes(jam, upvoted, ruleOf(rule), played, rated);
}
