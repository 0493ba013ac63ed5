/**
 * The one decision point (issue 36 §1): who may do what, asked of `can` with a real database (the
 * manager rows). Site roles, jam roles and the own-rules, for every kind of person.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jamManagers, users } from '#db/schema';
import { type Action, can, jamRole, moderationScope, requireJamPermission } from '#server/auth/permissions';
import type { SessionUser } from '#server/auth/session';
import { installHost } from '#server/platform/host';
import { banReportedAuthor } from '#server/moderation/actions';
import { createUser, deleteUser, updateUserFlags } from '#server/users/users';
import { type TestDatabase, createTestDatabase } from '../helpers/database';
import { insertJam, insertManager } from '../helpers/factories';

const PEOPLE = ['admin', 'manager', 'otherManager', 'plain', 'banned', 'bannedAdmin'] as const;
type Who = (typeof PEOPLE)[number] | 'visitor';

let test: TestDatabase;
let jamId: number;
let otherJamId: number;
const ids = {} as Record<(typeof PEOPLE)[number], number>;

beforeAll(async () => {
  test = await createTestDatabase();
  installHost({ database: test.database });
  const made = await test.database
    .insert(users)
    .values(
      PEOPLE.map((name) => ({
        name: `perm_${name}`,
        isAdmin: name === 'admin' || name === 'bannedAdmin',
        isBanned: name === 'banned' || name === 'bannedAdmin',
      })),
    )
    .returning();
  PEOPLE.forEach((name, index) => (ids[name] = made[index]!.id));
  jamId = (await insertJam(test.database)).id;
  otherJamId = (await insertJam(test.database)).id;
  await insertManager(test.database, jamId, ids.manager);
  await insertManager(test.database, otherJamId, ids.otherManager);
  await insertManager(test.database, jamId, ids.banned);
});
afterAll(() => test?.cleanup());

/** A fresh session user, as each request validates one. */
async function person(who: Who): Promise<SessionUser | null> {
  if (who === 'visitor') return null;
  const [row] = await test.database.select().from(users).where(eq(users.id, ids[who]));
  const { id, name, isAdmin, isBanned, updatedAt, updatedBy } = row!;
  return { id, name, isAdmin, isBanned, updatedAt, updatedBy };
}

/** The subject is read when the test runs, once the jams and people exist. */
type Row = [who: Who, action: Action, subject: () => unknown, allowed: boolean];
const everyone: Who[] = [...PEOPLE, 'visitor'];
const only = (allowed: Who[], action: Action, subject: Row[2]): Row[] =>
  everyone.map((who) => [who, action, subject, allowed.includes(who)]);

const TABLE: Row[] = [
  // Site roles: administrators only; a banned administrator is no administrator.
  ...only(['admin'], 'site:administer', () => null),
  ...only(['admin'], 'jam:create', () => null),
  ...only(['admin'], 'filter:edit-words', () => null),
  ...only(['admin'], 'jam-request:review', () => null),
  ...only(['admin'], 'activity:read-all', () => null),
  ...only(['admin'], 'report:moderate-all', () => ({ jamId })),
  ...only(['admin'], 'jam:delete', () => ({ jamId })),
  ...only(['admin'], 'jam:feature', () => ({ jamId })),
  ...only(['admin'], 'jam:clear-votes', () => ({ jamId })),
  // Jam roles: the managers of this jam (not of another, not when banned) and administrators.
  ...only(['admin', 'manager'], 'jam:edit', () => ({ jamId })),
  ...only(['admin', 'manager'], 'jam:read-mystery', () => ({ jamId })),
  ...only(['admin', 'manager'], 'jam:hide-notes', () => ({ jamId })),
  ...only(['admin', 'manager'], 'jam:publish-results', () => ({ jamId })),
  ...only(['admin', 'manager'], 'jam:read-hidden-entries', () => ({ jamId })),
  ...only(['admin', 'manager'], 'jam:review-entries', () => ({ jamId })),
  ...only(['admin', 'manager'], 'jam:manage-managers', () => ({ jamId })),
  ...only(['admin', 'otherManager'], 'jam:edit', () => ({ jamId: otherJamId })),
  // Own-rules: nobody upvotes or gives kudos to their own entry.
  ...only(['admin', 'manager', 'otherManager', 'plain'], 'entry:vote', () => ({ jamId, onTeam: false })),
  ...only([], 'entry:vote', () => ({ jamId, onTeam: true })),
  ...only(['admin', 'manager', 'otherManager', 'plain'], 'entry:give-kudos', () => ({ jamId, onTeam: false })),
  ...only([], 'entry:give-kudos', () => ({ jamId, onTeam: true })),
  // The team removes or refreshes its entry; so do the jam's managers and administrators.
  ...only(['admin', 'manager', 'otherManager', 'plain'], 'entry:remove', () => ({ jamId, onTeam: true })),
  ...only(['admin', 'manager'], 'entry:remove', () => ({ jamId, onTeam: false })),
  ...only(['admin', 'manager'], 'entry:refresh', () => ({ jamId, onTeam: false })),
  // ADR 042: the team changes its answers (nobody else does); the team, managers and administrators read private ones.
  ...only(['admin', 'manager', 'otherManager', 'plain'], 'entry:answer', () => ({ jamId, onTeam: true })),
  ...only([], 'entry:answer', () => ({ jamId, onTeam: false })),
  ...only(['admin', 'manager', 'otherManager', 'plain'], 'entry:upload-jam-version', () => ({ jamId, onTeam: true })),
  ...only([], 'entry:upload-jam-version', () => ({ jamId, onTeam: false })),
  ...only(['admin', 'manager', 'otherManager', 'plain'], 'entry:read-answers', () => ({ jamId, onTeam: true })),
  ...only(['admin', 'manager'], 'entry:read-answers', () => ({ jamId, onTeam: false })),
  ...only(['admin', 'manager'], 'jam:grant-late', () => ({ jamId })),
  // A hidden entry (ADR 041): its team, the jam's managers and administrators.
  ...only(['admin', 'manager', 'otherManager', 'plain'], 'entry:read-hidden', () => ({ jamId, onTeam: true })),
  ...only(['admin', 'manager'], 'entry:read-hidden', () => ({ jamId, onTeam: false })),
  // The submitter invites co-creators; the team changes by the submitter, its managers and administrators;
  // anyone leaves or declines their own credit.
  ...only(['plain'], 'entry:invite-co-creator', () => ({ ownerId: ids.plain })),
  ...only(['admin', 'manager', 'plain'], 'entry:change-team', () => ({ jamId, submitterId: ids.plain, ownMembership: false })),
  ...only(['admin', 'manager', 'otherManager', 'plain'], 'entry:change-team', () => ({
    jamId,
    submitterId: ids.plain,
    ownMembership: true,
  })),
  // A note: its writer and the entry's submitter delete it; managers and administrators hide it instead.
  ...only(['plain', 'otherManager'], 'note:delete', () => ({ authorId: ids.plain, entrySubmitterId: ids.otherManager })),
  ...only([], 'note:delete', () => ({ authorId: ids.banned, entrySubmitterId: ids.bannedAdmin })),
  // A jam request is withdrawn by its requester only (an administrator declines it).
  ...only(['plain'], 'jam-request:withdraw', () => ({ ownerId: ids.plain })),
  // A manager may always leave; the jam's managers and administrators remove anyone.
  ...only(['admin', 'manager', 'otherManager'], 'jam:remove-manager', () => ({ jamId, ownerId: ids.otherManager })),
  ...only(['admin', 'manager', 'plain'], 'jam:remove-manager', () => ({ jamId, ownerId: ids.plain })),
  // Administrators see who reported an item, unless the item is theirs.
  ...only(['admin'], 'report:see-reporters', () => ({ ownerId: ids.plain })),
  ...only([], 'report:see-reporters', () => ({ ownerId: ids.admin })),
];

describe('can(user, action, subject)', () => {
  it.each(
    TABLE.map(([who, action, subject, allowed]) => [who, action, allowed ? 'allowed' : 'refused', subject, allowed] as const),
  )('%s → %s: %s', async (who, action, _word, subject, allowed) => {
    expect(await can(await person(who), action, subject() as never)).toBe(allowed);
  });

  it('answers a jam role per person (the jam page says "You are a manager")', async () => {
    const roles = await Promise.all(everyone.map(async (who) => [who, await jamRole(await person(who), jamId)]));
    expect(Object.fromEntries(roles)).toEqual({
      admin: 'admin',
      manager: 'manager',
      otherManager: 'none',
      plain: 'none',
      banned: 'none',
      bannedAdmin: 'none',
      visitor: 'none',
    });
  });

  it('asks for the manager row once per request and jam, however many actions it checks', async () => {
    const user = await person('plain');
    await insertManager(test.database, jamId, ids.plain);
    expect(await can(user, 'jam:edit', { jamId })).toBe(true);
    await test.database.delete(jamManagers).where(and(eq(jamManagers.jamId, jamId), eq(jamManagers.userId, ids.plain)));
    expect(await can(user, 'jam:hide-notes', { jamId })).toBe(true); // remembered for this request's user
    expect(await can(await person('plain'), 'jam:edit', { jamId })).toBe(false); // the next request asks again
  });

  it('scopes the moderation queue: everything, the jams one manages, or nothing', async () => {
    expect(await moderationScope((await person('admin'))!)).toBe('all');
    expect(await moderationScope((await person('manager'))!)).toEqual({ jamIds: [jamId] });
    expect(await moderationScope((await person('otherManager'))!)).toEqual({ jamIds: [otherJamId] });
    expect(await moderationScope((await person('plain'))!)).toBeNull();
    expect(await moderationScope((await person('banned'))!)).toBeNull();
  });
});

describe('requireJamPermission', () => {
  it('says who may when it refuses', async () => {
    const plain = (await person('plain'))!;
    await expect(requireJamPermission(plain, jamId, 'jam:edit')).rejects.toMatchObject({
      status: 403,
      code: 'forbidden',
      message: 'Only managers of this jam and administrators can do that.',
    });
    await expect(requireJamPermission(plain, null, 'jam:create')).rejects.toMatchObject({
      status: 403,
      message: 'Only administrators can do that.',
    });
    await expect(requireJamPermission((await person('manager'))!, jamId, 'jam:edit')).resolves.toBeUndefined();
  });
});

describe('services that act for administrators', () => {
  it('refuse a jam manager themselves, whatever route calls them (banning, the users table)', async () => {
    const manager = (await person('manager'))!;
    const refused = { status: 403, message: 'Only administrators can do that.' };
    await expect(updateUserFlags(manager, ids.plain, { isBanned: true })).rejects.toMatchObject(refused);
    await expect(deleteUser(manager, ids.plain)).rejects.toMatchObject(refused);
    await expect(createUser(manager, 'someone_new')).rejects.toMatchObject(refused);
    await expect(banReportedAuthor(manager, { kind: 'entry', id: 1 }, { removeEntry: false })).rejects.toMatchObject(refused);
    const [plain] = await test.database.select().from(users).where(eq(users.id, ids.plain));
    expect(plain).toMatchObject({ isBanned: false });
  });
});
