/**
 * What a moderator does with a reported item, always for all its open reports at once and always
 * audited: dismiss them, remove the entry (audited as the entries service removes one; the reports go
 * with the entry), hide a reported note (the note hidden and its reports closed together), or ban the
 * author of the entry or note (administrators; the ban and the resolved reports together). Managers
 * act on their jams' entries and their notes; jams' own reports are administrators' work.
 *
 * Each action is one read (the item, with its author) and one batch (one transaction, one round
 * trip). The batch closes the reports first, only while they are open, and everything after it holds
 * only if that closed some, so reports someone dealt with meanwhile leave nothing behind (a 404).
 */
import { type SQL, eq, sql } from 'drizzle-orm';
import { type Entry, type Jam, type Note, entries, jams, notes, users } from '#db/schema';
import type { ItemKey, ResolvedReportsDto } from '#lib/schemas/reports';
import { auditStatement } from '#server/activity/audit';
import { requireAdministrator, requireJamPermission } from '#server/auth/permissions';
import { badRequest, busyMeanwhile, notFound } from '#server/platform/errors';
import { entryRemovalStatements } from '#server/entries/entries';
import { hideNoteStatements } from '#server/feedback/notes';
import { announceChange } from '#server/cache/changes';
import { type Database, db } from '#server/platform/db';
import { batchNamed } from '#server/platform/named';
import { activeAdminCount, flagChange, flagTargetColumns } from '#server/users/admin-flags';
import { aboutItem } from './queue';
import type { SessionUser } from '#server/auth/session';

type Author = { [K in keyof typeof flagTargetColumns]: (typeof flagTargetColumns)[K]['_']['data'] };

interface ReportedItem {
  item: ItemKey;
  jam: Jam;
  entry: Entry | null;
  note: Note | null;
  /** Who wrote the note or submitted the entry (null for a jam). */
  author: Author | null;
}

const NO_OPEN_REPORTS = 'There are no open reports about this item: someone may have dealt with them already.';

/** The item with its jam and author, in one read (404 when it does not exist), after checking the user may moderate it (403). */
async function requireReportedItem(user: SessionUser, item: ItemKey): Promise<ReportedItem> {
  const database = db();
  if (item.kind === 'jam') {
    const [jam] = await database.select().from(jams).where(eq(jams.id, item.id));
    if (!jam) throw notFound('That jam does not exist.');
    await requireJamPermission(user, jam.id, 'report:moderate-all');
    return { item, jam, entry: null, note: null, author: null };
  }
  if (item.kind === 'note') {
    const [row] = await database
      .select({ note: notes, entry: entries, jam: jams, author: flagTargetColumns })
      .from(notes)
      .innerJoin(entries, eq(entries.id, notes.entryId))
      .innerJoin(jams, eq(jams.id, notes.jamId))
      .innerJoin(users, eq(users.id, notes.authorId))
      .where(eq(notes.id, item.id));
    if (!row) throw notFound('That note does not exist.');
    await requireJamPermission(user, row.jam.id, 'jam:moderate-entries');
    return { item, ...row };
  }
  const [row] = await database
    .select({ entry: entries, jam: jams, author: flagTargetColumns })
    .from(entries)
    .innerJoin(jams, eq(jams.id, entries.jamId))
    .innerJoin(users, eq(users.id, entries.submitterId))
    .where(eq(entries.id, item.id));
  if (!row) throw notFound('That entry does not exist.');
  await requireJamPermission(user, row.jam.id, 'jam:moderate-entries');
  return { item, note: null, ...row };
}

const openReports = (item: ItemKey) => sql`r.status = 'open' and ${aboutItem(item)}`;

async function openReportCount(item: ItemKey): Promise<number> {
  const [row] = await db().all<{ n: number }>(sql`select count(*) as n from reports r where ${openReports(item)}`);
  return row?.n ?? 0;
}

/**
 * Closing the item's open reports, the first statement of an action's batch (only while `onlyIf`
 * holds). `closed` is true for the statements after it when it closed some (the reports it closed
 * are told by this moderator and this very millisecond), and `count` says how many.
 */
function closeReports(
  database: Database,
  user: SessionUser,
  item: ItemKey,
  status: 'dismissed' | 'actioned',
  resolution: string,
  onlyIf: SQL = sql`1`,
) {
  const now = Date.now();
  const closedNow = sql`r.status = ${status} and r.resolution = ${resolution} and r.resolver_id = ${user.id}
    and r.resolved_at = ${now} and ${aboutItem(item)}`;
  return {
    statement: database.run(sql`update reports as r set status = ${status}, resolution = ${resolution},
      resolver_id = ${user.id}, resolved_at = ${now} where ${openReports(item)} and ${onlyIf}`),
    closed: sql`exists (select 1 from reports r where ${closedNow})`,
    count: sql`(select count(*) from reports r where ${closedNow})`,
  };
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
  const database = db();
  const close = closeReports(database, user, key, 'dismissed', 'dismissed');
  const [{ rowsAffected: resolved }] = await database.batch([
    close.statement,
    auditStatement(
      database,
      user,
      { action: 'report.dismiss', jamId, targetUserId, details: { item, title, reports: close.count } },
      close.closed,
    ),
  ]);
  if (resolved === 0) throw notFound(NO_OPEN_REPORTS);
  return { resolved };
}

function requireEntryItem(reported: ReportedItem): NonNullable<ReportedItem['entry']> {
  if (reported.note) throw badRequest('A note is not an entry: hide the note instead, or dismiss its reports.');
  if (!reported.entry)
    throw badRequest(
      'A jam has no single author and cannot be removed from here; dismiss its reports, or edit or delete the jam.',
    );
  return reported.entry;
}

/**
 * Removes the entry as the entries service does (audited, and its submitter told, unless they are
 * the one removing it); the reports go with the entry. Only while the item has open reports.
 */
export async function removeReportedEntry(user: SessionUser, key: ItemKey): Promise<ResolvedReportsDto> {
  const [reported, resolved] = await Promise.all([requireReportedItem(user, key), openReportCount(key)]);
  const entry = requireEntryItem(reported);
  if (resolved === 0) throw notFound(NO_OPEN_REPORTS);
  const database = db();
  const stillOpen = sql`exists (select 1 from reports r where ${openReports(key)})`;
  const statements = entryRemovalStatements(database, user, entry, {
    audit: entry.submitterId !== user.id,
    details: { reports: sql`(select count(*) from reports r where ${openReports(key)})` },
    reported: true,
    onlyIf: stillOpen,
  });
  const results = await database.batch(statements);
  if ((results.at(-1) as { id: number }[]).length === 0) throw notFound(NO_OPEN_REPORTS);
  announceChange({ kind: 'entry', jamId: reported.jam.id, entryId: entry.id });
  return { resolved };
}

/** How many tries a ban gets when the author's flags change between its read and its write. */
const TRIES = 3;

/**
 * Bans the author of the entry or note and closes the reports about it, in one batch; with
 * `removeEntry` the entry goes too (its reports with it, counted as actioned). A note stays, hidden
 * from nobody: hide it too if it should go.
 */
export async function banReportedAuthor(
  user: SessionUser,
  key: ItemKey,
  options: { removeEntry: boolean },
): Promise<ResolvedReportsDto> {
  // Managers moderate their jams' reports, but only administrators ban (not only because the route says so).
  await requireAdministrator(user);
  for (let attempt = 1; ; attempt++) {
    const [reported, activeAdmins] = await Promise.all([requireReportedItem(user, key), activeAdminCount()]);
    const entry = reported.note ? null : requireEntryItem(reported);
    if (reported.author!.id === user.id) throw badRequest('You cannot ban yourself.');
    const removeEntry = entry !== null && options.removeEntry;
    const resolution = removeEntry ? 'ban-author-remove-entry' : 'ban-author';
    const { jamId, targetUserId, item, title } = auditTarget(reported);
    const database = db();
    const ban = flagChange(database, user, reported.author!, { isBanned: true }, activeAdmins);
    // The reports close only while the ban still holds (the author's flags as read), so neither goes without the other.
    const close = closeReports(database, user, key, 'actioned', resolution, ban?.holds);
    const [{ rowsAffected: closed }] = await database.batch([
      close.statement,
      ...(ban ? ban.statements(close.closed) : []),
      auditStatement(
        database,
        user,
        { action: 'report.resolve', jamId, targetUserId, details: { item, title, reports: close.count, resolution } },
        close.closed,
      ),
      ...(removeEntry
        ? entryRemovalStatements(database, user, entry, {
            audit: true,
            details: { reports: close.count },
            reported: true,
            onlyIf: close.closed,
          })
        : []),
    ]);
    if (closed > 0) {
      if (removeEntry) announceChange({ kind: 'entry', jamId, entryId: entry.id });
      // The author's profile now says only that the account is not available.
      announceChange({ kind: 'users' });
      return { resolved: closed };
    }
    if ((await openReportCount(key)) === 0) throw notFound(NO_OPEN_REPORTS);
    // The author's flags changed between the read and the write: read again and decide again.
    // Still changing after every try: nothing was written, and the same request may go through in a moment.
    if (attempt === TRIES) throw busyMeanwhile('This person changed while you were banning them. Please try again in a moment.');
  }
}

/** Hides a reported note and closes its reports as actioned, in one batch; audited as `note.hide`. */
export async function hideReportedNote(user: SessionUser, key: ItemKey): Promise<ResolvedReportsDto> {
  const reported = await requireReportedItem(user, key);
  const { note, entry } = reported;
  if (!note || !entry) throw badRequest('Only a note can be hidden from here.');
  const database = db();
  const close = closeReports(database, user, key, 'actioned', 'hide-note');
  const shown = sql`exists (select 1 from ${notes} where ${notes.id} = ${note.id} and ${notes.hiddenAt} is null)`;
  const {
    close: { rowsAffected: resolved },
  } = await batchNamed(database, {
    close: close.statement,
    ...(note.hiddenAt === null
      ? hideNoteStatements(database, user, { note, entry }, true, { reports: close.count }, sql`${close.closed} and ${shown}`)
      : {}),
  });
  if (resolved === 0) throw notFound(NO_OPEN_REPORTS);
  return { resolved };
}
