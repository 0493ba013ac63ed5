import { eq, sql } from 'drizzle-orm';
import { type Jam, votes } from '#db/schema';
import { resultsArePublic } from '#lib/results-public';
import { db } from '#server/platform/db';

/** How many entries and votes a jam has: the vote count once the results are public (null before, as each
 * entry's: spec, "results"), the entry count from the start, mystery mode or not (it hides the body only). */
export async function jamStats(
  jam: Jam,
  now = Date.now(),
): Promise<{ entryCount: number; voteCount: number | null; resultsPublic: boolean }> {
  const resultsPublic = resultsArePublic(jam, now);
  const [row] = await db()
    .select({ n: sql<number>`count(*)` })
    .from(votes)
    .where(eq(votes.jamId, jam.id));
  return { entryCount: jam.entryCount, voteCount: resultsPublic ? (row?.n ?? 0) : null, resultsPublic };
}
