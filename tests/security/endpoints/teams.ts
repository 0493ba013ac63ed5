/** Teams: the co-creators an entry credits and the invitations they answer. */
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { entryCredits } from '#db/schema';
import type { Environment } from '../../helpers/environment';
import { insertEntry } from '../../helpers/factories';
import type { Db } from './fixtures';
import { ACTIVE_USERS, MANAGERS, type ReadRow, type Row, type Scene, nextScratchId } from './scene';

/** The scene's team entry (issue 35): submitted by the caller (or, for a visitor, the scene's entry). */
async function ownEntry(scene: Scene, env: Environment): Promise<void> {
  scene.extra.entryId = scene.me
    ? String((await insertEntry(env.db, scene.jam.id, scene.me.id, nextScratchId(), { authorName: scene.me.name })).id)
    : String(scene.entry.id);
}

/** An invitation for `userId` to the scene's entry. */
const inviteTo = (scene: Scene, env: Environment, userId: number) =>
  env.db.insert(entryCredits).values({ entryId: scene.entry.id, userId, jamId: scene.jam.id, invitedBy: scene.submitter.id });

const membershipOf = async (db: Db, entryId: number, userId: number) =>
  (
    await db
      .select()
      .from(entryCredits)
      .where(and(eq(entryCredits.entryId, entryId), eq(entryCredits.userId, userId)))
  )[0];

export const writes: Row[] = [
  {
    method: 'POST',
    pattern: '/api/jams/[slug]/entries/[id]/credits',
    // Only an entry's submitter invites: here everyone logged in invites to an entry of their own.
    allowed: ACTIVE_USERS,
    status: 201,
    prepare: ownEntry,
    call: (s) => ({
      method: 'POST',
      path: `/api/jams/${s.jam.slug}/entries/${s.extra.entryId}/credits`,
      json: { name: s.bystander.name },
    }),
    effect: async (s, env) =>
      expect((await membershipOf(env.db, Number(s.extra.entryId), s.bystander.id))?.status).toBe('invited'),
  },
  {
    method: 'DELETE',
    pattern: '/api/jams/[slug]/entries/[id]/credits/[name]',
    // Taking someone else off a team: its submitter (not in the scene), the jam's managers, administrators.
    allowed: MANAGERS,
    status: 200,
    prepare: async (s, env) => void (await inviteTo(s, env, s.bystander.id)),
    call: (s) => ({ method: 'DELETE', path: `/api/jams/${s.jam.slug}/entries/${s.entry.id}/credits/${s.bystander.name}` }),
    effect: async (s, env) => expect(await membershipOf(env.db, s.entry.id, s.bystander.id)).toBeUndefined(),
  },
  {
    method: 'PUT',
    pattern: '/api/me/invitations/[entryId]',
    allowed: ACTIVE_USERS,
    status: 200,
    prepare: async (s, env) => void (s.me && (await inviteTo(s, env, s.me.id))),
    call: (s) => ({ method: 'PUT', path: `/api/me/invitations/${s.entry.id}` }),
    effect: async (s, env) => expect((await membershipOf(env.db, s.entry.id, s.me!.id))?.status).toBe('accepted'),
  },
  {
    method: 'DELETE',
    pattern: '/api/me/invitations/[entryId]',
    allowed: ACTIVE_USERS,
    status: 200,
    prepare: async (s, env) => void (s.me && (await inviteTo(s, env, s.me.id))),
    call: (s) => ({ method: 'DELETE', path: `/api/me/invitations/${s.entry.id}` }),
    effect: async (s, env) => expect(await membershipOf(env.db, s.entry.id, s.me!.id)).toBeUndefined(),
  },
];

export const reads: ReadRow[] = [
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
];
