/** Feedback: kudos stickers and notes on an entry. */
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditLog, heldTexts, kudos, notes } from '#db/schema';
import { insertNote } from '../../helpers/factories';
import { bystanderNote, type Db, entryRow, notePath, noteRow } from './fixtures';
import { ACTIVE_USERS, MANAGERS, type Row } from './scene';

const hasKudos = async (db: Db, entryId: number, giverId: number) =>
  (
    await db
      .select()
      .from(kudos)
      .where(and(eq(kudos.entryId, entryId), eq(kudos.giverId, giverId), eq(kudos.sticker, 'fun')))
  ).length === 1;

export const writes: Row[] = [
  {
    method: 'PUT',
    pattern: '/api/jams/[slug]/entries/[id]/kudos/[sticker]',
    allowed: ACTIVE_USERS,
    status: 200,
    call: (s) => ({ method: 'PUT', path: `/api/jams/${s.jam.slug}/entries/${s.entry.id}/kudos/fun` }),
    effect: async (s, env) => {
      expect(await hasKudos(env.db, s.entry.id, s.me!.id)).toBe(true);
      expect((await entryRow(env.db, s.entry.id))!.kudosCount).toBe(1);
    },
  },
  {
    method: 'DELETE',
    pattern: '/api/jams/[slug]/entries/[id]/kudos/[sticker]',
    allowed: ACTIVE_USERS,
    status: 200,
    prepare: async (s, env) => {
      if (s.me) await env.db.insert(kudos).values({ entryId: s.entry.id, giverId: s.me.id, sticker: 'fun', jamId: s.jam.id });
    },
    call: (s) => ({ method: 'DELETE', path: `/api/jams/${s.jam.slug}/entries/${s.entry.id}/kudos/fun` }),
    effect: async (s, env) => expect(await hasKudos(env.db, s.entry.id, s.me!.id)).toBe(false),
  },
  {
    method: 'POST',
    pattern: '/api/jams/[slug]/entries/[id]/notes',
    allowed: ACTIVE_USERS,
    status: 201,
    call: (s) => ({
      method: 'POST',
      path: `/api/jams/${s.jam.slug}/entries/${s.entry.id}/notes`,
      json: { text: `Fun game, from ${s.id}` },
    }),
    effect: async (s, env) =>
      expect(await env.db.select().from(notes).where(eq(notes.entryId, s.entry.id))).toEqual([
        expect.objectContaining({ authorId: s.me!.id, text: `Fun game, from ${s.id}`, hiddenAt: null }),
      ]),
  },
  {
    // The note's writer (here: the caller's own note) and the entry's author; managers hide instead
    // (tests/api/notes.test.ts refuses everyone else).
    method: 'DELETE',
    pattern: '/api/jams/[slug]/entries/[id]/notes/[noteId]',
    allowed: ACTIVE_USERS,
    status: 204,
    prepare: async (s, env) => {
      s.extra.noteId = String((await insertNote(env.db, s.entry, (s.me ?? s.bystander).id, `Mine, ${s.id}`)).id);
    },
    call: (s) => ({ method: 'DELETE', path: notePath(s) }),
    effect: async (s, env) => expect(await noteRow(env.db, s.extra.noteId!)).toBeUndefined(),
  },
  {
    method: 'PUT',
    pattern: '/api/jams/[slug]/entries/[id]/notes/[noteId]/hidden',
    allowed: MANAGERS,
    status: 200,
    prepare: bystanderNote,
    call: (s) => ({ method: 'PUT', path: notePath(s, '/hidden'), json: { hidden: true } }),
    effect: async (s, env) => {
      expect((await noteRow(env.db, s.extra.noteId!))?.hiddenBy).toBe(s.me!.id);
      const audits = await env.db.select().from(auditLog).where(eq(auditLog.jamId, s.jam.id));
      expect(audits.map((row) => row.action)).toEqual(['note.hide']);
    },
  },
  {
    // Issue 53: a note the guard held, approved by a manager of the jam or an administrator.
    method: 'PUT',
    pattern: '/api/jams/[slug]/entries/[id]/notes/[noteId]/review',
    allowed: MANAGERS,
    status: 200,
    prepare: async (s, env) => {
      await bystanderNote(s, env);
      await env.db
        .update(notes)
        .set({ heldAt: new Date(), heldRule: 'personal' })
        .where(eq(notes.id, Number(s.extra.noteId)));
    },
    call: (s) => ({ method: 'PUT', path: notePath(s, '/review'), json: { decision: 'approve' } }),
    effect: async (s, env) => {
      expect((await noteRow(env.db, s.extra.noteId!))?.heldAt).toBeNull();
      const audits = await env.db.select().from(auditLog).where(eq(auditLog.jamId, s.jam.id));
      expect(audits.map((row) => row.action)).toEqual(['note.approve']);
    },
  },
  {
    // Issue 53: an answer the guard held, refused by a manager of the jam or an administrator.
    method: 'PUT',
    pattern: '/api/jams/[slug]/held-texts/[id]/review',
    allowed: MANAGERS,
    status: 200,
    prepare: async (s, env) => {
      const [held] = await env.db
        .insert(heldTexts)
        .values({
          jamId: s.jam.id,
          authorId: s.submitter.id,
          field: 'entryAnswersSchema.answers',
          target: 'answer',
          targetId: s.entry.id,
          path: '1',
          text: 'Held for a moderator',
          rule: 'personal',
        })
        .returning({ id: heldTexts.id });
      s.extra.heldTextId = String(held!.id);
    },
    call: (s) => ({
      method: 'PUT',
      path: `/api/jams/${s.jam.slug}/held-texts/${s.extra.heldTextId}/review`,
      json: { decision: 'refuse' },
    }),
    effect: async (s, env) => {
      expect(
        await env.db
          .select()
          .from(heldTexts)
          .where(eq(heldTexts.id, Number(s.extra.heldTextId))),
      ).toEqual([]);
      const audits = await env.db.select().from(auditLog).where(eq(auditLog.jamId, s.jam.id));
      expect(audits.map((row) => row.action)).toEqual(['text.refuse']);
    },
  },
];
