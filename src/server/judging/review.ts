/**
 * Fair judging (issue 33 §1): the managers' review list and their verdicts on flagged entries; reading
 * every entry's Scratch history again is ./entry-checks.ts.
 */
import { type SQL, and, asc, count, eq, sql } from 'drizzle-orm';
import { type Entry, type EntryReview, type Jam, entries, jamVersions, users } from '#db/schema';
import { visibleAnswers } from '#lib/questions';
import { votingHasClosed } from '#lib/jam-timing';
import { type ReviewEntryDto, type ReviewListDto, type ReviewListQuery } from '#lib/schemas/review';
import { auditStatement } from '#server/activity/audit';
import { can, requireJamPermission } from '#server/auth/permissions';
import type { SessionUser } from '#server/auth/session';
import { announceChange } from '#server/cache/changes';
import { notifyStatement } from '#server/inbox/notify';
import { AppError } from '#server/platform/errors';
import { db } from '#server/platform/db';
import { keptOffsetArg, keptPage } from '#server/platform/sql-pages';
import { requireEntry } from '#server/entries/entries';
import { toEntryDto } from '#server/entries/entry-dto';
import { voteCount } from './ranking';
import { requireReviewer } from './entry-checks';

/** What raises a flag (src/server/judging/flags.ts), as SQL over an entry and its jam. */
const flaggedCondition = (jam: Pick<Jam, 'startsAt' | 'endsAt'>): SQL =>
  sql`(${entries.projectCreatedAt} < ${jam.startsAt.getTime()} or ${entries.projectModifiedAt} > ${jam.endsAt.getTime()} or ${entries.remixParentId} is not null)`;

type ReviewRow = Entry & { votes: number; reviewerName: string | null; jamVersionAt: number | null };

function toReviewEntryDto(row: ReviewRow, jam: Jam): ReviewEntryDto {
  return {
    // Managers see the upvotes once voting has closed, before a manual jam's results are published
    // too (ADR 041); a ratings jam has none to show.
    ...toEntryDto(row, { jam, resultsPublic: votingHasClosed(jam) && jam.judging === 'upvotes', forManager: true }),
    review: row.review,
    reviewedBy: row.reviewerName,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    historyCheckedAt: row.historyCheckedAt?.toISOString() ?? null,
    answers: visibleAnswers(jam.questions, row.answers, true),
    late: row.late,
    jamVersionAt: row.jamVersionAt === null ? null : new Date(row.jamVersionAt).toISOString(),
  };
}

const reviewColumns = {
  entry: entries,
  votes: voteCount,
  reviewerName: users.name,
  // ADR 050: when its jam version was uploaded (null: none).
  jamVersionAt: sql<
    number | null
  >`(select ${jamVersions.uploadedAt} from ${jamVersions} where ${jamVersions.entryId} = ${entries.id})`,
};

const reviewEntryQuery = (jam: Jam, entryId: number) =>
  db()
    .select(reviewColumns)
    .from(entries)
    .leftJoin(users, eq(users.id, entries.reviewedBy))
    .where(and(eq(entries.id, entryId), eq(entries.jamId, jam.id)));

async function readReviewEntry(jam: Jam, entryId: number): Promise<ReviewEntryDto> {
  const [row] = await reviewEntryQuery(jam, entryId);
  if (!row) throw new AppError(404, 'not_found', 'That entry is not part of this jam.');
  return toReviewEntryDto(
    { ...row.entry, votes: row.votes, reviewerName: row.reviewerName, jamVersionAt: row.jamVersionAt },
    jam,
  );
}

/** Every entry for the review list: flagged and open first, then flagged, then the rest; paged in the database. */
export async function listReview(actor: SessionUser, jam: Jam, query: ReviewListQuery): Promise<ReviewListDto> {
  return (await Promise.all([requireJamPermission(actor, jam.id, 'jam:review-entries'), readReview(jam, query)]))[1];
}

/** The same for the review page: null for people who may not review the jam's entries (asked beside the list). */
export async function reviewFor(actor: SessionUser, jam: Jam, query: ReviewListQuery): Promise<ReviewListDto | null> {
  const [allowed, list] = await Promise.all([can(actor, 'jam:review-entries', { jamId: jam.id }), readReview(jam, query)]);
  return allowed ? list : null;
}

/** The counts and one page, side by side: the page's offset counts the entries itself, kept within the pages. */
async function readReview(jam: Jam, query: ReviewListQuery): Promise<ReviewListDto> {
  const database = db();
  const flagged = flaggedCondition(jam);
  const [[counts], rows] = await Promise.all([
    database
      .select({
        total: count(),
        flagged: sql<number>`coalesce(sum(case when ${flagged} then 1 else 0 end), 0)`.mapWith(Number),
        flaggedOpen: sql<number>`coalesce(sum(case when ${flagged} and ${entries.review} = 'open' then 1 else 0 end), 0)`.mapWith(
          Number,
        ),
      })
      .from(entries)
      .where(eq(entries.jamId, jam.id)),
    database
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
      .offset(
        keptOffsetArg(sql`(select count(*) from ${entries} where ${entries.jamId} = ${jam.id})`, query.page, query.perPage),
      ),
  ]);
  const total = counts?.total ?? 0;
  const { page, totalPages } = keptPage(query.page, total, query.perPage);
  return {
    entries: rows.map((row) =>
      toReviewEntryDto({ ...row.entry, votes: row.votes, reviewerName: row.reviewerName, jamVersionAt: row.jamVersionAt }, jam),
    ),
    page,
    perPage: query.perPage,
    total,
    totalPages,
    flagged: counts?.flagged ?? 0,
    flaggedOpen: counts?.flaggedOpen ?? 0,
    entriesCheckedAt: jam.entriesCheckedAt?.toISOString() ?? null,
    jamVersion: jam.jamVersion,
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
  return toReviewEntryDto(
    { ...row.entry, votes: row.votes, reviewerName: row.reviewerName, jamVersionAt: row.jamVersionAt },
    jam,
  );
}

export { CHECK_CONCURRENCY, checkEntriesAfterEnd, checkEntriesNow } from './entry-checks';
