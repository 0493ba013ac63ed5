/** A jam's entries, one page at a time: the sorts, the random order, the search and the ranks. */
import { type SQL, type SQLWrapper, and, asc, desc, eq, sql } from 'drizzle-orm';
import { type Jam, entries, entryCredits, users } from '#db/schema';
import { resultsArePublic } from '#lib/results-public';
import { entriesAreHidden } from '#lib/entries-hidden';
import { ENTRIES_PER_PAGE, type EntryListDto, type EntrySort, MAX_ENTRY_SEED, effectiveEntrySort } from '#lib/schemas/entries';
import { containsText, db } from '#server/platform/db';
import { coCreatorsColumn, toCoCreators } from '#server/teams/co-creators';
import { toEntryDto } from './entry-dto';
import {
  criterionResultsOf,
  isRanked,
  parseCriterionResults,
  placeInWindow,
  rankedEntries,
  rankedFirstOrder,
  voteCount,
} from '#server/judging/ranking';

/** The prime of the random order's hash (2³¹ − 1): every product below stays inside SQLite's 64-bit integers. */
const HASH_PRIME = 2_147_483_647;

/**
 * A random order that is the same for one seed and another for another: the entry's id and the seed
 * mixed by two rounds of squaring modulo a prime, in SQL, so the database pages through it. Ties (rare)
 * go by id, so the order is total.
 */
export function randomOrder(seed: number): SQL {
  const x0 = sql`((${entries.id} % ${HASH_PRIME}) * 48271 + ${seed}) % ${HASH_PRIME}`;
  const x1 = sql`((${x0}) * (${x0}) + ${seed}) % ${HASH_PRIME}`;
  return sql`((${x1}) * (${x1}) + 12345) % ${HASH_PRIME}`;
}

/** Without a seed in the address, a random order is still a fixed one (the same page for everyone, so cacheable). */
export const defaultSeed = (jamId: number) => (jamId % MAX_ENTRY_SEED) + 1;

function orderOf(sort: EntrySort, seed: number): SQL[] {
  switch (sort) {
    case 'most-votes':
      return rankedFirstOrder(rankedEntries);
    case 'fewest-plays':
      return [asc(entries.playCount), asc(entries.submittedAt), asc(entries.id)];
    case 'newest':
      return [desc(entries.submittedAt), desc(entries.id)];
    case 'random':
      return [asc(randomOrder(seed)), asc(entries.id)];
    case 'submitted':
      return [asc(entries.submittedAt), asc(entries.id)];
  }
}

export interface EntryListOptions {
  page?: number;
  perPage?: number;
  /** Left out: the default (submission order while voting is open, the ranking once the results are public). */
  sort?: EntrySort;
  /** The seed of a random order (left out: a fixed one per jam). */
  seed?: number;
  /** Managers and admins of the jam see the play counts before the results (may still be being asked: the page is read meanwhile). */
  forManager?: boolean | Promise<boolean>;
  /** Managers and admins see the entries of a jam with hidden entries before submissions close (ADR 041); others see none. */
  readsHidden?: boolean | Promise<boolean>;
  /** Only entries whose title, author or an accepted co-creator's name contains this (any case). */
  q?: string | undefined;
}

const HIDDEN_LIST = { page: 1, total: 0, totalPages: 1 } as const;

/** Trigrams: the search index finds "contains" for texts of three characters or more. */
const INDEXED_SEARCH_MIN = 3;

/**
 * Whether the trigram index can look the text up: three characters or more, and nothing an FTS5
 * query string cannot hold (a control character such as NUL, half of a surrogate pair). Anything
 * else is still searched, with `LIKE`.
 */
const indexable = (text: string) => [...text].length >= INDEXED_SEARCH_MIN && text.isWellFormed() && !/\p{Cc}/u.test(text);

/**
 * Entries of jam `jamId` whose title, author or accepted (and not banned) co-creator's name contains
 * `text`, any case, `%` and `_` taken literally: the condition a page of matches is read with, and
 * how many matches there are. Titles and authors are looked up in the trigram index (migration
 * 0018) when the text is long enough, else read from the jam's entries; the co-creators are one
 * lookup for the whole jam (a correlated `exists` per entry cost 2.5× as much). The count starts
 * from the index and the co-creators, not from the jam's entries. `npm run bench:search` measures it.
 */
export function entrySearch(text: string, jamId: number): { where: SQL; count: SQL<number> } {
  const credited = sql`select ${entryCredits.entryId} from ${entryCredits}
    join ${users} on ${users.id} = ${entryCredits.userId}
    where ${entryCredits.jamId} = ${jamId} and ${entryCredits.status} = 'accepted' and ${users.isBanned} = 0
    and ${containsText(users.name, text)}`;
  if (!indexable(text)) {
    const where = sql`(${containsText(entries.title, text)} or ${containsText(entries.authorName, text)} or ${entries.id} in (${credited}))`;
    return { where, count: sql<number>`(select count(*) from ${entries} where ${entries.jamId} = ${jamId} and ${where})` };
  }
  const phrase = `"${text.replaceAll('"', '""')}"`;
  const indexed = sql`select rowid from entries_search where entries_search match ${phrase}`;
  return {
    where: sql`(${entries.id} in (${indexed}) or ${entries.id} in (${credited}))`,
    count: sql<number>`(select count(*) from (
      select ${entries.id} from ${entries} where ${entries.id} in (${indexed}) and ${entries.jamId} = ${jamId}
      union ${credited}))`,
  };
}

/**
 * One page of a jam's entries in the order asked for, paged by the database. While voting is open
 * vote counts stay private and the default is submission order; once the results are public, the
 * default is the ranking (most votes; disqualified entries last and unranked) and every sort shows
 * each entry's rank.
 */
export async function listEntries(jam: Jam, options: EntryListOptions = {}): Promise<EntryListDto> {
  const { page = 1, perPage = ENTRIES_PER_PAGE } = options;
  const database = db();
  const resultsPublic = resultsArePublic(jam);
  const sort = effectiveEntrySort(options.sort, resultsPublic);
  const seed = sort === 'random' ? (options.seed ?? defaultSeed(jam.id)) : null;
  const q = options.q?.trim() || null;
  // Vote counts are read only when they may be shown (the ranking needs them for its order).
  const votesColumn = resultsPublic ? voteCount : sql<number>`0`.mapWith(Number);
  const search = q ? entrySearch(q, jam.id) : null;
  const where = and(eq(entries.jamId, jam.id), search?.where);
  const order = orderOf(sort, seed ?? 0);
  // A ratings jam's results per criterion (ADR 039), once public, beside each entry of the page.
  const criteriaColumn = resultsPublic && jam.judging === 'ratings' ? criterionResultsOf(entries) : sql<string | null>`null`;
  const pageOf = (n: number) =>
    database
      .select({ entry: entries, votes: votesColumn, coCreators: coCreatorsColumn(entries.id), criteria: criteriaColumn })
      .from(entries)
      .where(where)
      .orderBy(...order)
      .limit(perPage)
      .offset((n - 1) * perPage);
  // In the ranking, a ranked entry's place is its rank (the disqualified come after them all); other
  // sorts and searches look theirs up, beside the page (the same page, found again by the database).
  // A ratings jam's list also has entries without enough ratings after its ranked ones: they have no place.
  const ranksNeeded = resultsPublic && (jam.judging === 'ratings' || !(sort === 'most-votes' && !q));
  const ranksOfPage = (n: number) =>
    ranksOf(
      jam.id,
      database
        .select({ id: entries.id })
        .from(entries)
        .where(where)
        .orderBy(...order)
        .limit(perPage)
        .offset((n - 1) * perPage),
    );
  let total = jam.entryCount;
  let current = Math.min(Math.max(1, page), Math.max(1, Math.ceil(total / perPage)));
  const hidden = entriesAreHidden(jam);
  const [firstRows, firstRanks, forManager, readsHidden] = await Promise.all([
    pageOf(current),
    ranksNeeded ? ranksOfPage(current) : null,
    options.forManager ?? false,
    hidden ? (options.readsHidden ?? false) : true,
  ]);
  // Read beside the permission, then left out: the list answers as if the jam had no entries yet.
  if (!readsHidden) return { ...HIDDEN_LIST, entries: [], perPage, resultsPublic, sort, seed, q };
  let [rows, ranks] = [firstRows, firstRanks];
  if (search) {
    // The scan stops once a page of matches is full. The matches are counted only when the page
    // cannot tell how many there are: a short page is the last one.
    if (rows.length < perPage && (rows.length > 0 || current === 1)) {
      total = (current - 1) * perPage + rows.length;
    } else {
      total = Number((await database.get<{ n: number }>(sql`select ${search.count} as n`))?.n ?? 0);
      if (rows.length === 0) {
        // Past the last page: show the last page instead.
        current = Math.max(1, Math.ceil(total / perPage));
        [rows, ranks] = await Promise.all([pageOf(current), ranksNeeded ? ranksOfPage(current) : null]);
      }
    }
  }
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  const firstRank = (current - 1) * perPage + 1;
  return {
    entries: rows.map((row, index) =>
      toEntryDto(
        { ...row.entry, votes: row.votes, coCreators: toCoCreators(row.coCreators) },
        { jam, resultsPublic, forManager, rank: ranks ? (ranks.get(row.entry.id) ?? null) : firstRank + index },
        parseCriterionResults(row.criteria),
      ),
    ),
    page: current,
    perPage,
    total,
    totalPages,
    resultsPublic,
    sort,
    seed,
    q,
  };
}

/** The ranks of some entries of an ended jam (`ids`: a query of their ids), among its ranked entries. */
async function ranksOf(jamId: number, ids: SQLWrapper): Promise<Map<number, number>> {
  const rows = await db().all<{ id: number; rank: number }>(sql`
    select id, rank from (
      select ${entries.id} as id, ${placeInWindow(rankedEntries)} as rank
      from ${entries}
      where ${entries.jamId} = ${jamId} and ${isRanked(rankedEntries)}
    ) where id in ${ids}`);
  return new Map(rows.map((row) => [Number(row.id), Number(row.rank)]));
}
