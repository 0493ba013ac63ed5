/** Judges (issue 42 §2): a jam's judges, their invitations and their private feedback on entries. */
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { jamJudges, judgeFeedback } from '#db/schema';
import type { Environment } from '../../helpers/environment';
import type { Db } from './fixtures';
import { ACTIVE_USERS, MANAGERS, type ReadRow, type Row, type Scene } from './scene';

const seatOf = async (db: Db, jamId: number, userId: number) =>
  (
    await db
      .select()
      .from(jamJudges)
      .where(and(eq(jamJudges.jamId, jamId), eq(jamJudges.userId, userId)))
  )[0];

const feedbackOf = async (db: Db, entryId: number, judgeId: number) =>
  (
    await db
      .select()
      .from(judgeFeedback)
      .where(and(eq(judgeFeedback.entryId, entryId), eq(judgeFeedback.judgeId, judgeId)))
  )[0];

/** `userId` invited to judge the scene's jam (accepted: a judge). */
const seat = (scene: Scene, env: Environment, userId: number, status: 'invited' | 'accepted' = 'invited') =>
  env.db.insert(jamJudges).values({ jamId: scene.jam.id, userId, status, invitedBy: scene.coManager.id });

/** Every caller with a session judges the scene's jam: who may write feedback is decided by the judge's seat. */
const meAsJudge = async (s: Scene, env: Environment) => void (s.me && (await seat(s, env, s.me.id, 'accepted')));

export const writes: Row[] = [
  {
    method: 'POST',
    pattern: '/api/jams/[slug]/judges',
    allowed: MANAGERS,
    status: 201,
    call: (s) => ({ method: 'POST', path: `/api/jams/${s.jam.slug}/judges`, json: { name: s.bystander.name } }),
    effect: async (s, env) => expect((await seatOf(env.db, s.jam.id, s.bystander.id))?.status).toBe('invited'),
  },
  {
    method: 'DELETE',
    pattern: '/api/jams/[slug]/judges/[name]',
    // Someone else's seat: the jam's managers and administrators (a judge may step down: tests/api/judges.test.ts).
    allowed: MANAGERS,
    status: 204,
    prepare: async (s, env) => void (await seat(s, env, s.bystander.id)),
    call: (s) => ({ method: 'DELETE', path: `/api/jams/${s.jam.slug}/judges/${s.bystander.name}` }),
    effect: async (s, env) => expect(await seatOf(env.db, s.jam.id, s.bystander.id)).toBeUndefined(),
  },
  {
    method: 'PUT',
    pattern: '/api/me/judge-invitations/[slug]',
    allowed: ACTIVE_USERS,
    status: 200,
    prepare: async (s, env) => void (s.me && (await seat(s, env, s.me.id))),
    call: (s) => ({ method: 'PUT', path: `/api/me/judge-invitations/${s.jam.slug}` }),
    effect: async (s, env) => expect((await seatOf(env.db, s.jam.id, s.me!.id))?.status).toBe('accepted'),
  },
  {
    method: 'DELETE',
    pattern: '/api/me/judge-invitations/[slug]',
    allowed: ACTIVE_USERS,
    status: 200,
    prepare: async (s, env) => void (s.me && (await seat(s, env, s.me.id))),
    call: (s) => ({ method: 'DELETE', path: `/api/me/judge-invitations/${s.jam.slug}` }),
    effect: async (s, env) => expect(await seatOf(env.db, s.jam.id, s.me!.id)).toBeUndefined(),
  },
  {
    method: 'PUT',
    pattern: '/api/jams/[slug]/entries/[id]/judge-feedback',
    allowed: ACTIVE_USERS,
    status: 200,
    prepare: meAsJudge,
    call: (s) => ({
      method: 'PUT',
      path: `/api/jams/${s.jam.slug}/entries/${s.entry.id}/judge-feedback`,
      json: { text: 'Lovely colours and a clever level.' },
    }),
    effect: async (s, env) =>
      expect((await feedbackOf(env.db, s.entry.id, s.me!.id))?.text).toBe('Lovely colours and a clever level.'),
  },
  {
    method: 'DELETE',
    pattern: '/api/jams/[slug]/entries/[id]/judge-feedback',
    allowed: ACTIVE_USERS,
    status: 200,
    prepare: async (s, env) => {
      await meAsJudge(s, env);
      if (s.me)
        await env.db.insert(judgeFeedback).values({ entryId: s.entry.id, judgeId: s.me.id, jamId: s.jam.id, text: 'Nice!' });
    },
    call: (s) => ({ method: 'DELETE', path: `/api/jams/${s.jam.slug}/entries/${s.entry.id}/judge-feedback` }),
    effect: async (s, env) => expect(await feedbackOf(env.db, s.entry.id, s.me!.id)).toBeUndefined(),
  },
];

export const reads: ReadRow[] = [
  {
    pattern: '/api/jams/[slug]/judges',
    allowed: MANAGERS,
    prepare: async (s, env) => void (await seat(s, env, s.bystander.id, 'accepted')),
    path: (s) => `/api/jams/${s.jam.slug}/judges`,
    shows: (s, reply) =>
      expect(reply.body.judges.map((row: { name: string; status: string }) => [row.name, row.status])).toEqual([
        [s.bystander.name, 'accepted'],
      ]),
  },
  {
    pattern: '/api/me/judge-invitations',
    allowed: ACTIVE_USERS,
    prepare: async (s, env) => {
      if (s.me) await seat(s, env, s.me.id);
      await seat(s, env, s.bystander.id);
    },
    path: () => '/api/me/judge-invitations',
    shows: (s, reply) =>
      expect(
        reply.body.invitations.map((row: { jam: { slug: string }; invitedBy: string }) => [row.jam.slug, row.invitedBy]),
      ).toEqual([[s.jam.slug, s.coManager.name]]),
  },
  {
    pattern: '/api/jams/[slug]/entries/[id]/judge-feedback',
    // The entry's team (its submitter is nobody else in the scene) and the jam's managers; a judge reads their own.
    allowed: MANAGERS,
    prepare: async (s, env) => {
      await seat(s, env, s.bystander.id, 'accepted');
      await env.db
        .insert(judgeFeedback)
        .values({ entryId: s.entry.id, judgeId: s.bystander.id, jamId: s.jam.id, text: 'Great jumps!' });
    },
    path: (s) => `/api/jams/${s.jam.slug}/entries/${s.entry.id}/judge-feedback`,
    shows: (s, reply) =>
      expect(reply.body.feedback.map((row: { judge: { name: string }; text: string }) => [row.judge.name, row.text])).toEqual([
        [s.bystander.name, 'Great jumps!'],
      ]),
  },
];
