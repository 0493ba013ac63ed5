/**
 * Fair judging (issue 33 §1): reading every entry's Scratch history again (a manager's "Check entries
 * now", and once after the end), the managers' review list, and their verdicts on flagged entries.
 */
import { type SQL, and, asc, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { type Entry, type EntryReview, type Jam, entries, jams, users } from '#db/schema';
import { resultsArePublic } from '#lib/jam-timing';
import {
  CHECK_BATCH_SIZE,
  type EntryCheckDto,
  type ReviewEntryDto,
  type ReviewListDto,
  type ReviewListQuery,
} from '#lib/schemas/review';
import { auditStatement } from '#server/activity/audit';
import { requireJamPermission } from '#server/auth/permissions';
import { bannedError } from '#server/auth/require';
import type { SessionUser } from '#server/auth/session';
import { announceChange } from '#server/cache/changes';
import { notifyStatement } from '#server/inbox/notify';
import { AppError } from '#server/http/errors';
import { type RateLimit, createRateLimiter } from '#server/http/rate-limit';
import { inBackground } from '#server/platform/background';
import { db } from '#server/platform/db';
import { ScratchUnavailableError, fetchScratchProjectWithParent } from '#server/platform/scratch';
import { requireEntry } from './entries';
import { toEntryDto, voteCount } from './entry-dto';
import { historyFields } from './flags';

/** At most this many requests to Scratch at once (a project and, for a remix, its parent, one after the other). */
export const CHECK_CONCURRENCY = 3;
/** An entry read again less than this long ago is not read again by "Check entries now". */
export const CHECK_FRESH_MS = 60_000;
/** Per manager: each call reads up to CHECK_BATCH_SIZE projects, so a jam of a few hundred entries fits in a minute. */
export const CHECK_RATE_LIMIT: RateLimit = { capacity: 15, perMs: 60_000 };
export const checkLimiter = createRateLimiter('entry-checks', CHECK_RATE_LIMIT);

/** What raises a flag (src/server/jams/flags.ts), as SQL over an entry and its jam. */
const flaggedCondition = (jam: Pick<Jam, 'startsAt' | 'endsAt'>): SQL =>
  sql`(${entries.projectCreatedAt} < ${jam.startsAt.getTime()} or ${entries.projectModifiedAt} > ${jam.endsAt.getTime()} or ${entries.remixParentId} is not null)`;

type ReviewRow = Entry & { votes: number; reviewerName: string | null };

function toReviewEntryDto(row: ReviewRow, jam: Jam): ReviewEntryDto {
  return {
    ...toEntryDto(row, { jam, resultsPublic: resultsArePublic(jam), forManager: true }),
    review: row.review,
    reviewedBy: row.reviewerName,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    historyCheckedAt: row.historyCheckedAt?.toISOString() ?? null,
  };
}

const reviewColumns = { entry: entries, votes: voteCount, reviewerName: users.name };

const reviewEntryQuery = (jam: Jam, entryId: number) =>
  db()
    .select(reviewColumns)
    .from(entries)
    .leftJoin(users, eq(users.id, entries.reviewedBy))
    .where(and(eq(entries.id, entryId), eq(entries.jamId, jam.id)));

async function readReviewEntry(jam: Jam, entryId: number): Promise<ReviewEntryDto> {
  const [row] = await reviewEntryQuery(jam, entryId);
  if (!row) throw new AppError(404, 'not_found', 'That entry is not part of this jam.');
  return toReviewEntryDto({ ...row.entry, votes: row.votes, reviewerName: row.reviewerName }, jam);
}

async function requireReviewer(actor: SessionUser, jam: Jam): Promise<void> {
  if (actor.isBanned) throw bannedError(actor.name);
  await requireJamPermission(actor, jam.id, 'jam:review-entries');
}

/** Every entry for the review list: flagged and open first, then flagged, then the rest; paged in the database. */
export async function listReview(actor: SessionUser, jam: Jam, query: ReviewListQuery): Promise<ReviewListDto> {
  await requireJamPermission(actor, jam.id, 'jam:review-entries');
  const database = db();
  const flagged = flaggedCondition(jam);
  const [counts] = await database
    .select({
      total: count(),
      flagged: sql<number>`coalesce(sum(case when ${flagged} then 1 else 0 end), 0)`.mapWith(Number),
      flaggedOpen: sql<number>`coalesce(sum(case when ${flagged} and ${entries.review} = 'open' then 1 else 0 end), 0)`.mapWith(
        Number,
      ),
    })
    .from(entries)
    .where(eq(entries.jamId, jam.id));
  const total = counts?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / query.perPage));
  const page = Math.min(query.page, totalPages);
  const rows = await database
    .select(reviewColumns)
    .from(entries)
    .leftJoin(users, eq(users.id, entries.reviewedBy))
    .where(eq(entries.jamId, jam.id))
    .orderBy(
      sql`case when ${flagged} and ${entries.review} = 'open' then 0 when ${flagged} then 1 else 2 end`,
      asc(entries.submittedAt),
      asc(entries.id),
    )
    .limit(query.perPage)
    .offset((page - 1) * query.perPage);
  return {
    entries: rows.map((row) => toReviewEntryDto({ ...row.entry, votes: row.votes, reviewerName: row.reviewerName }, jam)),
    page,
    perPage: query.perPage,
    total,
    totalPages,
    flagged: counts?.flagged ?? 0,
    flaggedOpen: counts?.flaggedOpen ?? 0,
    entriesCheckedAt: jam.entriesCheckedAt?.toISOString() ?? null,
  };
}

const REVIEW_ACTIONS = { open: 'entry.reopen', checked: 'entry.check', disqualified: 'entry.disqualify' } as const;

/**
 * A manager's verdict: "Checked" (the public chips go; managers still see the flags), "Disqualified"
 * (still shown, never ranked or a winner: a selected winner loses the title in the same transaction)
 * or back to open. Giving the verdict the entry already has changes nothing and writes no audit entry.
 */
export async function reviewEntry(actor: SessionUser, jam: Jam, entryId: number, review: EntryReview): Promise<ReviewEntryDto> {
  // The permission and the entry, read side by side (one round trip); a refusal still comes first.
  const allowed = requireReviewer(actor, jam);
  const read = requireEntry(jam, entryId);
  read.catch(() => undefined);
  await allowed;
  const entry = await read;
  if (entry.review === review) return readReviewEntry(jam, entry.id);
  const revokesWinner = review === 'disqualified' && entry.isWinner;
  const database = db();
  const reviewedAt = new Date();
  // The verdict, the submitter's notice, the audit entry and the entry as it now is: one batch, one round trip.
  const statements = [
    database
      .update(entries)
      .set({ review, reviewedBy: actor.id, reviewedAt, ...(revokesWinner ? { isWinner: false } : {}) })
      .where(eq(entries.id, entry.id)),
    auditStatement(database, actor, {
      action: REVIEW_ACTIONS[review],
      jamId: jam.id,
      targetUserId: entry.submitterId,
      details: {
        entryId: entry.id,
        scratchId: entry.scratchId,
        title: entry.title,
        from: entry.review,
        ...(revokesWinner ? { winnerRevoked: true } : {}),
      },
    }),
    // The submitter hears of it; a second disqualification after a reopen is news again (its own key).
    ...(review === 'disqualified'
      ? [
          notifyStatement(database, [
            {
              userId: entry.submitterId,
              kind: 'entry-disqualified',
              key: `disqualified:${entry.id}:${reviewedAt.getTime()}`,
              jamId: jam.id,
              entryId: entry.id,
              actorId: actor.id,
            },
          ]),
        ]
      : []),
  ] as const;
  const results = await database.batch([...statements, reviewEntryQuery(jam, entry.id)]);
  const [row] = results[results.length - 1] as Awaited<ReturnType<typeof reviewEntryQuery>>;
  // A disqualification (or its undoing) moves the ranking: every list of the jam changes.
  announceChange(
    review === 'disqualified' || entry.review === 'disqualified'
      ? { kind: 'entries', jamId: jam.id }
      : { kind: 'entry', jamId: jam.id, entryId: entry.id },
  );
  if (!row) throw new AppError(404, 'not_found', 'That entry is not part of this jam.');
  return toReviewEntryDto({ ...row.entry, votes: row.votes, reviewerName: row.reviewerName }, jam);
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
