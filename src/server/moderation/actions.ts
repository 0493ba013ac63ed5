/**
 * What a moderator does with a reported item, always for all its open reports at once and always
 * audited: dismiss them, remove the entry (the entries service's audited removal; the reports go
 * with the entry), hide a reported note (the note hidden and its reports closed in one
 * transaction), or ban the author of the entry or note (administrators; the ban and the resolved
 * reports in one transaction). Managers act on their jams' entries and their notes; jams' own
 * reports are administrators' work.
 */
import { type SQL, eq, sql } from 'drizzle-orm';
import { type Entry, type Jam, type Note, entries, jams } from '#db/schema';
import type { ItemKey, ResolvedReportsDto } from '#lib/schemas/reports';
import { recordAudit } from '#server/activity/audit';
import { requireJamPermission } from '#server/auth/permissions';
import { badRequest, notFound } from '#server/http/errors';
import { deleteEntryInside, removeEntry } from '#server/jams/entries';
import { findNote, hideNoteInside } from '#server/feedback/notes';
import { announceChange } from '#server/cache/changes';
import { type Database, db } from '#server/platform/db';
import { setUserFlagsInside } from '#server/users/users';
import { aboutItem } from './queue';
import type { SessionUser } from '#server/auth/session';

type Executor = Pick<Database, 'all' | 'run'>;

interface ReportedItem {
  item: ItemKey;
  jam: Jam;
  entry: Entry | null;
  note: Note | null;
}

const NO_OPEN_REPORTS = 'There are no open reports about this item: someone may have dealt with them already.';

/** The item (404 when it does not exist), after checking the user may moderate it (403). */
async function requireReportedItem(user: SessionUser, item: ItemKey): Promise<ReportedItem> {
  const database = db();
  if (item.kind === 'jam') {
    const [jam] = await database.select().from(jams).where(eq(jams.id, item.id));
    if (!jam) throw notFound('That jam does not exist.');
    await requireJamPermission(user, jam.id, 'report:moderate-all');
    return { item, jam, entry: null, note: null };
  }
  if (item.kind === 'note') {
    const found = await findNote(item.id);
    if (!found) throw notFound('That note does not exist.');
    const [jam] = await database.select().from(jams).where(eq(jams.id, found.note.jamId));
    await requireJamPermission(user, jam!.id, 'jam:moderate-entries');
    return { item, jam: jam!, entry: found.entry, note: found.note };
  }
  const [row] = await database
    .select({ entry: entries, jam: jams })
    .from(entries)
    .innerJoin(jams, eq(jams.id, entries.jamId))
    .where(eq(entries.id, item.id));
  if (!row) throw notFound('That entry does not exist.');
  await requireJamPermission(user, row.jam.id, 'jam:moderate-entries');
  return { item, jam: row.jam, entry: row.entry, note: null };
}

async function openReportCount(executor: Executor, item: ItemKey): Promise<number> {
  const [row] = await executor.all<{ n: number }>(
    sql`select count(*) as n from reports r where r.status = 'open' and ${aboutItem(item)}`,
  );
  return row?.n ?? 0;
}

/** Closes the item's open reports; how many it closed. */
async function closeReports(
  executor: Executor,
  user: SessionUser,
  item: ItemKey,
  status: 'dismissed' | 'actioned',
  resolution: string,
) {
  const where: SQL = sql`status = 'open' and ${aboutItem(item)}`;
  const result = await executor.run(sql`update reports as r set status = ${status}, resolution = ${resolution},
    resolver_id = ${user.id}, resolved_at = ${Date.now()} where ${where}`);
  return result.rowsAffected;
}

const auditTarget = ({ jam, entry, note, item }: ReportedItem) => ({
  jamId: jam.id,
  targetUserId: note?.authorId ?? entry?.submitterId ?? null,
  item: `${item.kind}-${item.id}`,
  title: entry?.title ?? jam.name,
});

export async function dismissReports(user: SessionUser, key: ItemKey): Promise<ResolvedReportsDto> {
  const reported = await requireReportedItem(user, key);
  const { jamId, targetUserId, item, title } = auditTarget(reported);
  return db().transaction(async (tx) => {
    const resolved = await closeReports(tx, user, key, 'dismissed', 'dismissed');
    if (resolved === 0) throw notFound(NO_OPEN_REPORTS);
    await recordAudit(tx, user, { action: 'report.dismiss', jamId, targetUserId, details: { item, title, reports: resolved } });
    return { resolved };
  });
}

function requireEntryItem(reported: ReportedItem): NonNullable<ReportedItem['entry']> {
  if (reported.note) throw badRequest('A note is not an entry: hide the note instead, or dismiss its reports.');
  if (!reported.entry)
    throw badRequest(
      'A jam has no single author and cannot be removed from here; dismiss its reports, or edit or delete the jam.',
    );
  return reported.entry;
}

/** The entries service removes the entry and writes the audit entry; the reports go with the entry. */
export async function removeReportedEntry(user: SessionUser, key: ItemKey): Promise<ResolvedReportsDto> {
  const reported = await requireReportedItem(user, key);
  const entry = requireEntryItem(reported);
  const resolved = await openReportCount(db(), key);
  if (resolved === 0) throw notFound(NO_OPEN_REPORTS);
  await removeEntry(user, reported.jam, entry.id, { reports: resolved });
  return { resolved };
}

/**
 * Bans the entry's author and closes the reports about the entry, in one transaction; with
 * `removeEntry` the entry goes in the same transaction (its reports with it, counted as actioned).
 */
export async function banReportedAuthor(
  user: SessionUser,
  key: ItemKey,
  options: { removeEntry: boolean },
): Promise<ResolvedReportsDto> {
  const reported = await requireReportedItem(user, key);
  if (reported.note) return banNoteAuthor(user, key, reported, reported.note);
  const entry = requireEntryItem(reported);
  if (entry.submitterId === user.id) throw badRequest('You cannot ban yourself.');
  const { jamId, targetUserId, item, title } = auditTarget(reported);
  const resolution = options.removeEntry ? 'ban-author-remove-entry' : 'ban-author';
  const resolved = await db().transaction(async (tx) => {
    const closed = await closeReports(tx, user, key, 'actioned', resolution);
    if (closed === 0) throw notFound(NO_OPEN_REPORTS);
    await setUserFlagsInside(tx, user, entry.submitterId, { isBanned: true });
    await recordAudit(tx, user, {
      action: 'report.resolve',
      jamId,
      targetUserId,
      details: { item, title, reports: closed, resolution },
    });
    if (options.removeEntry) await deleteEntryInside(tx, user, entry, { audit: true, details: { reports: closed } });
    return closed;
  });
  if (options.removeEntry) announceChange({ kind: 'entry', jamId, entryId: entry.id });
  // The author's profile now says only that the account is not available.
  announceChange({ kind: 'users' });
  return { resolved };
}

/** Bans the writer of a reported note (the note stays, hidden from nobody: hide it too if it should go). */
async function banNoteAuthor(user: SessionUser, key: ItemKey, reported: ReportedItem, note: Note): Promise<ResolvedReportsDto> {
  if (note.authorId === user.id) throw badRequest('You cannot ban yourself.');
  const { jamId, targetUserId, item, title } = auditTarget(reported);
  const resolved = await db().transaction(async (tx) => {
    const closed = await closeReports(tx, user, key, 'actioned', 'ban-author');
    if (closed === 0) throw notFound(NO_OPEN_REPORTS);
    await setUserFlagsInside(tx, user, note.authorId, { isBanned: true });
    await recordAudit(tx, user, {
      action: 'report.resolve',
      jamId,
      targetUserId,
      details: { item, title, reports: closed, resolution: 'ban-author' },
    });
    return closed;
  });
  announceChange({ kind: 'users' });
  return { resolved };
}

/** Hides a reported note and closes its reports as actioned, in one transaction; audited as `note.hide`. */
export async function hideReportedNote(user: SessionUser, key: ItemKey): Promise<ResolvedReportsDto> {
  const reported = await requireReportedItem(user, key);
  const { note, entry } = reported;
  if (!note || !entry) throw badRequest('Only a note can be hidden from here.');
  const resolved = await db().transaction(async (tx) => {
    const closed = await closeReports(tx, user, key, 'actioned', 'hide-note');
    if (closed === 0) throw notFound(NO_OPEN_REPORTS);
    if (note.hiddenAt === null) await hideNoteInside(tx, user, { note, entry }, true, { reports: closed });
    return closed;
  });
  return { resolved };
}
