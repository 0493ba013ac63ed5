/** One entry's page: the entry, its rank once the results are public, and its neighbours. */
import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import { type Jam, entries } from '#db/schema';
import { resultsArePublic } from '#lib/jam-timing';
import type { EntryDetailDto } from '#lib/schemas/entries';
import { db } from '#server/platform/db';
import { coCreatorsOf } from './co-creators';
import { toEntryDetailDto, voteCount } from './entry-dto';

export interface EntryPage {
  entry: EntryDetailDto;
  resultsPublic: boolean;
  /** The neighbours in submission order (the order the jam page lists entries while it runs). */
  previous: { id: number; title: string } | null;
  next: { id: number; title: string } | null;
}

/**
 * One entry with what its page shows. Votes and rank only once the results are public, as on
 * the jam page; null when the entry is not part of this jam.
 */
export async function readEntryPage(jam: Jam, entryId: number): Promise<EntryPage | null> {
  const database = db();
  const [row] = await database
    .select({ entry: entries, votes: voteCount })
    .from(entries)
    .where(and(eq(entries.id, entryId), eq(entries.jamId, jam.id)));
  if (!row) return null;
  const resultsPublic = resultsArePublic(jam);
  let rank: number | null = null;
  if (resultsPublic && row.entry.review !== 'disqualified') {
    // Ranked like the jam page's list: most votes first, ties by earliest submission, then id; disqualified entries do not count.
    const { submittedAt, id } = row.entry;
    const [ahead] = await database
      .select({ n: count() })
      .from(entries)
      .where(
        and(
          eq(entries.jamId, jam.id),
          ne(entries.review, 'disqualified'),
          sql`(${voteCount} > ${row.votes} or (${voteCount} = ${row.votes} and (${entries.submittedAt} < ${submittedAt.getTime()} or (${entries.submittedAt} = ${submittedAt.getTime()} and ${entries.id} < ${id}))))`,
        ),
      );
    rank = (ahead?.n ?? 0) + 1;
  }
  const neighbour = async (direction: 'previous' | 'next') => {
    const { submittedAt, id } = row.entry;
    const at = submittedAt.getTime();
    const [found] = await database
      .select({ id: entries.id, title: entries.title })
      .from(entries)
      .where(
        and(
          eq(entries.jamId, jam.id),
          direction === 'previous'
            ? sql`(${entries.submittedAt} < ${at} or (${entries.submittedAt} = ${at} and ${entries.id} < ${id}))`
            : sql`(${entries.submittedAt} > ${at} or (${entries.submittedAt} = ${at} and ${entries.id} > ${id}))`,
        ),
      )
      .orderBy(
        ...(direction === 'previous'
          ? [desc(entries.submittedAt), desc(entries.id)]
          : [asc(entries.submittedAt), asc(entries.id)]),
      )
      .limit(1);
    return found ?? null;
  };
  return {
    entry: toEntryDetailDto(
      { ...row.entry, votes: row.votes, coCreators: (await coCreatorsOf([row.entry.id])).get(row.entry.id) },
      { jam, resultsPublic, rank },
    ),
    resultsPublic,
    previous: await neighbour('previous'),
    next: await neighbour('next'),
  };
}
