/**
 * The vocabulary of the authorization matrix: who calls (the roles), the scene a cell runs in, and
 * the shape of a row. The rows themselves live in one file per domain next to this one.
 */
import type { Entry, Jam } from '#db/schema';
import type { JamStatus } from '#lib/jam-timing';
import type { Environment, Reply, TestUser } from '../../helpers/environment';
import { insertEntry, insertJam, insertManager } from '../../helpers/factories';

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

export const EVERYONE: readonly Role[] = [...ROLES];
export const LOGGED_IN: readonly Role[] = ['user', 'banned', 'otherManager', 'manager', 'admin'];
export const ACTIVE_USERS: readonly Role[] = ['user', 'otherManager', 'manager', 'admin'];
/** Administrators, and anyone who manages some jam (they see their jams' entries only). */
export const MODERATORS: readonly Role[] = ['otherManager', 'manager', 'admin'];
export const MANAGERS: readonly Role[] = ['manager', 'admin'];
export const ADMINS: readonly Role[] = ['admin'];
export const NOBODY: readonly Role[] = [];

export const HOUR = 3_600_000;

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
  /** A file as the whole body (the jam version's .sb3, ADR 050). */
  bytes?: { data: Uint8Array; contentType: string };
  cookies?: Record<string, string>;
}

/** An endpoint that can change something: how to call it in a fresh scene, who may, and what it does when allowed. */
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

/** A read (GET) endpoint that needs a session: who may read it and what an allowed read shows. */
export interface ReadRow {
  pattern: string;
  allowed: readonly Role[];
  prepare?: (scene: Scene, env: Environment) => Promise<void>;
  path: (scene: Scene) => string;
  /** Checks what an allowed read answered. */
  shows: (scene: Scene, reply: Reply) => void;
}

export const rowKey = (row: Pick<Row, 'method' | 'pattern'>) => `${row.method} ${row.pattern}`;

/** What a refused call answers, by who made it. */
export function refusalFor(row: Pick<Row, 'refusal'>, role: Role): { status: number; code: string } {
  if (row.refusal) return row.refusal;
  if (role === 'anonymous') return { status: 401, code: 'unauthenticated' };
  if (role === 'banned') return { status: 403, code: 'banned' };
  return { status: 403, code: 'forbidden' };
}

let scratchIds = 700_000_000;
/** A Scratch project or user id no other cell has used. */
export const nextScratchId = () => (scratchIds += 1);

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
  const entry = await insertEntry(env.db, jam.id, submitter.id, nextScratchId());
  const me =
    role === 'anonymous'
      ? null
      : await env.login(`${id}_${role.slice(0, 8)}`, { isAdmin: role === 'admin', isBanned: role === 'banned' });
  if (role === 'manager') await insertManager(env.db, jam.id, me!.id);
  if (role === 'otherManager') await insertManager(env.db, otherJam.id, me!.id);
  return { id, role, me, jam, otherJam, entry, submitter, coManager, bystander, extra: {} };
}
