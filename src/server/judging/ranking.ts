/**
 * The ranking of a jam's entries, in one place (ADR 024): most votes first, ties by the earliest
 * submission, then the lowest id; a disqualified entry is never ranked. A ratings jam (ADR 039) ranks
 * each criterion the same way by its average stars, only entries with at least the jam's `minRatings`
 * ratings of it; the jam's own order is its first criterion's. The managers' winner is never
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
import { type EntryReview, entries, jamJudges, jams, ratings, votes } from '#db/schema';

/** A field of the entry's jam, read by its key (the jam under a name of its own, whatever the outer query names). */
const jamField = (jamId: SQLWrapper, field: 'judging' | 'min_ratings' | 'criteria' | 'who_judges') =>
  sql`(select ${sql.identifier('ranking_jam')}.${sql.identifier(field)} from ${jams} ${sql.identifier('ranking_jam')}
    where ${sql.identifier('ranking_jam')}.id = ${jamId})`;

/**
 * Whose votes and ratings a ranking counts (ADR 040): `jam` is the jam's own ranking — everyone's in a
 * `community` or `judges` jam (in a judges-only jam only judges can vote), everyone's but the judges'
 * in a `both` jam; `judges` is the "Judges' choice" ranking, the accepted judges' only.
 */
export type Panel = 'jam' | 'judges';

/** Whether the person is an accepted judge of the jam, as an SQL condition. */
export const isJudgeCondition = (jamId: SQLWrapper | number, userId: SQLWrapper | number): SQL =>
  sql`exists (select 1 from ${jamJudges} ranking_judge where ranking_judge.jam_id = ${jamId}
    and ranking_judge.user_id = ${userId} and ranking_judge.status = 'accepted')`;

/** Whether a vote or rating (its jam and its voter) counts in the panel's ranking. */
const countsIn = (panel: Panel, jamId: SQLWrapper, voterId: SQLWrapper): SQL =>
  panel === 'judges'
    ? isJudgeCondition(jamId, voterId)
    : sql`(${jamField(jamId, 'who_judges')} <> 'both' or not ${isJudgeCondition(jamId, voterId)})`;

/** An entry's votes in the panel's ranking, counted through the votes key. */
export const votesOf = (entryId: SQLWrapper, panel: Panel = 'jam') =>
  sql<number>`(select count(*) from ${votes} where ${votes.entryId} = ${entryId}
    and ${countsIn(panel, votes.jamId, votes.voterId)})`.mapWith(Number);

/** An entry's votes, as a column of a query over `entries`. */
export const voteCount = votesOf(entries.id);

/** The stars of one criterion of an entry: the average and how many rated it (through the ratings key). */
const starsOf = (entryId: SQLWrapper, criterionId: SQLWrapper, panel: Panel) =>
  sql`from ${ratings} where ${ratings.entryId} = ${entryId} and ${ratings.criterionId} = ${criterionId}
    and ${countsIn(panel, ratings.jamId, ratings.raterId)}`;
export const averageStarsOf = (entryId: SQLWrapper, criterionId: SQLWrapper, panel: Panel = 'jam') =>
  sql<number | null>`(select avg(${ratings.stars}) ${starsOf(entryId, criterionId, panel)})`;
export const ratingCountOf = (entryId: SQLWrapper, criterionId: SQLWrapper, panel: Panel = 'jam') =>
  sql<number>`(select count(*) ${starsOf(entryId, criterionId, panel)})`;

/** The average stars of a criterion, null below the jam's minimum number of ratings (not ranked on it). */
const criterionScore = (entryId: SQLWrapper, jamId: SQLWrapper, criterionId: SQLWrapper, panel: Panel) =>
  sql`(select case when count(*) >= max(${jamField(jamId, 'min_ratings')}, 1) then avg(${ratings.stars}) end
    ${starsOf(entryId, criterionId, panel)})`;

/** The first criterion of the entry's jam: a ratings jam's own order. */
const firstCriterion = (jamId: SQLWrapper) => sql`json_extract(${jamField(jamId, 'criteria')}, '$[0].id')`;

/**
 * What the entry is ranked by: its votes in an upvotes jam; in a ratings jam its average stars on
 * `criterion` (the jam's first one when left out), null when not enough people rated it.
 */
const scoreOf = (entryId: SQLWrapper, jamId: SQLWrapper, criterion: SQLWrapper | undefined, panel: Panel): SQL =>
  criterion
    ? criterionScore(entryId, jamId, criterion, panel)
    : sql`(case when ${jamField(jamId, 'judging')} = 'ratings'
        then ${criterionScore(entryId, jamId, firstCriterion(jamId), panel)} else ${votesOf(entryId, panel)} end)`;

/** The columns of an entry the ranking reads, as one query refers to them. */
export interface RankedEntry {
  id: SQLWrapper;
  jamId: SQLWrapper;
  submittedAt: SQLWrapper;
  review: SQLWrapper;
  isWinner: SQLWrapper;
  /** What it is ranked by (`scoreOf`): null when it has too few ratings to be ranked. */
  score: SQLWrapper;
  /** The criterion the ranking is of; left out, the jam's own order. */
  criterion?: SQLWrapper;
  /** Whose votes it counts (ADR 040); left out, the jam's own ranking. */
  panel?: Panel;
}

/** The entry's own columns: those of `entries` or of an alias of it. */
export type EntryColumns = Omit<RankedEntry, 'score' | 'criterion' | 'panel'>;

/**
 * An entry as the ranking reads it, from its own columns: those of `entries`, of an alias, or of an
 * outer row; ranked in its jam's own order, or on one criterion of a ratings jam.
 */
export function rankedEntry(table: EntryColumns, criterion?: SQLWrapper, panel: Panel = 'jam'): RankedEntry {
  const { id, jamId, submittedAt, review, isWinner } = table;
  return { id, jamId, submittedAt, review, isWinner, score: scoreOf(id, jamId, criterion, panel), criterion, panel };
}

/** The entries of a query over `entries`, ranked by the judges' votes or ratings ("Judges' choice"). */
export const judgesRankedEntries = rankedEntry(entries, undefined, 'judges');

/** The entries of a query over `entries`. */
export const rankedEntries = rankedEntry(entries);

/** A key of the order: a value of the entry, and whether more of it ranks higher. */
type RankingKey = { value: (entry: RankedEntry) => SQLWrapper; higherFirst: boolean };

/** The order itself: every form below (ORDER BY, window, "ranked ahead") is made from this one list. */
const RANKING_KEYS: RankingKey[] = [
  { value: (entry) => entry.score, higherFirst: true },
  { value: (entry) => entry.submittedAt, higherFirst: false },
  { value: (entry) => entry.id, higherFirst: false },
];

/** Whether the entry is ranked, as an SQL condition: not disqualified, and in a ratings jam rated enough. */
export const isRanked = (entry: RankedEntry): SQL => sql`(${entry.review} <> 'disqualified' and ${entry.score} is not null)`;

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
  const other = rankedEntry(ahead.table, entry.criterion, entry.panel);
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

/**
 * Whether an entry may be the community's choice, as an SQL condition: ranked, not the winner, with a
 * vote (in a ratings jam: ranked at all, so rated enough).
 */
export const isCommunityChoiceCandidate = (entry: RankedEntry): SQL =>
  sql`(${entry.isWinner} = 0 and ${isRanked(entry)} and ${entry.score} > 0)`;

/** What it is ranked by, as a column of a query over `entries` (the jam's own order). */
export const scoreColumn = rankedEntries.score;

/**
 * Whether a ranked entry, read with `notWinnersAhead`, is the community's choice: nothing ahead of it
 * but the winner (anything else ahead has at least its score, so would be the choice).
 */
export const isCommunityChoiceInWindow = (row: { isWinner: boolean; score: number | null; notWinnersAhead: number }): boolean =>
  !row.isWinner && Number(row.score ?? 0) > 0 && Number(row.notWinnersAhead) === 0;

const choice = entriesAs('community_choice');

/** The id of jam `jamId`'s community choice (null when there is none), as a subquery. */
export function communityChoiceOf(jamId: SQLWrapper): SQL<number | null> {
  const candidate = rankedEntry(choice.table);
  return sql<number | null>`(select ${candidate.id} from ${choice.from}
    where ${candidate.jamId} = ${jamId} and ${isCommunityChoiceCandidate(candidate)}
    order by ${sql.join(rankingOrder(candidate), sql`, `)} limit 1)`;
}

/**
 * A ratings jam's results for one entry, per criterion in the jam's order (ADR 039), as one JSON
 * subquery beside the entry: average, how many rated it, and its place on that criterion (null: not
 * enough ratings, or disqualified). Ties are broken as everywhere (RANKING_KEYS).
 */
export function criterionResultsOf(entry: EntryColumns, panel: Panel = 'jam'): SQL<string | null> {
  const criterion = sql`json_extract(${sql.identifier('criterion')}.value, '$.id')`;
  const here = rankedEntry(entry, criterion, panel);
  return sql<string | null>`(select json_group_array(json_object(
      'criterionId', ${criterion},
      'name', json_extract(${sql.identifier('criterion')}.value, '$.name'),
      'average', ${averageStarsOf(entry.id, criterion, panel)},
      'ratings', ${ratingCountOf(entry.id, criterion, panel)},
      'place', ${placeOf(here)}))
    from json_each(${jamField(entry.jamId, 'criteria')}) ${sql.identifier('criterion')})`;
}

/** What `criterionResultsOf` gives, parsed; null when the entry's jam has no criteria results to show. */
export function parseCriterionResults(json: string | null | undefined) {
  if (!json) return null;
  const rows = JSON.parse(json) as {
    criterionId: number;
    name: string;
    average: number | null;
    ratings: number;
    place: number | null;
  }[];
  return rows.map((row) => ({
    criterionId: Number(row.criterionId),
    name: String(row.name),
    average: row.average === null ? null : Math.round(Number(row.average) * 100) / 100,
    ratings: Number(row.ratings),
    place: row.place === null ? null : Number(row.place),
  }));
}
