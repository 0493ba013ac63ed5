/** Jam requests: asking for a jam, and the administrators approving or declining it. */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { jamRequests, jams } from '#db/schema';
import type { Environment } from '../../helpers/environment';
import { insertJamRequest } from '../../helpers/factories';
import { type Db, isManager } from './fixtures';
import { ACTIVE_USERS, ADMINS, HOUR, type ReadRow, type Row, type Scene } from './scene';

const requestRow = async (db: Db, id: number) => (await db.select().from(jamRequests).where(eq(jamRequests.id, id)))[0];

/** A pending jam request of the scene's bystander, for the administrators' rows. */
async function bystanderRequest(scene: Scene, env: Environment): Promise<void> {
  scene.extra.requestId = String((await insertJamRequest(env.db, scene.bystander.id, { name: `Asked in ${scene.id}` })).id);
}

export const writes: Row[] = [
  {
    method: 'POST',
    pattern: '/api/jam-requests',
    allowed: ACTIVE_USERS,
    status: 201,
    call: (s) => ({
      method: 'POST',
      path: '/api/jam-requests',
      json: {
        name: `Requested in ${s.id}`,
        description: 'Asked for by the authorization matrix.',
        startsAt: new Date(Date.now() + HOUR).toISOString(),
        endsAt: new Date(Date.now() + 2 * HOUR).toISOString(),
        note: 'Please!',
      },
    }),
    effect: async (s, env) => {
      const rows = await env.db.select().from(jamRequests).where(eq(jamRequests.requesterId, s.me!.id));
      expect(rows.map(({ name, status, note }) => ({ name, status, note }))).toEqual([
        { name: `Requested in ${s.id}`, status: 'pending', note: 'Please!' },
      ]);
    },
  },
  {
    method: 'PATCH',
    pattern: '/api/jam-requests/[id]',
    allowed: ADMINS,
    status: 200,
    prepare: bystanderRequest,
    call: (s) => ({
      method: 'PATCH',
      path: `/api/jam-requests/${s.extra.requestId}`,
      json: { description: `Edited in ${s.id}` },
    }),
    effect: async (s, env) =>
      expect((await requestRow(env.db, Number(s.extra.requestId)))?.description).toBe(`Edited in ${s.id}`),
  },
  {
    method: 'DELETE',
    pattern: '/api/jam-requests/[id]',
    // The requester withdraws their own request (each caller here withdraws one of theirs).
    allowed: ACTIVE_USERS,
    status: 204,
    prepare: async (s, env) => {
      s.extra.requestId = String((await insertJamRequest(env.db, (s.me ?? s.bystander).id)).id);
    },
    call: (s) => ({ method: 'DELETE', path: `/api/jam-requests/${s.extra.requestId}` }),
    effect: async (s, env) => expect(await requestRow(env.db, Number(s.extra.requestId))).toBeUndefined(),
  },
  {
    method: 'POST',
    pattern: '/api/jam-requests/[id]/approve',
    allowed: ADMINS,
    status: 201,
    prepare: bystanderRequest,
    call: (s) => ({ method: 'POST', path: `/api/jam-requests/${s.extra.requestId}/approve` }),
    effect: async (s, env, reply) => {
      const request = await requestRow(env.db, Number(s.extra.requestId));
      expect(request?.status).toBe('approved');
      const [jam] = await env.db.select().from(jams).where(eq(jams.id, request!.jamId!));
      expect(jam).toMatchObject({ name: `Asked in ${s.id}`, slug: reply.body.jam.slug });
      expect(await isManager(env.db, jam!.id, s.bystander.id)).toBe(true);
    },
  },
  {
    method: 'POST',
    pattern: '/api/jam-requests/[id]/decline',
    allowed: ADMINS,
    status: 200,
    prepare: bystanderRequest,
    call: (s) => ({ method: 'POST', path: `/api/jam-requests/${s.extra.requestId}/decline`, json: { reason: `No, ${s.id}.` } }),
    effect: async (s, env) =>
      expect(await requestRow(env.db, Number(s.extra.requestId))).toMatchObject({
        status: 'declined',
        declineReason: `No, ${s.id}.`,
      }),
  },
];

export const reads: ReadRow[] = [
  {
    pattern: '/api/me/jam-requests',
    allowed: ACTIVE_USERS,
    prepare: async (s, env) => {
      if (s.me) await insertJamRequest(env.db, s.me.id, { name: `Mine in ${s.id}` });
      await insertJamRequest(env.db, s.bystander.id, { name: `Theirs in ${s.id}` });
    },
    path: () => '/api/me/jam-requests',
    shows: (s, reply) =>
      expect(reply.body.requests.map((request: { name: string }) => request.name)).toEqual([`Mine in ${s.id}`]),
  },
  {
    pattern: '/api/jam-requests',
    allowed: ADMINS,
    prepare: async (s, env) => void (await insertJamRequest(env.db, s.bystander.id, { name: `Theirs in ${s.id}` })),
    // All statuses, newest first: this scene's request leads.
    path: () => '/api/jam-requests',
    shows: (s, reply) =>
      expect(reply.body.requests[0]).toMatchObject({ name: `Theirs in ${s.id}`, requester: { name: s.bystander.name } }),
  },
];
