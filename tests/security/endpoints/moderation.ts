/** Moderation: reports and what is done about them, and the words filter. */
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { blockedWords, reports } from '#db/schema';
import type { Environment } from '../../helpers/environment';
import { insertReport } from '../../helpers/factories';
import { bystanderNote, type Db, entryRow, notePath, noteRow, sceneWord, userRow } from './fixtures';
import { ACTIVE_USERS, ADMINS, MANAGERS, MODERATORS, type ReadRow, type Row, type Scene } from './scene';

const reportsAbout = async (db: Db, jamId: number, entryId: number | null) =>
  db
    .select()
    .from(reports)
    .where(and(eq(reports.jamId, jamId), entryId === null ? sql`${reports.entryId} is null` : eq(reports.entryId, entryId)));

/** Two open reports about the scene's entry, by people with no part in the jam. */
async function reportedEntry(scene: Scene, env: Environment): Promise<void> {
  await insertReport(env.db, scene.bystander.id, { jamId: scene.jam.id, entryId: scene.entry.id }, 'spam');
  await insertReport(env.db, scene.coManager.id, { jamId: scene.jam.id, entryId: scene.entry.id }, 'inappropriate');
}

/** The bystander's note, reported twice by people with no part in the jam. */
async function reportedNote(scene: Scene, env: Environment): Promise<void> {
  await bystanderNote(scene, env);
  const target = { jamId: scene.jam.id, entryId: scene.entry.id, noteId: Number(scene.extra.noteId) };
  await env.db.insert(reports).values([
    { reporterId: scene.submitter.id, ...target, reason: 'spam' },
    { reporterId: scene.coManager.id, ...target, reason: 'inappropriate' },
  ]);
}

export const writes: Row[] = [
  {
    method: 'POST',
    pattern: '/api/jams/[slug]/report',
    allowed: ACTIVE_USERS,
    status: 201,
    call: (s) => ({ method: 'POST', path: `/api/jams/${s.jam.slug}/report`, json: { reason: 'spam', text: `From ${s.id}` } }),
    effect: async (s, env) =>
      expect(await reportsAbout(env.db, s.jam.id, null)).toEqual([
        expect.objectContaining({ reporterId: s.me!.id, reason: 'spam', text: `From ${s.id}`, status: 'open' }),
      ]),
  },
  {
    method: 'POST',
    pattern: '/api/jams/[slug]/entries/[id]/report',
    allowed: ACTIVE_USERS,
    status: 201,
    call: (s) => ({
      method: 'POST',
      path: `/api/jams/${s.jam.slug}/entries/${s.entry.id}/report`,
      json: { reason: 'personal-information' },
    }),
    effect: async (s, env) =>
      expect(await reportsAbout(env.db, s.jam.id, s.entry.id)).toEqual([
        expect.objectContaining({ reporterId: s.me!.id, reason: 'personal-information', text: '', status: 'open' }),
      ]),
  },
  {
    method: 'POST',
    pattern: '/api/jams/[slug]/entries/[id]/notes/[noteId]/report',
    allowed: ACTIVE_USERS,
    status: 201,
    prepare: bystanderNote,
    call: (s) => ({ method: 'POST', path: notePath(s, '/report'), json: { reason: 'spam' } }),
    effect: async (s, env) =>
      expect(
        await env.db
          .select()
          .from(reports)
          .where(eq(reports.noteId, Number(s.extra.noteId))),
      ).toEqual([expect.objectContaining({ reporterId: s.me!.id, jamId: s.jam.id, entryId: s.entry.id, status: 'open' })]),
  },
  {
    method: 'POST',
    pattern: '/api/reports/[item]/hide-note',
    allowed: MANAGERS,
    status: 200,
    prepare: reportedNote,
    call: (s) => ({ method: 'POST', path: `/api/reports/note-${s.extra.noteId}/hide-note` }),
    effect: async (s, env, reply) => {
      expect(reply.body).toEqual({ resolved: 2 });
      expect((await noteRow(env.db, s.extra.noteId!))?.hiddenAt).not.toBeNull();
      const rows = await env.db
        .select()
        .from(reports)
        .where(eq(reports.noteId, Number(s.extra.noteId)));
      expect(rows.map((row) => row.status)).toEqual(['actioned', 'actioned']);
    },
  },
  {
    method: 'PUT',
    pattern: '/api/filter/words/[word]',
    allowed: ADMINS,
    status: 200,
    call: (s) => ({ method: 'PUT', path: `/api/filter/words/${encodeURIComponent(sceneWord(s))}` }),
    effect: async (s, env) =>
      expect(
        await env.db
          .select()
          .from(blockedWords)
          .where(eq(blockedWords.word, sceneWord(s))),
      ).toEqual([expect.objectContaining({ addedBy: s.me!.id })]),
  },
  {
    method: 'DELETE',
    pattern: '/api/filter/words/[word]',
    allowed: ADMINS,
    status: 204,
    prepare: async (s, env) => void (await env.db.insert(blockedWords).values({ word: sceneWord(s) })),
    call: (s) => ({ method: 'DELETE', path: `/api/filter/words/${encodeURIComponent(sceneWord(s))}` }),
    effect: async (s, env) =>
      expect(
        await env.db
          .select()
          .from(blockedWords)
          .where(eq(blockedWords.word, sceneWord(s))),
      ).toEqual([]),
  },
  {
    method: 'POST',
    pattern: '/api/reports/[item]/dismiss',
    allowed: MANAGERS,
    status: 200,
    prepare: reportedEntry,
    call: (s) => ({ method: 'POST', path: `/api/reports/entry-${s.entry.id}/dismiss` }),
    effect: async (s, env, reply) => {
      expect(reply.body).toEqual({ resolved: 2 });
      const rows = await reportsAbout(env.db, s.jam.id, s.entry.id);
      expect(rows.map((row) => [row.status, row.resolverId])).toEqual([
        ['dismissed', s.me!.id],
        ['dismissed', s.me!.id],
      ]);
      expect(await entryRow(env.db, s.entry.id)).toBeDefined();
    },
  },
  {
    method: 'POST',
    pattern: '/api/reports/[item]/remove-entry',
    allowed: MANAGERS,
    status: 200,
    prepare: reportedEntry,
    call: (s) => ({ method: 'POST', path: `/api/reports/entry-${s.entry.id}/remove-entry` }),
    effect: async (s, env, reply) => {
      expect(reply.body).toEqual({ resolved: 2 });
      expect(await entryRow(env.db, s.entry.id)).toBeUndefined();
      expect(await reportsAbout(env.db, s.jam.id, s.entry.id)).toEqual([]); // they go with the entry
    },
  },
  {
    method: 'POST',
    pattern: '/api/reports/[item]/ban-author',
    allowed: ADMINS,
    status: 200,
    prepare: reportedEntry,
    call: (s) => ({ method: 'POST', path: `/api/reports/entry-${s.entry.id}/ban-author`, json: { removeEntry: false } }),
    effect: async (s, env, reply) => {
      expect(reply.body).toEqual({ resolved: 2 });
      expect((await userRow(env.db, s.submitter.id))?.isBanned).toBe(true);
      expect((await reportsAbout(env.db, s.jam.id, s.entry.id)).map((row) => row.status)).toEqual(['actioned', 'actioned']);
    },
  },
];

export const reads: ReadRow[] = [
  {
    pattern: '/api/filter/words',
    allowed: ADMINS,
    prepare: async (s, env) => void (await env.db.insert(blockedWords).values({ word: sceneWord(s) })),
    path: () => '/api/filter/words',
    shows: (s, reply) => expect(reply.body.words.map((row: { word: string }) => row.word)).toContain(sceneWord(s)),
  },
  {
    pattern: '/api/reports',
    allowed: MODERATORS,
    // Two reports, so the scene's entry comes before the single reports other cells leave behind.
    prepare: async (s, env) => {
      await insertReport(env.db, s.bystander.id, { jamId: s.jam.id, entryId: s.entry.id }, 'spam', 'Adverts');
      await insertReport(env.db, s.coManager.id, { jamId: s.jam.id, entryId: s.entry.id }, 'spam');
    },
    path: () => '/api/reports',
    shows: (s, reply) => {
      const item = reply.body.items.find((found: { key: string }) => found.key === `entry-${s.entry.id}`);
      if (s.role === 'otherManager') return expect(item).toBeUndefined(); // not their jam
      expect(item).toMatchObject({ count: 2, reasons: [{ reason: 'spam', count: 2 }] });
      // Reporters are for administrators only.
      const reporters = item.reports.map((report: { reporter: { name: string } | null }) => report.reporter?.name ?? null);
      expect(reporters).toEqual(s.role === 'admin' ? [s.coManager.name, s.bystander.name] : [null, null]);
    },
  },
];
