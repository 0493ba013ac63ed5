/**
 * The ranking of a jam's entries, in one place (ADR 024): most votes first, ties by the earliest
 * submission, then the lowest id; a disqualified entry is never ranked. The managers' winner is never
 * a disqualified entry either. The community's choice is the first entry of the ranking that is not
 * the managers' winner and has at least one vote.
 *
 * Every rule takes the entry as the query at hand names it (`RankedEntry`: the table, an alias of it,
 * the outer row of a subquery), so one jam's list and a profile spanning many jams ask the same rules,
 * each inside the query that already runs. The entry carries its `jamId`, so a jam's own judging
 * (criteria ratings) can change the order here without its callers changing.
 */
import { type SQL, type SQLWrapper, asc, desc, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { type EntryReview, entries, votes } from '#db/schema';

/** An entry's votes, counted through the votes key. */
export const votesOf = (entryId: SQLWrapper) =>
  sql<number>`(select count(*) from ${votes} where ${votes.entryId} = ${entryId})`.mapWith(Number);

/** An entry's votes, as a column of a query over `entries`. */
export const voteCount = votesOf(entries.id);

/** The columns of an entry the ranking reads, as one query refers to them. */
export interface RankedEntry {
  id: SQLWrapper;
  jamId: SQLWrapper;
  submittedAt: SQLWrapper;
  review: SQLWrapper;
  isWinner: SQLWrapper;
  votes: SQLWrapper;
}

/** The entry's own columns: those of `entries` or of an alias of it. */
type EntryColumns = Omit<RankedEntry, 'votes'>;

/** An entry as the ranking reads it, from its own columns: those of `entries`, of an alias, or of an outer row. */
export function rankedEntry(table: EntryColumns): RankedEntry {
  const { id, jamId, submittedAt, review, isWinner } = table;
  return { id, jamId, submittedAt, review, isWinner, votes: votesOf(id) };
}

/** The entries of a query over `entries`. */
export const rankedEntries = rankedEntry(entries);

/** A key of the order: a value of the entry, and whether more of it ranks higher. */
type RankingKey = { value: (entry: RankedEntry) => SQLWrapper; higherFirst: boolean };

/** The order itself: every form below (ORDER BY, window, "ranked ahead") is made from this one list. */
const RANKING_KEYS: RankingKey[] = [
  { value: (entry) => entry.votes, higherFirst: true },
  { value: (entry) => entry.submittedAt, higherFirst: false },
  { value: (entry) => entry.id, higherFirst: false },
];

/** Whether the entry is ranked, as an SQL condition. */
export const isRanked = (entry: RankedEntry): SQL => sql`${entry.review} <> 'disqualified'`;

/** Whether an entry already read is ranked (the rule of `isRanked`). */
export const isRankedReview = (review: EntryReview): boolean => review !== 'disqualified';

/** Whether the entry is the managers' winner, as an SQL condition. */
export const isManagersWinner = (entry: RankedEntry): SQL => sql`(${entry.isWinner} = 1 and ${isRanked(entry)})`;

/** The ranking as ORDER BY (or window) terms, best first, for rows that are all ranked (`isRanked`). */
export const rankingOrder = (entry: RankedEntry): SQL[] =>
  RANKING_KEYS.map(({ value, higherFirst }) => (higherFirst ? desc(value(entry)) : asc(value(entry))));

/** A whole jam's list: the ranked entries in their order, then the disqualified ones in the same order. */
export const rankedFirstOrder = (entry: RankedEntry): SQL[] => [asc(sql`(not ${isRanked(entry)})`), ...rankingOrder(entry)];

/** Whether `other` comes before `entry` in the ranking, as an SQL condition (the keys compared in turn). */
export function isRankedAhead(other: RankedEntry, entry: RankedEntry): SQL {
  return RANKING_KEYS.reduceRight<SQL | null>((rest, { value, higherFirst }) => {
    const better = sql`${value(other)} ${sql.raw(higherFirst ? '>' : '<')} ${value(entry)}`;
    return rest ? sql`(${better} or (${value(other)} = ${value(entry)} and ${rest}))` : better;
  }, null)!;
}

/** `entries` under another name, and the FROM item that names it so (an alias alone renders as its bare name). */
function entriesAs(name: string) {
  return { table: alias(entries, name), from: sql`${entries} ${sql.identifier(name)}` };
}

const ahead = entriesAs('ranked_ahead');

/** One entry's place in its jam, as a subquery beside it: 1 + the ranked entries ahead of it; null when not ranked. */
export function placeOf(entry: RankedEntry): SQL<number | null> {
  const other = rankedEntry(ahead.table);
  return sql<number | null>`case when ${isRanked(entry)} then 1 + (
    select count(*) from ${ahead.from}
    where ${other.jamId} = ${entry.jamId} and ${isRanked(other)} and ${isRankedAhead(other, entry)}) end`;
}

/** The window of each jam's ranking, for rows that are all ranked (`isRanked`). */
export const rankingWindow = (entry: RankedEntry): SQL =>
  sql`partition by ${entry.jamId} order by ${sql.join(rankingOrder(entry), sql`, `)}`;

/** An entry's place, as a window column over ranked rows. */
export const placeInWindow = (entry: RankedEntry): SQL<number> => sql<number>`row_number() over (${rankingWindow(entry)})`;

/** How many entries ahead in the ranking are not the managers' winner, as a window column over ranked rows. */
export const notWinnersAhead = (entry: RankedEntry): SQL<number> =>
  sql<number>`coalesce(sum(${entry.isWinner} = 0) over (${rankingWindow(entry)} rows between unbounded preceding and 1 preceding), 0)`;

/** Whether an entry may be the community's choice, as an SQL condition: ranked, not the winner, with a vote. */
export const isCommunityChoiceCandidate = (entry: RankedEntry): SQL =>
  sql`(${entry.isWinner} = 0 and ${isRanked(entry)} and ${entry.votes} > 0)`;

/**
 * Whether a ranked entry, read with `notWinnersAhead`, is the community's choice: nothing ahead of it
 * but the winner (anything else ahead has at least its votes, so would be the choice).
 */
export const isCommunityChoiceInWindow = (row: { isWinner: boolean; votes: number; notWinnersAhead: number }): boolean =>
  !row.isWinner && Number(row.votes) > 0 && Number(row.notWinnersAhead) === 0;

const choice = entriesAs('community_choice');

/** The id of jam `jamId`'s community choice (null when there is none), as a subquery. */
export function communityChoiceOf(jamId: SQLWrapper): SQL<number | null> {
  const candidate = rankedEntry(choice.table);
  return sql<number | null>`(select ${candidate.id} from ${choice.from}
    where ${candidate.jamId} = ${jamId} and ${isCommunityChoiceCandidate(candidate)}
    order by ${sql.join(rankingOrder(candidate), sql`, `)} limit 1)`;
}
