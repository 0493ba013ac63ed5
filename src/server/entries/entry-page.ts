/**
 * One entry's page: the entry, its rank once the results are public, and its neighbours, read in one
 * statement; the page's other reads (winners, kudos) travel beside it in the same round trip (ADR 034).
 */
import { type SQL, and, eq, sql } from 'drizzle-orm';
import { type Jam, entries } from '#db/schema';
import { resultsArePublic } from '#lib/results-public';
import type { EntryDetailDto } from '#lib/schemas/entries';
import { db, outerColumn } from '#server/platform/db';
import { coCreatorsColumn, toCoCreators } from '#server/teams/co-creators';
import { toEntryDetailDto } from './entry-dto';
import { criterionResultsOf, parseCriterionResults, placeOf, rankedEntry, voteCount } from '#server/judging/ranking';

type Neighbour = { id: number; title: string } | null;

/** The entry the page shows, as its subqueries refer to it. */
const hereColumns = {
  id: outerColumn(entries.id),
  jamId: outerColumn(entries.jamId),
  submittedAt: outerColumn(entries.submittedAt),
  review: outerColumn(entries.review),
  isWinner: outerColumn(entries.isWinner),
};
const here = rankedEntry(hereColumns);
/** A ratings jam's results per criterion (ADR 039), beside the rest in the same statement. */
const criteriaResults = criterionResultsOf(hereColumns);

export interface EntryPage {
  entry: EntryDetailDto;
  resultsPublic: boolean;
  /** The neighbours in submission order (the order the jam page lists entries while it runs). */
  previous: Neighbour;
  next: Neighbour;
}

/** The entry just before or after this one in submission order (ties by id), as a JSON object or null: one index step. */
function neighbour(direction: 'previous' | 'next'): SQL<string | null> {
  const [before, order] = direction === 'previous' ? [sql.raw('<'), sql.raw('desc')] : [sql.raw('>'), sql.raw('asc')];
  return sql<string | null>`(select json_object('id', n.id, 'title', n.title) from ${entries} n
    where n.jam_id = ${here.jamId}
      and (n.submitted_at ${before} ${here.submittedAt} or (n.submitted_at = ${here.submittedAt} and n.id ${before} ${here.id}))
    order by n.submitted_at ${order}, n.id ${order} limit 1)`;
}

/** The entry's place, ranked like the jam page's list. */
const rank = placeOf(here);

const parseNeighbour = (json: string | null): Neighbour => {
  if (!json) return null;
  const { id, title } = JSON.parse(json) as { id: number; title: string };
  return { id: Number(id), title };
};

/**
 * One entry with what its page shows, in one statement. Votes and rank only once the results are
 * public, as on the jam page; null when the entry is not part of this jam.
 */
export async function readEntryPage(jam: Jam, entryId: number): Promise<EntryPage | null> {
  const resultsPublic = resultsArePublic(jam);
  const [row] = await db()
    .select({
      entry: entries,
      votes: voteCount,
      rank: resultsPublic ? rank : sql<null>`null`,
      criteria: resultsPublic && jam.judging === 'ratings' ? criteriaResults : sql<null>`null`,
      coCreators: coCreatorsColumn(entries.id),
      previous: neighbour('previous'),
      next: neighbour('next'),
    })
    .from(entries)
    .where(and(eq(entries.id, entryId), eq(entries.jamId, jam.id)));
  if (!row) return null;
  return {
    entry: toEntryDetailDto(
      { ...row.entry, votes: row.votes, coCreators: toCoCreators(row.coCreators) },
      { jam, resultsPublic, rank: row.rank === null ? null : Number(row.rank) },
      parseCriterionResults(row.criteria),
    ),
    resultsPublic,
    previous: parseNeighbour(row.previous),
    next: parseNeighbour(row.next),
  };
}
