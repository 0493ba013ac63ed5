/** Users: one's own account, and the administrators' user management. */
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '#db/schema';
import { userRow } from './fixtures';
import { ACTIVE_USERS, ADMINS, nextScratchId, type ReadRow, type Row } from './scene';

export const writes: Row[] = [
  {
    method: 'DELETE',
    pattern: '/api/me',
    allowed: ACTIVE_USERS,
    status: 204,
    call: (s) => ({ method: 'DELETE', path: '/api/me', json: { name: s.me?.name ?? s.bystander.name } }),
    effect: async (s, env) => expect(await userRow(env.db, s.me!.id)).toBeUndefined(),
  },
  {
    method: 'POST',
    pattern: '/api/users',
    allowed: ADMINS,
    status: 201,
    prepare: async (s, env) => {
      s.extra.newcomer = `${s.id}_new`;
      env.fakes.scratchApi.users.push({ username: s.extra.newcomer, id: nextScratchId() });
    },
    call: (s) => ({ method: 'POST', path: '/api/users', json: { name: s.extra.newcomer } }),
    effect: async (s, env) => {
      expect(
        await env.db
          .select()
          .from(users)
          .where(eq(sql`lower(${users.name})`, s.extra.newcomer!.toLowerCase())),
      ).toHaveLength(1);
    },
  },
  {
    method: 'PATCH',
    pattern: '/api/users/[id]',
    allowed: ADMINS,
    status: 200,
    call: (s) => ({ method: 'PATCH', path: `/api/users/${s.bystander.id}`, json: { isBanned: true } }),
    effect: async (s, env) => expect((await userRow(env.db, s.bystander.id))?.isBanned).toBe(true),
  },
  {
    method: 'DELETE',
    pattern: '/api/users/[id]',
    allowed: ADMINS,
    status: 204,
    call: (s) => ({ method: 'DELETE', path: `/api/users/${s.bystander.id}` }),
    effect: async (s, env) => expect(await userRow(env.db, s.bystander.id)).toBeUndefined(),
  },
];

export const reads: ReadRow[] = [
  {
    pattern: '/api/me',
    allowed: ACTIVE_USERS,
    path: () => '/api/me',
    shows: (s, reply) => expect(reply.body.user.name).toBe(s.me!.name),
  },
  {
    pattern: '/api/me/export',
    allowed: ACTIVE_USERS,
    path: () => '/api/me/export',
    // One's own file: the scene's others are in it only as the authors of what one saw.
    shows: (s, reply) => {
      expect(reply.body.profile.name).toBe(s.me!.name);
      expect(reply.headers.get('content-disposition')).toMatch(/^attachment; filename="itinerary-data-/);
      expect(JSON.stringify(reply.body)).not.toContain(s.bystander.name);
    },
  },
  {
    pattern: '/api/users',
    allowed: ADMINS,
    path: (s) => `/api/users?name=${s.bystander.name}`,
    shows: (s, reply) => expect(reply.body.users.map((user: { name: string }) => user.name)).toEqual([s.bystander.name]),
  },
  {
    pattern: '/api/users/[id]',
    allowed: ADMINS,
    path: (s) => `/api/users/${s.bystander.id}`,
    shows: (s, reply) => expect(reply.body.name).toBe(s.bystander.name),
  },
];
