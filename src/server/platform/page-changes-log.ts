/**
 * Page changes passed between app servers on embedded replicas (ADR 056), through the database they
 * share: each server writes the changes it announces (`page_changes`), and after a sync that brought
 * frames reads the ones it brought. A vote while a jam runs or a play changes no public page, so it
 * makes no page due on any server; before, every sync that brought frames made every page due (ADR
 * 045), and in a deadline rush three servers re-rendered every page every second. A server's own
 * changes are read back too: its pages were made due when it announced them, but a re-render then
 * may have read its replica before the sync that brought the write.
 *
 * A change whose row is lost (its server died before writing it) is made up for by the page cache's
 * TTL (`ITINERARY_PAGE_CACHE_TTL`), as between servers without replicas.
 */
import { asc, gt, lt, max } from 'drizzle-orm';
import { pageChanges } from '#db/schema';
import type { Change } from '#server/platform/changes';
import { type Database, db } from '#server/platform/db';

/** How long a change is kept: a server a sync behind reads it within seconds. */
export const PAGE_CHANGES_KEPT_MS = 60 * 60 * 1000;
/** Changes read after one sync at most; past it every page is due (as for a change that shows anywhere). */
export const MOST_CHANGES_A_SYNC = 500;

export interface PageChangesLog {
  /** Writes a change announced here, for the other servers (a failure is logged: the TTL makes up for it). */
  share(change: Change): Promise<void>;
  /** The changes written since the last call (the first call: since the log was opened), this server's too. */
  readNew(): Promise<Change[]>;
}

/** The log of one server: it writes to `primary` and reads from `replica`, on from the newest change it holds now. */
export async function openPageChangesLog(primary: Database, replica: Database): Promise<PageChangesLog> {
  let after = (await replica.select({ id: max(pageChanges.id) }).from(pageChanges))[0]?.id ?? 0;
  let reading: Promise<Change[]> = Promise.resolve([]);
  const read = async (): Promise<Change[]> => {
    const rows = await replica
      .select()
      .from(pageChanges)
      .where(gt(pageChanges.id, after))
      .orderBy(asc(pageChanges.id))
      .limit(MOST_CHANGES_A_SYNC + 1);
    if (rows.length === 0) return [];
    after = rows.at(-1)!.id;
    if (rows.length > MOST_CHANGES_A_SYNC) {
      after = (await replica.select({ id: max(pageChanges.id) }).from(pageChanges))[0]?.id ?? after;
      return [{ kind: 'elsewhere' }];
    }
    return rows.map((row) => row.change as Change);
  };
  return {
    async share(change) {
      try {
        await primary.insert(pageChanges).values({ change });
      } catch (error) {
        console.error(`Could not pass a page change to the other servers: ${String(error)}`);
      }
    },
    // One read at a time: a sync during a read is read after it, from where it stopped.
    readNew() {
      reading = reading.then(read, read);
      return reading;
    },
  };
}

/** The hourly sweep: changes every server has long read. */
export async function prunePageChanges(now = Date.now()): Promise<void> {
  await db()
    .delete(pageChanges)
    .where(lt(pageChanges.createdAt, new Date(now - PAGE_CHANGES_KEPT_MS)));
}
