/**
 * Reporting a jam, an entry (issue 17 part 4) or a note on an entry (issue 34). One open report per
 * person per item: the partial unique indexes of `reports` make a second report while the first is
 * open a no-op, and the caller gets the report they already filed. A new report tells the jam's
 * managers and the site's administrators in their inbox.
 */
import { type SQL, and, eq, isNull, sql } from 'drizzle-orm';
import { type Jam, type Report, jamManagers, notifications, reports, users } from '#db/schema';
import type { MyReportDto, ReportInput } from '#lib/schemas/reports';
import type { ReportReason } from '#lib/schemas/reports';
import { requireVisibleEntry } from '#server/entries/hidden';
import { requireReportableNote } from '#server/feedback/notes';
import { guardTexts } from '#server/feedback/guard/guard-texts';
import { adminWords } from '#server/feedback/words';
import { jsonWith, previousStatementWrote } from '#server/platform/batch-sql';
import { type Database, db } from '#server/platform/db';
import { batchNamed } from '#server/platform/named';
import type { SessionUser } from '#server/auth/session';

type Target = { jamId: number; entryId: number | null; noteId?: number };

const toDto = (row: Report, created: boolean): MyReportDto => ({
  id: row.id,
  reason: row.reason as ReportReason,
  text: row.text,
  createdAt: row.createdAt.toISOString(),
  created,
});

/**
 * Files the report, tells the managers if it is new and reads the one already open if not: one
 * batch (one round trip, one transaction).
 */
async function fileReport(user: SessionUser, target: Target, input: Required<ReportInput>): Promise<MyReportDto> {
  const database = db();
  // This person's open report about the item: at most one (the partial unique indexes).
  const mine = and(
    eq(reports.reporterId, user.id),
    eq(reports.jamId, target.jamId),
    target.entryId === null ? isNull(reports.entryId) : eq(reports.entryId, target.entryId),
    target.noteId === undefined ? isNull(reports.noteId) : eq(reports.noteId, target.noteId),
    eq(reports.status, 'open'),
  )!;
  const {
    inserted: [inserted],
    open: [open],
  } = await batchNamed(database, {
    inserted: database
      .insert(reports)
      .values({ reporterId: user.id, ...target, reason: input.reason, text: input.text })
      .onConflictDoNothing()
      .returning(),
    tellModerators: tellModerators(database, user, target, mine),
    open: database.select().from(reports).where(mine),
  });
  return inserted ? toDto(inserted, true) : toDto(open!, false);
}

/**
 * The jam's managers and the site's administrators get the report in their inbox, when the insert
 * just before it filed a new one (issue 41: managers are often children themselves, so every report
 * also reaches the administrators, whose queue is the admin dashboard's). The reporter is not told of
 * their own report, nor are banned administrators. No actor is named: nobody learns who reported
 * from the inbox. Someone both manager and administrator gets it once, with the administrators' queue.
 */
function tellModerators(database: Database, user: SessionUser, target: Target, report: SQL) {
  const item = target.noteId !== undefined ? 'note' : target.entryId !== null ? 'entry' : 'jam';
  const columns = [
    notifications.userId,
    notifications.kind,
    notifications.key,
    notifications.jamId,
    notifications.entryId,
    notifications.data,
  ];
  // Administrators first: `on conflict do nothing` keeps the first row for a person.
  const moderators = sql`select ${users.id} as user_id, 'admin' as queue from ${users}
      where ${users.isAdmin} = 1 and ${users.isBanned} = 0
    union all
    select ${jamManagers.userId}, 'jam' from ${jamManagers} where ${jamManagers.jamId} = ${target.jamId}`;
  return database.run(sql`insert into ${notifications} (${sql.join(
    columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  )})
    select m.user_id, 'report', 'report:' || ${reports.id}, ${reports.jamId}, ${reports.entryId},
      ${jsonWith({ reportId: sql`${reports.id}`, item, queue: sql`m.queue` })}
    from ${reports} join (${moderators}) m
    where ${report} and m.user_id <> ${user.id} and ${previousStatementWrote}
    on conflict do nothing`);
}

/** The details go through the note filter: managers who read them are often children (issue 41). */
const guardDetails = (input: Required<ReportInput>, words: readonly string[]) =>
  guardTexts([{ field: 'text', guarded: 'reportInputSchema.text', text: input.text }], words);

export async function reportJam(user: SessionUser, jam: Jam, input: Required<ReportInput>): Promise<MyReportDto> {
  await guardDetails(input, await adminWords());
  return fileReport(user, { jamId: jam.id, entryId: null }, input);
}

export async function reportEntry(
  user: SessionUser,
  jam: Jam,
  entryId: number,
  input: Required<ReportInput>,
): Promise<MyReportDto> {
  // A hidden entry (ADR 041) is reported by its team and the managers only: to others it does not exist.
  const [entry, words] = await Promise.all([requireVisibleEntry(user, jam, entryId), adminWords()]);
  await guardDetails(input, words);
  return fileReport(user, { jamId: jam.id, entryId: entry.id }, input);
}

export async function reportNote(
  user: SessionUser,
  jam: Jam,
  entryId: number,
  noteId: number,
  input: Required<ReportInput>,
): Promise<MyReportDto> {
  const [{ entry, note }, words] = await Promise.all([requireReportableNote(user, jam, entryId, noteId), adminWords()]);
  await guardDetails(input, words);
  return fileReport(user, { jamId: jam.id, entryId: entry.id, noteId: note.id }, input);
}
