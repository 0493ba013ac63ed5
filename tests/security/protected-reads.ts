/**
 * One row per read (GET) endpoint that needs a session: who may read it and what an allowed read
 * shows. The authorization matrix walks these rows × every kind of visitor, and fails when a route
 * file declares a GET endpoint for a user, manager or administrator without a row here.
 */
import { expect } from 'vitest';
import { auditLog, blockedWords, entryCredits, notifications } from '#db/schema';
import { insertJamRequest, insertReport } from '../helpers/factories';
import { declaredRoutes } from './api-routes';
import type { Environment, Reply } from '../helpers/environment';
import { ROLES, type Role, type Scene, sceneWord } from './mutating-endpoints';

export interface ReadRow {
  pattern: string;
  allowed: readonly Role[];
  prepare?: (scene: Scene, env: Environment) => Promise<void>;
  path: (scene: Scene) => string;
  /** Checks what an allowed read answered. */
  shows: (scene: Scene, reply: Reply) => void;
}

const ACTIVE_USERS: readonly Role[] = ROLES.filter((role) => role !== 'anonymous' && role !== 'banned');
/** Administrators, and anyone who manages some jam (they see their jams' entries only). */
const MODERATORS: readonly Role[] = ['otherManager', 'manager', 'admin'];
const MANAGERS: readonly Role[] = ['manager', 'admin'];
const ADMINS: readonly Role[] = ['admin'];

/** An audit entry on the scene's jam and one on the other jam, so a jam's activity shows only its own. */
async function someActivity(scene: Scene, env: Environment): Promise<void> {
  await env.db.insert(auditLog).values([
    {
      actorId: scene.coManager.id,
      actorName: scene.coManager.name,
      action: 'jam.update',
      jamId: scene.jam.id,
      details: { fields: ['body'] },
    },
    {
      actorId: scene.coManager.id,
      actorName: scene.coManager.name,
      action: 'jam.update',
      jamId: scene.otherJam.id,
      details: { fields: ['name'] },
    },
  ]);
}

export const READ_ROWS: ReadRow[] = [
  {
    pattern: '/api/filter/words',
    allowed: ADMINS,
    prepare: async (s, env) => void (await env.db.insert(blockedWords).values({ word: sceneWord(s) })),
    path: () => '/api/filter/words',
    shows: (s, reply) => expect(reply.body.words.map((row: { word: string }) => row.word)).toContain(sceneWord(s)),
  },
  {
    pattern: '/api/activity',
    allowed: ADMINS,
    prepare: someActivity,
    path: (s) => `/api/activity?user=${s.coManager.name}`,
    shows: (s, reply) =>
      expect(reply.body.entries.map((entry: { jam: { id: number } }) => entry.jam.id)).toEqual([s.otherJam.id, s.jam.id]),
  },
  {
    pattern: '/api/jams/[slug]/activity',
    allowed: MANAGERS,
    prepare: someActivity,
    path: (s) => `/api/jams/${s.jam.slug}/activity?jam=${s.otherJam.slug}`,
    shows: (s, reply) => expect(reply.body.entries.map((entry: { jam: { id: number } }) => entry.jam.id)).toEqual([s.jam.id]),
  },
  {
    pattern: '/api/jams/[slug]/review',
    allowed: MANAGERS,
    path: (s) => `/api/jams/${s.jam.slug}/review`,
    shows: (s, reply) =>
      expect(reply.body.entries.map((entry: { id: number; review: string }) => [entry.id, entry.review])).toEqual([
        [s.entry.id, 'open'],
      ]),
  },
  {
    pattern: '/api/jams/[slug]/managers',
    allowed: MANAGERS,
    path: (s) => `/api/jams/${s.jam.slug}/managers`,
    shows: (s, reply) => expect(reply.body.managers.map((manager: { name: string }) => manager.name)).toContain(s.coManager.name),
  },
  {
    pattern: '/api/jams/[slug]/entries.csv',
    allowed: MANAGERS,
    path: (s) => `/api/jams/${s.jam.slug}/entries.csv`,
    shows: (s, reply) => expect(String(reply.body)).toContain(`Project ${s.entry.scratchId}`),
  },
  {
    pattern: '/api/jams/[slug]/my-votes',
    allowed: ACTIVE_USERS,
    path: (s) => `/api/jams/${s.jam.slug}/my-votes`,
    shows: (_s, reply) => expect(reply.body).toMatchObject({ used: 0, entryIds: [] }),
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
  {
    pattern: '/api/me',
    allowed: ACTIVE_USERS,
    path: () => '/api/me',
    shows: (s, reply) => expect(reply.body.user.name).toBe(s.me!.name),
  },
  {
    pattern: '/api/me/invitations',
    allowed: ACTIVE_USERS,
    prepare: async (s, env) => {
      const invite = (userId: number) => ({ entryId: s.entry.id, userId, jamId: s.jam.id, invitedBy: s.submitter.id });
      await env.db.insert(entryCredits).values([...(s.me ? [invite(s.me.id)] : []), invite(s.bystander.id)]);
    },
    path: () => '/api/me/invitations',
    shows: (s, reply) =>
      expect(reply.body.invitations.map((row: { entryId: number; invitedBy: string }) => [row.entryId, row.invitedBy])).toEqual([
        [s.entry.id, s.submitter.name],
      ]),
  },
  {
    pattern: '/api/me/notifications',
    allowed: ACTIVE_USERS,
    prepare: async (s, env) => {
      const report = (userId: number, name: string) => ({
        userId,
        kind: 'request-declined' as const,
        key: `request:${s.id}`,
        data: { name, reason: 'No.' },
      });
      await env.db
        .insert(notifications)
        .values([...(s.me ? [report(s.me.id, `Mine in ${s.id}`)] : []), report(s.bystander.id, `Theirs in ${s.id}`)]);
    },
    path: () => '/api/me/notifications',
    shows: (s, reply) =>
      expect(reply.body.items.map((item: { data: { name: string } }) => item.data.name)).toEqual([`Mine in ${s.id}`]),
  },
  {
    pattern: '/api/me/notifications/unread',
    allowed: ACTIVE_USERS,
    prepare: async (s, env) => {
      await env.db
        .insert(notifications)
        .values([
          ...(s.me ? [{ userId: s.me.id, kind: 'report' as const, key: `report:${s.id}:1`, data: { item: 'jam' } }] : []),
          { userId: s.bystander.id, kind: 'report' as const, key: `report:${s.id}:1`, data: { item: 'jam' } },
          { userId: s.bystander.id, kind: 'report' as const, key: `report:${s.id}:2`, data: { item: 'jam' } },
        ]);
    },
    path: () => '/api/me/notifications/unread',
    shows: (_s, reply) => expect(reply.body).toEqual({ count: 1 }),
  },
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
  {
    pattern: '/api/auth/me',
    allowed: ACTIVE_USERS,
    path: () => '/api/auth/me',
    shows: (s, reply) => expect(reply.body.name).toBe(s.me!.name),
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

/** GET endpoints whose route files declare that they need a logged-in user of some role, as Astro patterns. */
export const protectedReads = () =>
  declaredRoutes()
    .filter((route) => route.method === 'GET' && ['user', 'manager', 'admin'].includes(route.access))
    .map((route) => route.pattern);
