/**
 * Reading every entry's Scratch history again (issue 33 §1): a manager's "Check entries now", and
 * once after the end. The review list and the verdicts are ./review.ts.
 */
import { and, asc, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { type Entry, type Jam, entries, jams } from '#db/schema';
import { CHECK_BATCH_SIZE, type EntryCheckDto } from '#lib/schemas/review';
import { requireJamPermission } from '#server/auth/permissions';
import { refuseIfBanned } from '#server/auth/require';
import type { SessionUser } from '#server/auth/session';
import { announceChange } from '#server/cache/changes';
import { inBackground } from '#server/platform/background';
import { db } from '#server/platform/db';
import { ScratchUnavailableError, fetchScratchProjectWithParent } from '#server/platform/scratch';
import { historyFields } from './flags';

/** At most this many requests to Scratch at once (a project and, for a remix, its parent, one after the other). */
export const CHECK_CONCURRENCY = 3;
/** An entry read again less than this long ago is not read again by "Check entries now". */
export const CHECK_FRESH_MS = 60_000;

/** Who may check and review a jam's entries: its managers and administrators, not banned. */
export async function requireReviewer(actor: SessionUser, jam: Pick<Jam, 'id'>): Promise<void> {
  refuseIfBanned(actor);
  await requireJamPermission(actor, jam.id, 'jam:review-entries');
}

type Outcome = 'checked' | 'missing';

/** Reads one entry's project again and stores its history; a project Scratch no longer has is kept as it was. */
async function checkOne(entry: Entry, now: Date): Promise<Outcome> {
  const project = await fetchScratchProjectWithParent(entry.scratchId);
  const database = db();
  if (!project) {
    await database.update(entries).set({ historyCheckedAt: now }).where(eq(entries.id, entry.id));
    return 'missing';
  }
  await database.update(entries).set(historyFields(project, now)).where(eq(entries.id, entry.id));
  return 'checked';
}

/**
 * Checks `batch` with at most CHECK_CONCURRENCY requests to Scratch at once. An unreachable Scratch
 * stops the batch (what was read stays stored) and is thrown once the running checks finished.
 */
async function checkBatch(batch: Entry[], now: Date): Promise<{ checked: number; missing: Entry[] }> {
  const queue = [...batch];
  const missing: Entry[] = [];
  let checked = 0;
  let failure: unknown = null;
  const worker = async () => {
    for (let entry = queue.shift(); entry && failure === null; entry = queue.shift()) {
      try {
        if ((await checkOne(entry, now)) === 'missing') missing.push(entry);
        checked += 1;
      } catch (error) {
        failure ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: CHECK_CONCURRENCY }, worker));
  if (failure !== null) throw failure;
  return { checked, missing };
}

/** The next entries to read again: never read first, then those read longest ago, all read before `before`. */
async function dueEntries(jamId: number, before: Date, limit: number): Promise<{ batch: Entry[]; due: number }> {
  const database = db();
  const due = and(eq(entries.jamId, jamId), or(isNull(entries.historyCheckedAt), lt(entries.historyCheckedAt, before)));
  // Side by side: one round trip for both.
  const [batch, [counted]] = await Promise.all([
    database
      .select()
      .from(entries)
      .where(due)
      .orderBy(sql`${entries.historyCheckedAt} is not null`, asc(entries.historyCheckedAt), asc(entries.id))
      .limit(limit),
    database.select({ n: count() }).from(entries).where(due),
  ]);
  return { batch, due: counted?.n ?? 0 };
}

/** "Check entries now": one batch of the entries read longest ago; call again while some are left. */
export async function checkEntriesNow(actor: SessionUser, jam: Jam): Promise<EntryCheckDto> {
  // The permission and the due entries, read side by side; a refusal still comes first.
  const allowed = requireReviewer(actor, jam);
  const now = new Date();
  const dueRead = dueEntries(jam.id, new Date(now.getTime() - CHECK_FRESH_MS), CHECK_BATCH_SIZE);
  dueRead.catch(() => undefined);
  await allowed;
  const { batch, due } = await dueRead;
  if (batch.length === 0) return { checked: 0, left: 0, missing: [] };
  try {
    const { checked, missing } = await checkBatch(batch, now);
    return {
      checked,
      left: Math.max(0, due - checked),
      missing: missing.map(({ id, title, scratchId }) => ({ id, title, scratchId })),
    };
  } finally {
    announceChange({ kind: 'entries', jamId: jam.id });
  }
}

/** The whole check after the end: batch after batch until every entry was read since the claim. */
export async function checkAllEntries(jam: Pick<Jam, 'id'>, claimedAt: Date): Promise<number> {
  let total = 0;
  try {
    for (;;) {
      const { batch } = await dueEntries(jam.id, claimedAt, CHECK_BATCH_SIZE);
      if (batch.length === 0) return total;
      total += (await checkBatch(batch, new Date())).checked;
    }
  } finally {
    if (total > 0) announceChange({ kind: 'entries', jamId: jam.id });
  }
}

/** Whether the check after the end is still to be claimed (no database read). */
export const checkAfterEndIsDue = (jam: Pick<Jam, 'endsAt' | 'entriesCheckedAt'>, now = new Date()) =>
  jam.endsAt.getTime() <= now.getTime() && (!jam.entriesCheckedAt || jam.entriesCheckedAt < jam.endsAt);

/** Claims the check after the end (one UPDATE, so only one caller ever wins) and runs it; true when this call did. */
export async function claimAndCheckAfterEnd(jam: Pick<Jam, 'id'>, now = new Date()): Promise<boolean> {
  const claimed = await db()
    .update(jams)
    .set({ entriesCheckedAt: now })
    .where(
      and(
        eq(jams.id, jam.id),
        sql`${jams.endsAt} <= ${now.getTime()}`,
        sql`(${jams.entriesCheckedAt} is null or ${jams.entriesCheckedAt} < ${jams.endsAt})`,
      ),
    )
    .returning({ id: jams.id });
  if (claimed.length === 0) return false;
  try {
    await checkAllEntries(jam, now);
  } catch (error) {
    if (!(error instanceof ScratchUnavailableError)) throw error;
    console.warn(`Checking the entries of jam ${jam.id} after its end stopped: ${error.reason}`);
  }
  return true;
}

/**
 * The first request that reads a jam after its submission end (the jam's page and API, its entry
 * pages) starts the check of every entry without waiting for it. An unreachable Scratch ends the
 * run (logged); managers can then "Check entries now".
 */
export function checkEntriesAfterEnd(jam: Jam, locals: object | undefined, now = new Date()): void {
  if (!checkAfterEndIsDue(jam, now)) return;
  inBackground(locals, `Checking the entries of jam ${jam.id} after its end`, () => claimAndCheckAfterEnd(jam, now));
}
