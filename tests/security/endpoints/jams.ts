/** Jams: creating, editing and deleting a jam, its settings, joining it, its managers, the Markdown preview. */
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { jamParticipants, jams, votes } from '#db/schema';
import { insertVote } from '../../helpers/factories';
import { type Db, isManager } from './fixtures';
import { ACTIVE_USERS, ADMINS, HOUR, MANAGERS, type ReadRow, type Row } from './scene';

const jamRow = async (db: Db, id: number) => (await db.select().from(jams).where(eq(jams.id, id)))[0];

const hasJoined = async (db: Db, jamId: number, userId: number) =>
  (
    await db
      .select()
      .from(jamParticipants)
      .where(and(eq(jamParticipants.jamId, jamId), eq(jamParticipants.userId, userId)))
  ).length === 1;

export const writes: Row[] = [
  {
    method: 'POST',
    pattern: '/api/jams',
    allowed: ADMINS,
    status: 201,
    call: (s) => ({
      method: 'POST',
      path: '/api/jams',
      json: {
        name: `Matrix jam ${s.id}`,
        description: 'Made by the authorization matrix.',
        startsAt: new Date(Date.now() + HOUR).toISOString(),
        endsAt: new Date(Date.now() + 2 * HOUR).toISOString(),
      },
    }),
    effect: async (s, env) => {
      expect(
        await env.db
          .select()
          .from(jams)
          .where(eq(jams.name, `Matrix jam ${s.id}`)),
      ).toHaveLength(1);
    },
  },
  {
    method: 'PATCH',
    pattern: '/api/jams/[slug]',
    allowed: MANAGERS,
    status: 200,
    call: (s) => ({ method: 'PATCH', path: `/api/jams/${s.jam.slug}`, json: { description: `Edited in ${s.id}` } }),
    effect: async (s, env) => expect((await jamRow(env.db, s.jam.id))?.description).toBe(`Edited in ${s.id}`),
  },
  {
    method: 'DELETE',
    pattern: '/api/jams/[slug]',
    allowed: ADMINS,
    status: 204,
    call: (s) => ({ method: 'DELETE', path: `/api/jams/${s.jam.slug}` }),
    effect: async (s, env) => expect(await jamRow(env.db, s.jam.id)).toBeUndefined(),
  },
  {
    method: 'PUT',
    pattern: '/api/jams/[slug]/advanced',
    allowed: ADMINS,
    status: 200,
    call: (s) => ({ method: 'PUT', path: `/api/jams/${s.jam.slug}/advanced`, json: { mystery: true } }),
    effect: async (s, env) => expect((await jamRow(env.db, s.jam.id))?.mystery).toBe(true),
  },
  {
    method: 'PUT',
    pattern: '/api/jams/[slug]/results',
    jam: 'ended',
    allowed: MANAGERS,
    status: 200,
    prepare: async (s, env) => {
      await env.db.update(jams).set({ results: 'manual' }).where(eq(jams.id, s.jam.id));
    },
    call: (s) => ({ method: 'PUT', path: `/api/jams/${s.jam.slug}/results` }),
    effect: async (s, env) => expect((await jamRow(env.db, s.jam.id))?.resultsPublishedAt).toBeInstanceOf(Date),
  },
  {
    method: 'PUT',
    pattern: '/api/jams/[slug]/featured',
    allowed: ADMINS,
    status: 200,
    call: (s) => ({ method: 'PUT', path: `/api/jams/${s.jam.slug}/featured`, json: { featured: true } }),
    effect: async (s, env) => expect((await jamRow(env.db, s.jam.id))?.featured).toBe(true),
  },
  {
    method: 'DELETE',
    pattern: '/api/jams/[slug]/votes',
    allowed: ADMINS,
    status: 200,
    prepare: async (s, env) => insertVote(env.db, s.jam.id, s.entry.id, s.bystander.id),
    call: (s) => ({ method: 'DELETE', path: `/api/jams/${s.jam.slug}/votes` }),
    effect: async (s, env) => expect(await env.db.select().from(votes).where(eq(votes.jamId, s.jam.id))).toEqual([]),
  },
  {
    method: 'PUT',
    pattern: '/api/jams/[slug]/participation',
    allowed: ACTIVE_USERS,
    status: 200,
    call: (s) => ({ method: 'PUT', path: `/api/jams/${s.jam.slug}/participation` }),
    effect: async (s, env) => {
      expect(await hasJoined(env.db, s.jam.id, s.me!.id)).toBe(true);
      expect((await jamRow(env.db, s.jam.id))?.participantCount).toBe(1); // kept by the triggers
    },
  },
  {
    method: 'DELETE',
    pattern: '/api/jams/[slug]/participation',
    allowed: ACTIVE_USERS,
    status: 200,
    prepare: async (s, env) => {
      if (s.me) await env.db.insert(jamParticipants).values({ jamId: s.jam.id, userId: s.me.id });
    },
    call: (s) => ({ method: 'DELETE', path: `/api/jams/${s.jam.slug}/participation` }),
    effect: async (s, env) => expect(await hasJoined(env.db, s.jam.id, s.me!.id)).toBe(false),
  },
  {
    method: 'POST',
    pattern: '/api/jams/[slug]/managers',
    allowed: MANAGERS,
    status: 201,
    call: (s) => ({ method: 'POST', path: `/api/jams/${s.jam.slug}/managers`, json: { name: s.bystander.name } }),
    effect: async (s, env) => expect(await isManager(env.db, s.jam.id, s.bystander.id)).toBe(true),
  },
  {
    method: 'DELETE',
    pattern: '/api/jams/[slug]/managers/[name]',
    allowed: MANAGERS,
    status: 204,
    call: (s) => ({ method: 'DELETE', path: `/api/jams/${s.jam.slug}/managers/${s.coManager.name}` }),
    effect: async (s, env) => expect(await isManager(env.db, s.jam.id, s.coManager.id)).toBe(false),
  },
  {
    method: 'POST',
    pattern: '/api/markdown-preview',
    allowed: ACTIVE_USERS,
    status: 200,
    call: () => ({ method: 'POST', path: '/api/markdown-preview', json: { markdown: '**bold**' } }),
    // Changes nothing by design; the matrix checks the database stayed the same.
    effect: async (_s, _env, reply) => expect(reply.body).toEqual({ html: '<p><strong>bold</strong></p>\n' }),
  },
];

export const reads: ReadRow[] = [
  {
    pattern: '/api/jams/[slug]/managers',
    allowed: MANAGERS,
    path: (s) => `/api/jams/${s.jam.slug}/managers`,
    shows: (s, reply) => expect(reply.body.managers.map((manager: { name: string }) => manager.name)).toContain(s.coManager.name),
  },
];
