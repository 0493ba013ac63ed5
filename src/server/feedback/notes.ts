/**
 * Notes on entries (issue 34 §1): posting through the filter (a refused note is never stored; three
 * refusals within ten minutes mute the writer's notes for five), the paged list with what the reader
 * may do to each note, deletion by the note's writer or the entry's author, and hiding by the jam's
 * managers and administrators (audited). Notes never appear in a page's HTML: the notes island
 * fetches them, so public pages stay the same for everyone and need no refresh when a note arrives.
 */
import { type SQL, and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { type Entry, type Jam, type Note, notes, users } from '#db/schema';
import { NOTES_PER_PAGE, type NoteDto, type NoteListDto } from '#lib/schemas/notes';
import { auditStatement } from '#server/activity/audit';
import { refuseIfBanned } from '#server/auth/require';
import { can, requireJamPermission } from '#server/auth/permissions';
import { conflict } from '#server/platform/errors';
import { notifyStatement } from '#server/inbox/notify';
import { requireEntry } from '#server/entries/entries';
import { type EntryReads, startEntryReads } from '#server/entries/entry-reads';
import { type Database, db } from '#server/platform/db';
import { batchNamed } from '#server/platform/named';
import type { SessionUser } from '#server/auth/session';
import { NEW_ACCOUNT_MS, judgeText } from './guard/guard';
import { accountCreatedAt, holdNote } from './held-notes';
import { type Viewer, noteColumns, readNoteWithViewer, requireVisibleNote, toNoteDto } from './note-reads';
import { lastNoteAt, mutedError, mutedUntil, refuse, requirePace } from './note-mute';
import { adminWords } from './words';
import { refused } from '#server/auth/refusals';

export const NOTES_OFF_MESSAGE = 'Notes are turned off for this jam, so new notes cannot be posted.';

/** One page of the entry's notes (newest first) and how many there are, in one round trip. */
async function notesPage(entryId: number, requestedPage: number, withHidden: boolean, viewerId: number | null = null) {
  const database = db();
  // Held notes (issue 53) only for their writer, and for those who moderate (who also see hidden ones).
  const unheld = viewerId === null ? isNull(notes.heldAt) : or(isNull(notes.heldAt), eq(notes.authorId, viewerId));
  const where = withHidden ? eq(notes.entryId, entryId) : and(eq(notes.entryId, entryId), isNull(notes.hiddenAt), unheld);
  const pageOf = (page: number) =>
    database
      .select(noteColumns)
      .from(notes)
      .innerJoin(users, eq(users.id, notes.authorId))
      .where(where)
      .orderBy(desc(notes.id))
      .limit(NOTES_PER_PAGE)
      .offset((page - 1) * NOTES_PER_PAGE);
  const first = Math.max(1, requestedPage);
  const [[counted], asked] = await Promise.all([
    database
      .select({ total: sql<number>`count(*)` })
      .from(notes)
      .where(where),
    pageOf(first),
  ]);
  const total = counted?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / NOTES_PER_PAGE));
  // Past the last page (notes went meanwhile): the last page instead, one more round trip.
  const page = Math.min(first, totalPages);
  const rows = page === first ? asked : await pageOf(page);
  return { rows, page, total, totalPages };
}

/**
 * The entry's notes, newest first, a page at a time; hidden ones only for the jam's managers and
 * administrators. One round trip with the entry's read: whether the reader may hide notes is asked
 * beside the pages, so for someone logged in both the page with hidden notes and the one without
 * are read, and `can`'s answer picks one (visitors and banned people may hide nothing).
 */
export async function listNotes(
  user: SessionUser | null,
  jam: Jam,
  entryId: number,
  requestedPage = 1,
  reads: EntryReads = startEntryReads(jam, entryId, user),
): Promise<NoteListDto> {
  const active = user !== null && !user.isBanned;
  const [entry, canHide, visible, withHidden, until] = await Promise.all([
    reads.entry,
    can(user, 'jam:hide-notes', { jamId: jam.id }),
    notesPage(reads.id, requestedPage, false, active ? user.id : null),
    active ? notesPage(reads.id, requestedPage, true) : null,
    active ? mutedUntil(user.id) : null,
  ]);
  const { rows, page, total, totalPages } = canHide && withHidden ? withHidden : visible;
  const viewer: Viewer = { user, entry, canHide };
  return {
    items: await Promise.all(rows.map((row) => toNoteDto({ ...row.note, authorName: row.authorName }, viewer))),
    page,
    perPage: NOTES_PER_PAGE,
    total,
    totalPages,
    mute: until ? { until: until.toISOString() } : null,
  };
}

/* ---------- writing ---------- */

/**
 * Keeps a note that passes the filter and tells the entry's submitter. Anyone logged in and not
 * banned may post, the entry's own author too (to answer players), while the jam takes notes.
 */
export async function postNote(user: SessionUser, jam: Jam, entryId: number, text: string): Promise<NoteDto> {
  refuseIfBanned(user);
  // What the checks below need, read side by side; the entry's 404 still comes first.
  const [entry, until, words, canHide, last, joined] = await Promise.all([
    requireEntry(jam, entryId),
    mutedUntil(user.id),
    adminWords(),
    can(user, 'jam:hide-notes', { jamId: jam.id }),
    lastNoteAt(user.id),
    accountCreatedAt(user.id),
  ]);
  if (jam.feedback !== 'notes') throw conflict(NOTES_OFF_MESSAGE);
  if (until) throw mutedError(until);
  const verdict = judgeText(text, { words, newAccount: joined !== null && Date.now() - joined.getTime() < NEW_ACCOUNT_MS });
  if (verdict.outcome === 'refuse') return refuse(user, verdict.rule);
  // After the filter: what was wrong with a note comes first, and a refused note never counts here.
  requirePace(last);
  const database = db();
  // The note and the submitter's notice: one batch, one round trip. The notice names the new note as
  // the batch writes it (the writer's newest note: the batch is one transaction).
  const newNoteId = sql`(select max(${notes.id}) from ${notes} where ${notes.authorId} = ${user.id})`;
  if (verdict.outcome === 'hold') return holdNote(user, jam, entry, text, verdict.rule, canHide);
  const [[note]] = await database.batch([
    database.insert(notes).values({ entryId: entry.id, jamId: jam.id, authorId: user.id, text }).returning(),
    notifyStatement(database, [
      {
        userId: entry.submitterId,
        kind: 'note',
        key: sql`'note:' || ${newNoteId}`,
        groupKey: `note:${entry.id}`,
        jamId: jam.id,
        entryId: entry.id,
        actorId: user.id,
        data: { noteId: newNoteId },
      },
    ]),
  ]);
  return toNoteDto({ ...note!, authorName: user.name }, { user, entry, canHide });
}

/** The note's writer and the entry's author delete a note (managers hide instead). A note already gone answers 404. */
export async function deleteNote(user: SessionUser, jam: Jam, entryId: number, noteId: number): Promise<void> {
  refuseIfBanned(user);
  const { viewer, note } = await readNoteWithViewer(user, jam, entryId, noteId);
  if (!(await can(user, 'note:delete', { authorId: note.authorId, entrySubmitterId: viewer.entry.submitterId }))) {
    throw refused('note:delete');
  }
  await db().delete(notes).where(eq(notes.id, note.id));
}

/** Managers of the jam and administrators hide or show a note again; audited when it changes. */
export async function setNoteHidden(
  user: SessionUser,
  jam: Jam,
  entryId: number,
  noteId: number,
  hidden: boolean,
): Promise<NoteDto> {
  // The permission, the entry and the note are read side by side; a refusal still comes first.
  const allowed = requireJamPermission(user, jam.id, 'jam:hide-notes');
  const read = readNoteWithViewer(user, jam, entryId, noteId);
  read.catch(() => undefined);
  await allowed;
  const { viewer, note } = await read;
  if ((note.hiddenAt !== null) === hidden) return toNoteDto(note, viewer);
  const database = db();
  // The audit entry and the change: one batch, written only if nobody changed the note meanwhile.
  const unchanged = sql`exists (select 1 from ${notes} where ${notes.id} = ${note.id} and ${notes.hiddenAt} is ${hidden ? sql`null` : sql`not null`})`;
  const {
    note: [changed],
  } = await batchNamed(database, hideNoteStatements(database, user, { note, entry: viewer.entry }, hidden, {}, unchanged));
  if (!changed) return toNoteDto(await requireVisibleNote(viewer, noteId), viewer);
  return toNoteDto({ ...changed, authorName: note.authorName }, viewer);
}

/**
 * Hiding or showing a note as named statements for the caller's batch (one transaction, one round
 * trip, `batchNamed`): the audit entry (`audit`), then the note's update (`note`), which answers the
 * note when it happens. `onlyIf` (SQL) is the change's own condition; `details` values may be SQL.
 */
export function hideNoteStatements(
  database: Pick<Database, 'run' | 'update'>,
  user: SessionUser,
  { note, entry }: { note: Note; entry: Pick<Entry, 'id' | 'title'> },
  hidden: boolean,
  details: Record<string, unknown> = {},
  onlyIf: SQL = sql`1`,
) {
  return {
    audit: auditStatement(
      database,
      user,
      {
        action: hidden ? 'note.hide' : 'note.unhide',
        jamId: note.jamId,
        targetUserId: note.authorId,
        details: { noteId: note.id, entryId: entry.id, title: entry.title, text: note.text, ...details },
      },
      onlyIf,
    ),
    note: database
      .update(notes)
      .set(hidden ? { hiddenAt: new Date(), hiddenBy: user.id } : { hiddenAt: null, hiddenBy: null })
      .where(and(eq(notes.id, note.id), onlyIf))
      .returning(),
  };
}

/** The note and its entry for reporting: hidden notes only for those who may see them. */
export async function requireReportableNote(user: SessionUser, jam: Jam, entryId: number, noteId: number) {
  const { viewer, note } = await readNoteWithViewer(user, jam, entryId, noteId);
  return { entry: viewer.entry, note };
}
