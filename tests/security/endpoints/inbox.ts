/** The inbox: notifications and the private calendar feed. */
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { notifications, users } from '#db/schema';
import type { Environment } from '../../helpers/environment';
import { type Db, userRow } from './fixtures';
import { ACTIVE_USERS, type ReadRow, type Row, type Scene } from './scene';

/** A group key of the scene's own (group keys are `{kind}:{number}`). */
const sceneGroup = (scene: Scene) => `report:${scene.id.replace(/\D/g, '')}`;

/** An unread notification (a report) for the caller and one for the bystander, with the same key. */
async function unreadNotifications(scene: Scene, env: Environment): Promise<void> {
  const row = (userId: number) => ({ userId, kind: 'report' as const, key: `report:${scene.id}`, groupKey: sceneGroup(scene) });
  await env.db.insert(notifications).values([...(scene.me ? [row(scene.me.id)] : []), row(scene.bystander.id)]);
}

const unreadOf = (db: Db, userId: number) =>
  db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), sql`${notifications.readAt} is null`));

export const writes: Row[] = [
  {
    method: 'POST',
    pattern: '/api/me/notifications/read',
    allowed: ACTIVE_USERS,
    status: 200,
    prepare: unreadNotifications,
    call: (s) => ({ method: 'POST', path: '/api/me/notifications/read', json: { group: sceneGroup(s) } }),
    effect: async (s, env) => {
      expect(await unreadOf(env.db, s.me!.id)).toEqual([]);
      expect(await unreadOf(env.db, s.bystander.id)).toHaveLength(1);
    },
  },
  {
    method: 'POST',
    pattern: '/api/me/notifications/read-all',
    allowed: ACTIVE_USERS,
    status: 200,
    prepare: unreadNotifications,
    call: () => ({ method: 'POST', path: '/api/me/notifications/read-all' }),
    effect: async (s, env) => {
      expect(await unreadOf(env.db, s.me!.id)).toEqual([]);
      expect(await unreadOf(env.db, s.bystander.id)).toHaveLength(1);
    },
  },
  {
    method: 'POST',
    pattern: '/api/me/feed-token',
    allowed: ACTIVE_USERS,
    status: 200,
    call: () => ({ method: 'POST', path: '/api/me/feed-token' }),
    effect: async (s, env, reply) => {
      const token = (await userRow(env.db, s.me!.id))?.feedToken;
      expect(token).toMatch(/^[a-z2-7]{40}$/);
      expect(reply.body.calendar).toContain(`/feeds/${token}/my-jams.ics`);
    },
  },
  {
    method: 'DELETE',
    pattern: '/api/me/feed-token',
    allowed: ACTIVE_USERS,
    status: 204,
    prepare: async (s, env) => {
      if (s.me)
        await env.db
          .update(users)
          .set({ feedToken: `${s.id}`.padEnd(40, 'a').slice(0, 40) })
          .where(eq(users.id, s.me.id));
    },
    call: () => ({ method: 'DELETE', path: '/api/me/feed-token' }),
    effect: async (s, env) => expect((await userRow(env.db, s.me!.id))?.feedToken).toBeNull(),
  },
];

export const reads: ReadRow[] = [
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
];
