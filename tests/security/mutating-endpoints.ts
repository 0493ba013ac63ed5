/**
 * One row per endpoint that can change something: how to call it in a fresh scene, who may, and
 * what it does when allowed. The authorization matrix and the CSRF test both walk these rows;
 * both fail when src/pages/api/** has a write endpoint without a row here.
 */
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  type Entry,
  type Jam,
  auditLog,
  blockedWords,
  entries,
  entryCredits,
  jamManagers,
  jamParticipants,
  jamRequests,
  jams,
  kudos,
  loginTokens,
  notes,
  notifications,
  plays,
  reports,
  sessions,
  users,
  votes,
} from '#db/schema';
import type { JamStatus } from '#lib/jam-timing';
import { LOGIN_TOKEN_LIFETIME_MS } from '#server/auth/login-tokens';
import { generateSessionToken, hashToken } from '#server/auth/session';
import { type Environment, type Reply, type TestUser, readReply } from '../helpers/environment';
import {
  insertEntry,
  insertJam,
  insertJamRequest,
  insertManager,
  insertNote,
  insertReport,
  insertVote,
} from '../helpers/factories';

export const ROLES = ['anonymous', 'user', 'banned', 'otherManager', 'manager', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_NAMES: Record<Role, string> = {
  anonymous: 'anonymous visitor',
  user: 'logged-in user',
  banned: 'banned user',
  otherManager: 'manager of another jam',
  manager: 'manager of this jam',
  admin: 'administrator',
};

/** Everything one cell needs, created fresh so cells cannot affect each other. */
export interface Scene {
  id: string;
  role: Role;
  /** Who sends the request (null: nobody is logged in). */
  me: TestUser | null;
  jam: Jam;
  otherJam: Jam;
  /** Submitted to `jam` by `submitter`, who is nobody else in the scene. */
  entry: Entry;
  submitter: TestUser;
  /** A second manager of `jam`. */
  coManager: TestUser;
  /** A user with no part in anything. */
  bystander: TestUser;
  /** What a row's `prepare` wants to hand to `call` and `effect`. */
  extra: Record<string, string>;
}

export interface Call {
  method: string;
  path: string;
  json?: unknown;
  form?: Record<string, string>;
  cookies?: Record<string, string>;
}

export interface Row {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  pattern: string;
  /** The jam's timing in the scene (winners need it ended). */
  jam?: JamStatus;
  allowed: readonly Role[];
  /** The status of an allowed call. */
  status: number;
  /** For rows where refusal is not about the session (e.g. an endpoint that does not exist here). */
  refusal?: { status: number; code: string };
  prepare?: (scene: Scene, env: Environment) => Promise<void>;
  call: (scene: Scene) => Call;
  /** Checks the database once an allowed call went through. */
  effect: (scene: Scene, env: Environment, reply: Reply) => Promise<void>;
}

const EVERYONE = ROLES;
const LOGGED_IN: readonly Role[] = ['user', 'banned', 'otherManager', 'manager', 'admin'];
const ACTIVE_USERS: readonly Role[] = ['user', 'otherManager', 'manager', 'admin'];
const MANAGERS: readonly Role[] = ['manager', 'admin'];
const ADMINS: readonly Role[] = ['admin'];
const NOBODY: readonly Role[] = [];

const HOUR = 3_600_000;
let scratchIds = 700_000_000;

type Db = Environment['db'];
const jamRow = async (db: Db, id: number) => (await db.select().from(jams).where(eq(jams.id, id)))[0];
const entryRow = async (db: Db, id: number) => (await db.select().from(entries).where(eq(entries.id, id)))[0];
const userRow = async (db: Db, id: number) => (await db.select().from(users).where(eq(users.id, id)))[0];
const requestRow = async (db: Db, id: number) => (await db.select().from(jamRequests).where(eq(jamRequests.id, id)))[0];

/** A pending jam request of the scene's bystander, for the administrators' rows. */
async function bystanderRequest(scene: Scene, env: Environment): Promise<void> {
  scene.extra.requestId = String((await insertJamRequest(env.db, scene.bystander.id, { name: `Asked in ${scene.id}` })).id);
}
const hasJoined = async (db: Db, jamId: number, userId: number) =>
  (
    await db
      .select()
      .from(jamParticipants)
      .where(and(eq(jamParticipants.jamId, jamId), eq(jamParticipants.userId, userId)))
  ).length === 1;
/** The scene's team entry (issue 35): submitted by the caller (or, for a visitor, the scene's entry). */
async function ownEntry(scene: Scene, env: Environment): Promise<void> {
  scene.extra.entryId = scene.me
    ? String((await insertEntry(env.db, scene.jam.id, scene.me.id, (scratchIds += 1), { authorName: scene.me.name })).id)
    : String(scene.entry.id);
}
/** An invitation for `userId` to the scene's entry. */
const inviteTo = (scene: Scene, env: Environment, userId: number) =>
  env.db.insert(entryCredits).values({ entryId: scene.entry.id, userId, jamId: scene.jam.id, invitedBy: scene.submitter.id });
const creditOf = async (db: Db, entryId: number, userId: number) =>
  (
    await db
      .select()
      .from(entryCredits)
      .where(and(eq(entryCredits.entryId, entryId), eq(entryCredits.userId, userId)))
  )[0];
const isManager = async (db: Db, jamId: number, userId: number) =>
  (
    await db
      .select()
      .from(jamManagers)
      .where(and(eq(jamManagers.jamId, jamId), eq(jamManagers.userId, userId)))
  ).length === 1;
const hasVote = async (db: Db, entryId: number, voterId: number) =>
  (
    await db
      .select()
      .from(votes)
      .where(and(eq(votes.entryId, entryId), eq(votes.voterId, voterId)))
  ).length === 1;

const hasKudos = async (db: Db, entryId: number, giverId: number) =>
  (
    await db
      .select()
      .from(kudos)
      .where(and(eq(kudos.entryId, entryId), eq(kudos.giverId, giverId), eq(kudos.sticker, 'fun')))
  ).length === 1;

const hasPlay = async (db: Db, entryId: number, playerId: number) =>
  (
    await db
      .select()
      .from(plays)
      .where(and(eq(plays.entryId, entryId), eq(plays.playerId, playerId)))
  ).length === 1;

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

/** A note by the scene's bystander on its entry (`extra.noteId`). */
export async function bystanderNote(scene: Scene, env: Environment): Promise<void> {
  scene.extra.noteId = String((await insertNote(env.db, scene.entry, scene.bystander.id, `Note of ${scene.id}`)).id);
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
const noteRow = async (db: Db, id: string) =>
  (
    await db
      .select()
      .from(notes)
      .where(eq(notes.id, Number(id)))
  )[0];
const notePath = (s: Scene, suffix = '') => `/api/jams/${s.jam.slug}/entries/${s.entry.id}/notes/${s.extra.noteId}${suffix}`;
/** A word of letters only, different in every scene (scene ids have digits). */
export const sceneWord = (s: Scene) => `word ${s.id.replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!)}`;
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

/** A one-time login token as the login callback leaves it: in the database and in this browser's cookie. */
async function pendingLogin(scene: Scene, env: Environment): Promise<void> {
  const token = generateSessionToken();
  await env.db
    .insert(loginTokens)
    .values({ id: hashToken(token), userId: scene.bystander.id, expiresAt: new Date(Date.now() + LOGIN_TOKEN_LIFETIME_MS) });
  scene.extra.loginToken = token;
}
const loginTokenGone = async (scene: Scene, env: Environment) =>
  expect(
    await env.db
      .select()
      .from(loginTokens)
      .where(eq(loginTokens.id, hashToken(scene.extra.loginToken!))),
  ).toEqual([]);

export const ROWS: Row[] = [
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
    pattern: '/api/jams/[slug]/entries',
    allowed: ACTIVE_USERS,
    status: 201,
    prepare: async (s, env) => {
      const id = (scratchIds += 1);
      s.extra.scratchId = String(id);
      if (s.me) env.fakes.scratchApi.projects.push({ id, title: `Entry of ${s.me.name}`, author: s.me.name, shared: true });
    },
    call: (s) => ({
      method: 'POST',
      path: `/api/jams/${s.jam.slug}/entries`,
      json: { url: `https://scratch.mit.edu/projects/${s.extra.scratchId}` },
    }),
    effect: async (s, env) => {
      const rows = await env.db
        .select()
        .from(entries)
        .where(and(eq(entries.jamId, s.jam.id), eq(entries.submitterId, s.me!.id)));
      expect(rows.map((row) => row.scratchId)).toEqual([Number(s.extra.scratchId)]);
    },
  },
  {
    method: 'DELETE',
    pattern: '/api/jams/[slug]/entries',
    allowed: ADMINS,
    status: 200,
    call: (s) => ({ method: 'DELETE', path: `/api/jams/${s.jam.slug}/entries` }),
    effect: async (s, env) => expect(await env.db.select().from(entries).where(eq(entries.jamId, s.jam.id))).toEqual([]),
  },
  {
    method: 'DELETE',
    pattern: '/api/jams/[slug]/entries/[id]',
    allowed: MANAGERS,
    status: 204,
    call: (s) => ({ method: 'DELETE', path: `/api/jams/${s.jam.slug}/entries/${s.entry.id}` }),
    effect: async (s, env) => expect(await entryRow(env.db, s.entry.id)).toBeUndefined(),
  },
  {
    method: 'PUT',
    pattern: '/api/jams/[slug]/entries/[id]/vote',
    allowed: ACTIVE_USERS,
    status: 200,
    call: (s) => ({ method: 'PUT', path: `/api/jams/${s.jam.slug}/entries/${s.entry.id}/vote` }),
    effect: async (s, env) => expect(await hasVote(env.db, s.entry.id, s.me!.id)).toBe(true),
  },
  {
    method: 'DELETE',
    pattern: '/api/jams/[slug]/entries/[id]/vote',
    allowed: ACTIVE_USERS,
    status: 200,
    prepare: async (s, env) => {
      if (s.me) await insertVote(env.db, s.jam.id, s.entry.id, s.me.id);
    },
    call: (s) => ({ method: 'DELETE', path: `/api/jams/${s.jam.slug}/entries/${s.entry.id}/vote` }),
    effect: async (s, env) => expect(await hasVote(env.db, s.entry.id, s.me!.id)).toBe(false),
  },
  {
    method: 'PUT',
    pattern: '/api/jams/[slug]/entries/[id]/play',
    allowed: ACTIVE_USERS,
    status: 204,
    call: (s) => ({ method: 'PUT', path: `/api/jams/${s.jam.slug}/entries/${s.entry.id}/play` }),
    effect: async (s, env) => {
      expect(await hasPlay(env.db, s.entry.id, s.me!.id)).toBe(true);
      expect((await entryRow(env.db, s.entry.id))!.playCount).toBe(1);
    },
  },
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
    effect: async (s, env) => expect((await creditOf(env.db, Number(s.extra.entryId), s.bystander.id))?.status).toBe('invited'),
  },
  {
    method: 'DELETE',
    pattern: '/api/jams/[slug]/entries/[id]/credits/[name]',
    // Taking someone else off a team: its submitter (not in the scene), the jam's managers, administrators.
    allowed: MANAGERS,
    status: 200,
    prepare: async (s, env) => void (await inviteTo(s, env, s.bystander.id)),
    call: (s) => ({ method: 'DELETE', path: `/api/jams/${s.jam.slug}/entries/${s.entry.id}/credits/${s.bystander.name}` }),
    effect: async (s, env) => expect(await creditOf(env.db, s.entry.id, s.bystander.id)).toBeUndefined(),
  },
  {
    method: 'PUT',
    pattern: '/api/me/invitations/[entryId]',
    allowed: ACTIVE_USERS,
    status: 200,
    prepare: async (s, env) => void (s.me && (await inviteTo(s, env, s.me.id))),
    call: (s) => ({ method: 'PUT', path: `/api/me/invitations/${s.entry.id}` }),
    effect: async (s, env) => expect((await creditOf(env.db, s.entry.id, s.me!.id))?.status).toBe('accepted'),
  },
  {
    method: 'DELETE',
    pattern: '/api/me/invitations/[entryId]',
    allowed: ACTIVE_USERS,
    status: 200,
    prepare: async (s, env) => void (s.me && (await inviteTo(s, env, s.me.id))),
    call: (s) => ({ method: 'DELETE', path: `/api/me/invitations/${s.entry.id}` }),
    effect: async (s, env) => expect(await creditOf(env.db, s.entry.id, s.me!.id)).toBeUndefined(),
  },
  {
    method: 'POST',
    pattern: '/api/jams/[slug]/entries/[id]/refresh',
    allowed: MANAGERS,
    status: 200,
    prepare: async (s, env) => {
      env.fakes.scratchApi.projects.push({
        id: s.entry.scratchId,
        title: `Refreshed in ${s.id}`,
        author: s.submitter.name,
        shared: true,
        instructions: `Instructions of ${s.id}`,
        description: `Credits of ${s.id}`,
      });
    },
    call: (s) => ({ method: 'POST', path: `/api/jams/${s.jam.slug}/entries/${s.entry.id}/refresh` }),
    effect: async (s, env) =>
      expect(await entryRow(env.db, s.entry.id)).toMatchObject({
        title: `Refreshed in ${s.id}`,
        instructions: `Instructions of ${s.id}`,
        notes: `Credits of ${s.id}`,
      }),
  },
  {
    method: 'PUT',
    pattern: '/api/jams/[slug]/entries/[id]/review',
    jam: 'ended',
    allowed: MANAGERS,
    status: 200,
    call: (s) => ({
      method: 'PUT',
      path: `/api/jams/${s.jam.slug}/entries/${s.entry.id}/review`,
      json: { review: 'disqualified' },
    }),
    effect: async (s, env) =>
      expect(await entryRow(env.db, s.entry.id)).toMatchObject({ review: 'disqualified', reviewedBy: s.me!.id }),
  },
  {
    method: 'POST',
    pattern: '/api/jams/[slug]/entries/check',
    allowed: MANAGERS,
    status: 200,
    call: (s) => ({ method: 'POST', path: `/api/jams/${s.jam.slug}/entries/check` }),
    // The scene's project is not on the fake Scratch: its entry is kept as it was, and marked as read.
    effect: async (s, env, reply) => {
      expect(reply.body).toEqual({
        checked: 1,
        left: 0,
        missing: [{ id: s.entry.id, title: s.entry.title, scratchId: s.entry.scratchId }],
      });
      expect((await entryRow(env.db, s.entry.id))?.historyCheckedAt).toBeInstanceOf(Date);
    },
  },
  {
    method: 'PUT',
    pattern: '/api/jams/[slug]/entries/[id]/winner',
    jam: 'ended',
    allowed: MANAGERS,
    status: 200,
    call: (s) => ({ method: 'PUT', path: `/api/jams/${s.jam.slug}/entries/${s.entry.id}/winner` }),
    effect: async (s, env) => expect((await entryRow(env.db, s.entry.id))?.isWinner).toBe(true),
  },
  {
    method: 'DELETE',
    pattern: '/api/jams/[slug]/entries/[id]/winner',
    jam: 'ended',
    allowed: MANAGERS,
    status: 200,
    prepare: async (s, env) => {
      await env.db.update(entries).set({ isWinner: true }).where(eq(entries.id, s.entry.id));
    },
    call: (s) => ({ method: 'DELETE', path: `/api/jams/${s.jam.slug}/entries/${s.entry.id}/winner` }),
    effect: async (s, env) => expect((await entryRow(env.db, s.entry.id))?.isWinner).toBe(false),
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
  {
    method: 'POST',
    pattern: '/api/markdown-preview',
    allowed: ACTIVE_USERS,
    status: 200,
    call: () => ({ method: 'POST', path: '/api/markdown-preview', json: { markdown: '**bold**' } }),
    // Changes nothing by design; the matrix checks the database stayed the same.
    effect: async (_s, _env, reply) => expect(reply.body).toEqual({ html: '<p><strong>bold</strong></p>\n' }),
  },
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
  {
    method: 'POST',
    pattern: '/api/users',
    allowed: ADMINS,
    status: 201,
    prepare: async (s, env) => {
      s.extra.newcomer = `${s.id}_new`;
      env.fakes.scratchApi.users.push({ username: s.extra.newcomer, id: (scratchIds += 1) });
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
  {
    method: 'POST',
    pattern: '/api/auth/remove',
    // Logging out always works, banned or not.
    allowed: LOGGED_IN,
    status: 200,
    call: () => ({ method: 'POST', path: '/api/auth/remove' }),
    effect: async (s, env) =>
      expect(
        await env.db
          .select()
          .from(sessions)
          .where(eq(sessions.id, hashToken(s.me!.token))),
      ).toEqual([]),
  },
  {
    method: 'POST',
    pattern: '/api/auth/confirm',
    // A step of logging in: it answers to the one-time token bound to this browser, not to a session.
    allowed: EVERYONE,
    status: 303,
    prepare: pendingLogin,
    call: (s) => ({
      method: 'POST',
      path: '/api/auth/confirm',
      form: { token: s.extra.loginToken!, locale: 'en' },
      cookies: { 'itinerary-login': s.extra.loginToken! },
    }),
    effect: async (s, env) => {
      await loginTokenGone(s, env);
      expect(await env.db.select().from(sessions).where(eq(sessions.userId, s.bystander.id))).toHaveLength(2);
    },
  },
  {
    method: 'POST',
    pattern: '/api/auth/cancel',
    allowed: EVERYONE,
    status: 303,
    prepare: pendingLogin,
    call: (s) => ({
      method: 'POST',
      path: '/api/auth/cancel',
      form: { token: s.extra.loginToken!, locale: 'en' },
      cookies: { 'itinerary-login': s.extra.loginToken! },
    }),
    effect: async (s, env) => {
      await loginTokenGone(s, env);
      expect(await env.db.select().from(sessions).where(eq(sessions.userId, s.bystander.id))).toHaveLength(1);
    },
  },
  {
    method: 'POST',
    pattern: '/api/auth/dev-login',
    // Only with ITINERARY_DEV_LOGIN=1, which these tests (like production) leave off.
    allowed: NOBODY,
    status: 303,
    refusal: { status: 404, code: 'not_found' },
    call: (s) => ({ method: 'POST', path: '/api/auth/dev-login', form: { username: `${s.id}_dev`, locale: 'en' } }),
    effect: async () => {},
  },
];

export const rowKey = (row: Pick<Row, 'method' | 'pattern'>) => `${row.method} ${row.pattern}`;

/** What a refused call answers, by who made it. */
export function refusalFor(row: Pick<Row, 'refusal'>, role: Role): { status: number; code: string } {
  if (row.refusal) return row.refusal;
  if (role === 'anonymous') return { status: 401, code: 'unauthenticated' };
  if (role === 'banned') return { status: 403, code: 'banned' };
  return { status: 403, code: 'forbidden' };
}

let scenes = 0;

/** Fresh users, jams and an entry for one cell; names stay within Scratch's 20 characters. */
export async function buildScene(env: Environment, role: Role, timing: JamStatus = 'ongoing'): Promise<Scene> {
  scenes += 1;
  const id = `m${scenes}`;
  const [submitter, coManager, bystander] = await Promise.all([
    env.login(`${id}_sub`),
    env.login(`${id}_co`),
    env.login(`${id}_by`),
  ]);
  const jam = await insertJam(env.db, { status: timing });
  const otherJam = await insertJam(env.db);
  await insertManager(env.db, jam.id, coManager.id);
  const entry = await insertEntry(env.db, jam.id, submitter.id, (scratchIds += 1));
  const me =
    role === 'anonymous'
      ? null
      : await env.login(`${id}_${role.slice(0, 8)}`, { isAdmin: role === 'admin', isBanned: role === 'banned' });
  if (role === 'manager') await insertManager(env.db, jam.id, me!.id);
  if (role === 'otherManager') await insertManager(env.db, otherJam.id, me!.id);
  return { id, role, me, jam, otherJam, entry, submitter, coManager, bystander, extra: {} };
}

export type Encoding = 'json' | 'urlencoded' | 'multipart' | 'text';

function encode(call: Call, encoding: Encoding | undefined): { body?: BodyInit; contentType?: string } {
  if (call.form === undefined && call.json === undefined && encoding === undefined) return {};
  const fields = call.form ?? (call.json as Record<string, string> | undefined) ?? {};
  const as = encoding ?? (call.form ? 'urlencoded' : 'json');
  if (as === 'json') return { body: JSON.stringify(fields), contentType: 'application/json' };
  // A cross-site <form enctype="text/plain"> can carry a JSON-looking body: the classic trick against JSON APIs.
  if (as === 'text') return { body: JSON.stringify(fields), contentType: 'text/plain' };
  const flat = Object.entries(fields).map(([name, value]) => [name, typeof value === 'string' ? value : JSON.stringify(value)]);
  if (as === 'urlencoded')
    return { body: new URLSearchParams(flat).toString(), contentType: 'application/x-www-form-urlencoded' };
  const form = new FormData();
  for (const [name, value] of flat) form.append(name!, value!);
  return { body: form }; // fetch sets multipart/form-data with its boundary
}

export interface SendOptions {
  /** Extra headers; `null` removes one (e.g. `origin: null` sends no Origin at all). */
  headers?: Record<string, string | null>;
  encoding?: Encoding;
}

/** Sends a row's call as a same-site browser would (our Origin), with `me`'s session cookie. */
export async function send(env: Environment, call: Call, me: TestUser | null, options: SendOptions = {}): Promise<Reply> {
  const cookies = { ...(me ? { 'itinerary-token': me.token } : {}), ...call.cookies };
  const cookie = Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
  const { body, contentType } = encode(call, options.encoding);
  const headers: Record<string, string | null> = {
    origin: env.app.url,
    ...(contentType ? { 'content-type': contentType } : {}),
    ...(cookie ? { cookie } : {}),
    ...options.headers,
  };
  const response = await fetch(`${env.app.url}${call.path}`, {
    method: call.method,
    redirect: 'manual',
    headers: Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== null)),
    body,
  });
  return readReply(response);
}
