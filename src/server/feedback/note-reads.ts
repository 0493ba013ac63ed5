/**
 * A note as its reader sees it: the DTO with what the reader may do to it, and one note of an entry
 * read with its viewer. Both the notes (notes.ts) and the held ones (held-notes.ts) answer through it.
 */
import { and, eq } from 'drizzle-orm';
import { type Entry, type Jam, type Note, notes, users } from '#db/schema';
import { avatarPath } from '#lib/avatars';
import type { NoteDto } from '#lib/schemas/notes';
import { can } from '#server/auth/permissions';
import type { SessionUser } from '#server/auth/session';
import { requireEntry } from '#server/entries/entries';
import { db } from '#server/platform/db';
import { notFound } from '#server/platform/errors';

const NO_SUCH_NOTE = 'That note does not exist (it may have been deleted).';

export interface Viewer {
  user: SessionUser | null;
  entry: Entry;
  canHide: boolean;
}

export type NoteRow = Note & { authorName: string };

export async function toNoteDto(row: NoteRow, { user, entry, canHide }: Viewer): Promise<NoteDto> {
  const mine = user !== null && row.authorId === user.id;
  return {
    id: row.id,
    text: row.text,
    author: { id: row.authorId, name: row.authorName, avatar: avatarPath(row.authorName) },
    createdAt: row.createdAt.toISOString(),
    mine,
    canDelete: await can(user, 'note:delete', { authorId: row.authorId, entrySubmitterId: entry.submitterId }),
    canHide,
    hidden: row.hiddenAt !== null,
    held: row.heldAt !== null,
  };
}

export const noteColumns = { note: notes, authorName: users.name };

/** One note of the entry as the viewer may see it (hidden ones only for those who may hide): 404 otherwise. */
export async function requireVisibleNote(viewer: Viewer, noteId: number): Promise<NoteRow> {
  const [row] = await db()
    .select(noteColumns)
    .from(notes)
    .innerJoin(users, eq(users.id, notes.authorId))
    .where(and(eq(notes.id, noteId), eq(notes.entryId, viewer.entry.id)));
  if (!row || (row.note.hiddenAt !== null && !viewer.canHide)) throw notFound(NO_SUCH_NOTE);
  return { ...row.note, authorName: row.authorName };
}

/**
 * The entry, whether the user may hide notes and the note, read side by side (one round trip); the
 * entry's 404 still comes before the note's.
 */
export async function readNoteWithViewer(user: SessionUser, jam: Jam, entryId: number, noteId: number) {
  const entryRead = requireEntry(jam, entryId);
  const canHideRead = can(user, 'jam:hide-notes', { jamId: jam.id });
  const noteRead = db()
    .select(noteColumns)
    .from(notes)
    .innerJoin(users, eq(users.id, notes.authorId))
    .where(and(eq(notes.id, noteId), eq(notes.entryId, entryId)));
  entryRead.catch(() => undefined);
  const [entry, canHide, [row]] = await Promise.all([entryRead, canHideRead, noteRead]);
  const viewer: Viewer = { user, entry, canHide };
  if (!row || (row.note.hiddenAt !== null && !viewer.canHide)) throw notFound(NO_SUCH_NOTE);
  return { viewer, note: { ...row.note, authorName: row.authorName } as NoteRow };
}
