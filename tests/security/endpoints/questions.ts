/** Submission questions and late-submission windows (issue 42 §4, ADR 042). */
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { jams, lateSubmissions } from '#db/schema';
import type { Environment } from '../../helpers/environment';
import { insertEntry } from '../../helpers/factories';
import { type Db, entryRow } from './fixtures';
import { ACTIVE_USERS, HOUR, MANAGERS, type ReadRow, type Row, type Scene, nextScratchId } from './scene';

const QUESTIONS = [{ id: 1, kind: 'text' as const, prompt: 'Tools used', choices: [], required: false, private: true }];

/** The scene's jam asks one private question, and has a voting period a late window fits in. */
async function askAndVote(scene: Scene, env: Environment): Promise<void> {
  const votingEndsAt = new Date(scene.jam.endsAt.getTime() + 48 * HOUR);
  await env.db.update(jams).set({ questions: QUESTIONS, votingEndsAt }).where(eq(jams.id, scene.jam.id));
}

/** An entry of the caller's own (their team answers), or the scene's for a visitor. */
async function ownEntry(scene: Scene, env: Environment): Promise<void> {
  await askAndVote(scene, env);
  scene.extra.entryId = scene.me
    ? String((await insertEntry(env.db, scene.jam.id, scene.me.id, nextScratchId(), { authorName: scene.me.name })).id)
    : String(scene.entry.id);
}

const windowOf = async (db: Db, jamId: number, userId: number) =>
  (
    await db
      .select()
      .from(lateSubmissions)
      .where(and(eq(lateSubmissions.jamId, jamId), eq(lateSubmissions.userId, userId)))
  )[0];

export const writes: Row[] = [
  {
    method: 'PUT',
    pattern: '/api/jams/[slug]/entries/[id]/answers',
    // Only the entry's team: here everyone logged in answers for an entry of their own.
    allowed: ACTIVE_USERS,
    status: 200,
    prepare: ownEntry,
    call: (s) => ({
      method: 'PUT',
      path: `/api/jams/${s.jam.slug}/entries/${s.extra.entryId}/answers`,
      json: { answers: { '1': `Tools of ${s.id}` } },
    }),
    effect: async (s, env) =>
      expect((await entryRow(env.db, Number(s.extra.entryId)))?.answers).toEqual({ '1': `Tools of ${s.id}` }),
  },
  {
    method: 'PUT',
    pattern: '/api/jams/[slug]/late-submissions/[name]',
    allowed: MANAGERS,
    status: 200,
    prepare: askAndVote,
    call: (s) => ({
      method: 'PUT',
      path: `/api/jams/${s.jam.slug}/late-submissions/${s.bystander.name}`,
      json: { until: new Date(s.jam.endsAt.getTime() + 2 * HOUR).toISOString() },
    }),
    effect: async (s, env) =>
      expect((await windowOf(env.db, s.jam.id, s.bystander.id))?.until.getTime()).toBe(s.jam.endsAt.getTime() + 2 * HOUR),
  },
  {
    method: 'DELETE',
    pattern: '/api/jams/[slug]/late-submissions/[name]',
    allowed: MANAGERS,
    status: 204,
    prepare: async (s, env) => {
      await askAndVote(s, env);
      await env.db
        .insert(lateSubmissions)
        .values({ jamId: s.jam.id, userId: s.bystander.id, until: new Date(s.jam.endsAt.getTime() + HOUR) });
    },
    call: (s) => ({ method: 'DELETE', path: `/api/jams/${s.jam.slug}/late-submissions/${s.bystander.name}` }),
    effect: async (s, env) => expect(await windowOf(env.db, s.jam.id, s.bystander.id)).toBeUndefined(),
  },
];

export const reads: ReadRow[] = [
  {
    pattern: '/api/jams/[slug]/entries/[id]/answers',
    // Private answers: the entry's team (not in the scene), the jam's managers and administrators.
    allowed: MANAGERS,
    prepare: askAndVote,
    path: (s) => `/api/jams/${s.jam.slug}/entries/${s.entry.id}/answers`,
    shows: (s, reply) => expect(reply.body).toEqual({ entryId: s.entry.id, answers: [], late: false, waiting: {} }),
  },
  {
    pattern: '/api/jams/[slug]/late-submissions',
    allowed: MANAGERS,
    prepare: async (s, env) => {
      await askAndVote(s, env);
      await env.db
        .insert(lateSubmissions)
        .values({ jamId: s.jam.id, userId: s.bystander.id, until: new Date(s.jam.endsAt.getTime() + HOUR) });
    },
    path: (s) => `/api/jams/${s.jam.slug}/late-submissions`,
    shows: (s, reply) => expect(reply.body.grants).toMatchObject([{ name: s.bystander.name, entryId: null }]),
  },
];
