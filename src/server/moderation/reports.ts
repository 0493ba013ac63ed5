/**
 * Reporting a jam or an entry (issue 17 part 4). One open report per person per item: the partial
 * unique indexes of `reports` make a second report while the first is open a no-op, and the
 * caller gets the report they already filed.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { type Report, reports } from '#db/schema';
import type { MyReportDto, ReportInput } from '#lib/schemas/reports';
import type { ReportReason } from '#lib/schemas/reports';
import { createRateLimiter } from '#server/http/rate-limit';
import { requireEntry } from '#server/jams/entries';
import { requireJam } from '#server/jams/jams';
import { VOTE_RATE_LIMIT } from '#server/jams/votes';
import { db } from '#server/platform/db';
import type { SessionUser } from '#server/auth/session';

/** Reports are rate limited like votes: per user, clicking passes, a script does not. */
export const reportLimiter = createRateLimiter('reports', VOTE_RATE_LIMIT);

type Target = { jamId: number; entryId: number | null };

const toDto = (row: Report, created: boolean): MyReportDto => ({
  id: row.id,
  reason: row.reason as ReportReason,
  text: row.text,
  createdAt: row.createdAt.toISOString(),
  created,
});

async function fileReport(user: SessionUser, target: Target, input: Required<ReportInput>): Promise<MyReportDto> {
  const database = await db();
  const [inserted] = await database
    .insert(reports)
    .values({ reporterId: user.id, ...target, reason: input.reason, text: input.text })
    .onConflictDoNothing()
    .returning();
  if (inserted) return toDto(inserted, true);
  const [open] = await database
    .select()
    .from(reports)
    .where(
      and(
        eq(reports.reporterId, user.id),
        eq(reports.jamId, target.jamId),
        target.entryId === null ? isNull(reports.entryId) : eq(reports.entryId, target.entryId),
        eq(reports.status, 'open'),
      ),
    );
  return toDto(open!, false);
}

export async function reportJam(user: SessionUser, slug: string, input: Required<ReportInput>): Promise<MyReportDto> {
  const jam = await requireJam(slug);
  return fileReport(user, { jamId: jam.id, entryId: null }, input);
}

export async function reportEntry(
  user: SessionUser,
  slug: string,
  entryId: number,
  input: Required<ReportInput>,
): Promise<MyReportDto> {
  const jam = await requireJam(slug);
  const entry = await requireEntry(jam, entryId);
  return fileReport(user, { jamId: jam.id, entryId: entry.id }, input);
}
