/**
 * Notes the guard held for a moderator (issue 53): kept, shown only to their writer ("waiting for a
 * moderator") and in the moderation queue of the jam's managers and the administrators, who approve
 * (everyone sees it) or refuse (hidden) each, audited; the moderators are told in their inbox.
 */
import { and, eq, sql } from 'drizzle-orm';
import { type Entry, type Jam, entries, guardOutcomes, jamManagers, jams, notes, users } from '#db/schema';
import type { HeldNoteDto, NoteDto } from '#lib/schemas/notes';
import { auditStatement } from '#server/activity/audit';
import { requireJamPermission } from '#server/auth/permissions';
import { conflict } from '#server/platform/errors';
import { notifyStatement } from '#server/inbox/notify';
import { db } from '#server/platform/db';
import { batchNamed } from '#server/platform/named';
import type { SessionUser } from '#server/auth/session';
import { readNoteWithViewer, toNoteDto } from './note-reads';

/** When the person's account was made (a new account's links and long numbers are held, not refused). */
export async function accountCreatedAt(userId: number): Promise<Date | null> {
  const [row] = await db().select({ at: users.createdAt }).from(users).where(eq(users.id, userId));
  return row?.at ?? null;
}

/**
 * Keeps a held note: shown only to its writer ("waiting for a moderator") and in the moderation queue;
 * the jam's managers and the administrators are told in their inbox (not the writer, if one of them),
 * and the hold is counted for the admin dashboard (rule and field, never the text). One batch.
 */
export async function holdNote(
  user: SessionUser,
  jam: Jam,
  entry: Entry,
  text: string,
  rule: string,
  canHide: boolean,
): Promise<NoteDto> {
  const database = db();
  const newNoteId = sql`(select max(${notes.id}) from ${notes} where ${notes.authorId} = ${user.id})`;
  const [[note]] = await database.batch([
    database
      .insert(notes)
      .values({ entryId: entry.id, jamId: jam.id, authorId: user.id, text, heldAt: new Date(), heldRule: rule })
      .returning(),
    database.insert(guardOutcomes).values({ field: 'noteInputSchema.text', rule, outcome: 'hold' }),
    database.run(sql`insert into notifications (user_id, kind, key, jam_id, entry_id, data)
      select m.user_id, 'report', 'held-note:' || ${newNoteId}, ${jam.id}, ${entry.id},
        json_object('item', 'note', 'held', json('true'), 'noteId', ${newNoteId}, 'queue', m.queue)
      from (select ${users.id} as user_id, 'admin' as queue from ${users} where ${users.isAdmin} = 1 and ${users.isBanned} = 0
        union all select ${jamManagers.userId}, 'jam' from ${jamManagers} where ${jamManagers.jamId} = ${jam.id}
          and ${jamManagers.userId} not in (select ${users.id} from ${users} where ${users.isAdmin} = 1 and ${users.isBanned} = 0)) m
      where m.user_id <> ${user.id}
      on conflict do nothing`),
  ]);
  return toNoteDto({ ...note!, authorName: user.name }, { user, entry, canHide });
}

export type HeldNoteDecision = 'approve' | 'refuse';

/**
 * A manager of the jam or an administrator approves a held note (shown to everyone from now on, and
 * its entry's submitter told) or refuses it (hidden, kept for the audit). Audited `note.approve` /
 * `note.refuse`; a note that is not held (any more) answers 409.
 */
export async function reviewHeldNote(
  user: SessionUser,
  jam: Jam,
  entryId: number,
  noteId: number,
  decision: HeldNoteDecision,
): Promise<NoteDto> {
  const allowed = requireJamPermission(user, jam.id, 'jam:hide-notes');
  const read = readNoteWithViewer(user, jam, entryId, noteId);
  read.catch(() => undefined);
  await allowed;
  const { viewer, note } = await read;
  if (note.heldAt === null) throw conflict('That note is not waiting for a moderator.');
  const database = db();
  const stillHeld = sql`exists (select 1 from ${notes} where ${notes.id} = ${note.id} and ${notes.heldAt} is not null)`;
  const {
    note: [changed],
  } = await batchNamed(database, {
    audit: auditStatement(
      database,
      user,
      {
        action: decision === 'approve' ? 'note.approve' : 'note.refuse',
        jamId: note.jamId,
        targetUserId: note.authorId,
        details: { noteId: note.id, entryId: viewer.entry.id, title: viewer.entry.title, text: note.text, rule: note.heldRule },
      },
      stillHeld,
    ),
    note: database
      .update(notes)
      .set(decision === 'approve' ? { heldAt: null } : { heldAt: null, hiddenAt: new Date(), hiddenBy: user.id })
      .where(and(eq(notes.id, note.id), stillHeld))
      .returning(),
    told:
      decision === 'approve'
        ? notifyStatement(database, [
            {
              userId: viewer.entry.submitterId,
              kind: 'note',
              key: `note:${note.id}`,
              groupKey: `note:${viewer.entry.id}`,
              jamId: jam.id,
              entryId: viewer.entry.id,
              actorId: note.authorId,
              data: { noteId: note.id },
            },
          ])
        : undefined,
    // The moderators' inbox items about it are done.
    done: database.run(sql`delete from notifications where key = ${`held-note:${note.id}`}`),
  });
  if (!changed) throw conflict('That note is not waiting for a moderator.');
  return toNoteDto({ ...changed, authorName: note.authorName }, viewer);
}

/** The held notes a moderator may review (every one for administrators, their jams' for managers; banned people none), oldest first. */
export async function heldNotesFor(user: SessionUser, scope: 'all' | { jamIds: number[] }): Promise<HeldNoteDto[]> {
  if (user.isBanned) return [];
  const rows = await db()
    .select({
      id: notes.id,
      text: notes.text,
      rule: notes.heldRule,
      heldAt: notes.heldAt,
      entryId: entries.id,
      title: entries.title,
      slug: jams.slug,
      jamName: jams.name,
      authorId: users.id,
      authorName: users.name,
    })
    .from(notes)
    .innerJoin(entries, eq(entries.id, notes.entryId))
    .innerJoin(jams, eq(jams.id, notes.jamId))
    .innerJoin(users, eq(users.id, notes.authorId))
    .where(
      and(
        sql`${notes.heldAt} is not null`,
        scope === 'all'
          ? undefined
          : sql`${notes.jamId} in (select ${jamManagers.jamId} from ${jamManagers} where ${jamManagers.userId} = ${user.id})`,
      ),
    )
    .orderBy(notes.heldAt)
    .limit(100);
  return rows.map((row) => ({
    id: row.id,
    text: row.text,
    rule: row.rule ?? 'word',
    heldAt: (row.heldAt ?? new Date(0)).toISOString(),
    entry: { id: row.entryId, title: row.title },
    jam: { slug: row.slug, name: row.jamName },
    author: { id: row.authorId, name: row.authorName },
  }));
}
