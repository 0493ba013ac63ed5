/**
 * Reporting a jam, an entry (issue 17 part 4) or a note on an entry (issue 34). One open report per
 * person per item: the partial unique indexes of `reports` make a second report while the first is
 * open a no-op, and the caller gets the report they already filed. A new report tells the jam's
 * managers in their inbox (administrators see the queue anyway).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { type Jam, type Report, jamManagers, reports } from '#db/schema';
import type { MyReportDto, ReportInput } from '#lib/schemas/reports';
import type { ReportReason } from '#lib/schemas/reports';
import { createRateLimiter } from '#server/http/rate-limit';
import { requireEntry } from '#server/jams/entries';
import { requireReportableNote } from '#server/feedback/notes';
import { notify } from '#server/inbox/notify';
import { VOTE_RATE_LIMIT } from '#server/jams/votes';
import { db } from '#server/platform/db';
import type { SessionUser } from '#server/auth/session';

/** Reports are rate limited like votes: per user, clicking passes, a script does not. */
export const reportLimiter = createRateLimiter('reports', VOTE_RATE_LIMIT);

type Target = { jamId: number; entryId: number | null; noteId?: number };

const toDto = (row: Report, created: boolean): MyReportDto => ({
  id: row.id,
  reason: row.reason as ReportReason,
  text: row.text,
  createdAt: row.createdAt.toISOString(),
  created,
});

async function fileReport(user: SessionUser, target: Target, input: Required<ReportInput>): Promise<MyReportDto> {
  const database = db();
  const [inserted] = await database
    .insert(reports)
    .values({ reporterId: user.id, ...target, reason: input.reason, text: input.text })
    .onConflictDoNothing()
    .returning();
  if (inserted) {
    await tellManagers(user, inserted);
    return toDto(inserted, true);
  }
  const [open] = await database
    .select()
    .from(reports)
    .where(
      and(
        eq(reports.reporterId, user.id),
        eq(reports.jamId, target.jamId),
        target.entryId === null ? isNull(reports.entryId) : eq(reports.entryId, target.entryId),
        target.noteId === undefined ? isNull(reports.noteId) : eq(reports.noteId, target.noteId),
        eq(reports.status, 'open'),
      ),
    );
  return toDto(open!, false);
}

/**
 * Each manager of the jam gets the report in their inbox; the reporter, if a manager, is not told
 * of their own. No actor is named: managers never learn who reported.
 */
async function tellManagers(user: SessionUser, report: Report): Promise<void> {
  const managers = await db().select({ id: jamManagers.userId }).from(jamManagers).where(eq(jamManagers.jamId, report.jamId));
  const item = report.noteId !== null ? 'note' : report.entryId !== null ? 'entry' : 'jam';
  await notify(
    ...managers
      .filter((manager) => manager.id !== user.id)
      .map((manager) => ({
        userId: manager.id,
        kind: 'report' as const,
        key: `report:${report.id}`,
        jamId: report.jamId,
        entryId: report.entryId,
        data: { reportId: report.id, item },
      })),
  );
}

export async function reportJam(user: SessionUser, jam: Jam, input: Required<ReportInput>): Promise<MyReportDto> {
  return fileReport(user, { jamId: jam.id, entryId: null }, input);
}

export async function reportEntry(
  user: SessionUser,
  jam: Jam,
  entryId: number,
  input: Required<ReportInput>,
): Promise<MyReportDto> {
  const entry = await requireEntry(jam, entryId);
  return fileReport(user, { jamId: jam.id, entryId: entry.id }, input);
}

export async function reportNote(
  user: SessionUser,
  jam: Jam,
  entryId: number,
  noteId: number,
  input: Required<ReportInput>,
): Promise<MyReportDto> {
  const { entry, note } = await requireReportableNote(user, jam, entryId, noteId);
  return fileReport(user, { jamId: jam.id, entryId: entry.id, noteId: note.id }, input);
}
