import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, entries, jamManagers, loginTokens, sessions, users, votes } from '#db/schema';
import { type Environment, type TestUser, startEnvironment } from '../helpers/environment';
import { insertEntry, insertJam, insertManager, insertVote } from '../helpers/factories';

let env: Environment;
let admin: TestUser, user: TestUser, banned: TestUser;

beforeAll(async () => {
  env = await startEnvironment();
  admin = await env.login('users_admin', { isAdmin: true });
  user = await env.login('users_plain');
  banned = await env.login('users_banned', { isBanned: true });
});
afterAll(() => env?.close());

const userRow = async (name: string) =>
  (
    await env.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.name})`, name.toLowerCase()))
  )[0];
const rowsOf = async (table: typeof sessions | typeof loginTokens, userId: number) =>
  (await env.db.select({ n: count() }).from(table).where(eq(table.userId, userId)))[0]!.n;
const lastAudit = async () =>
  (
    await env.db
      .select()
      .from(auditLog)
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1)
  )[0];

describe('who may use the admin user API', () => {
  type Role = 'anonymous' | 'user' | 'banned';
  const refusals: Array<[Role, number, string]> = [
    ['anonymous', 401, 'unauthenticated'],
    ['user', 403, 'forbidden'],
    ['banned', 403, 'banned'],
  ];
  const as = (role: Role) => ({ anonymous: null, user, banned })[role];
  const calls = () => [
    { method: 'GET', path: '/api/users' },
    { method: 'POST', path: '/api/users', body: { name: 'GriffTheGreat' } },
    { method: 'GET', path: `/api/users/${user.id}` },
    { method: 'PATCH', path: `/api/users/${user.id}`, body: { isAdmin: true } },
    { method: 'DELETE', path: `/api/users/${user.id}` },
  ];

  it.each(refusals)('refuses %s with %i %s on every endpoint and changes nothing', async (role, status, code) => {
    for (const call of calls()) {
      const reply = await env.request(call.path, { method: call.method, body: call.body, as: as(role) });
      expect(reply.status, `${call.method} ${call.path}`).toBe(status);
      expect(reply.body.error.code).toBe(code);
    }
    expect(await userRow('GriffTheGreat')).toBeUndefined();
    expect(await userRow('users_plain')).toMatchObject({ isAdmin: false });
  });

  it('lets an administrator read one user', async () => {
    const reply = await env.request(`/api/users/${user.id}`, { as: admin });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('private, no-store');
    expect(reply.body).toMatchObject({ id: user.id, name: 'users_plain', isAdmin: false, isBanned: false });
  });

  it('answers 404 for a user that does not exist or a malformed ID', async () => {
    for (const id of ['999999', 'abc', '-1']) {
      const reply = await env.request(`/api/users/${id}`, { method: 'PATCH', body: { isBanned: true }, as: admin });
      expect(reply.status).toBe(404);
      expect(reply.body.error.message).toBe('There is no user with this ID.');
    }
  });
});

describe('creating a user by username', () => {
  it('creates an account under the canonical Scratch name, stamped and audited', async () => {
    const reply = await env.request('/api/users', { method: 'POST', body: { name: 'grifftheGREAT' }, as: admin });
    expect(reply.status).toBe(201);
    expect(reply.body.created).toBe(true);
    expect(reply.body.user).toMatchObject({
      name: 'GriffTheGreat',
      isAdmin: false,
      isBanned: false,
      updatedBy: { id: admin.id, name: 'users_admin' },
    });
    expect(reply.headers.get('location')).toBe(`/api/users/${reply.body.user.id}`);
    const row = await userRow('GriffTheGreat');
    expect(row).toMatchObject({ name: 'GriffTheGreat', updatedBy: admin.id });
    expect(row!.avatarUrl).toContain('1007_90x90');
    expect(await lastAudit()).toMatchObject({ action: 'user.create', actorId: admin.id, targetUserId: row!.id });
  });

  it('answers an existing account as it is, whatever the case, without a duplicate', async () => {
    const reply = await env.request('/api/users', { method: 'POST', body: { name: 'USERS_PLAIN' }, as: admin });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ created: false, user: { id: user.id, name: 'users_plain' } });
    const [{ n } = { n: -1 }] = await env.db
      .select({ n: count() })
      .from(users)
      .where(eq(sql`lower(${users.name})`, 'users_plain'));
    expect(n).toBe(1);
  });

  it('says clearly when Scratch has no such user, and creates nothing', async () => {
    const reply = await env.request('/api/users', { method: 'POST', body: { name: 'no_such_scratcher' }, as: admin });
    expect(reply.status).toBe(404);
    expect(reply.body.error.message).toBe('Scratch has no user called no_such_scratcher. Check the spelling and try again.');
    expect(await userRow('no_such_scratcher')).toBeUndefined();
  });

  it.each([[''], ['   '], [undefined]])('refuses an empty username (%o) with the spec message', async (name) => {
    const reply = await env.request('/api/users', { method: 'POST', body: { name }, as: admin });
    expect(reply.status).toBe(400);
    expect(reply.body.error.message).toBe('name: You must enter a username!');
  });

  it('refuses a name that cannot be a Scratch username', async () => {
    const reply = await env.request('/api/users', { method: 'POST', body: { name: 'no spaces/allowed' }, as: admin });
    expect(reply.status).toBe(400);
    expect(reply.body.error.message).toBe('name: That is not a valid Scratch username.');
  });

  it('answers 502 with the server error message when Scratch cannot be reached', async () => {
    env.fakes.scratchApi.setMode('down');
    try {
      const reply = await env.request('/api/users', { method: 'POST', body: { name: 'MixedCase_Maker' }, as: admin });
      expect(reply.status).toBe(502);
      expect(reply.body.error.code).toBe('upstream_unavailable');
      expect(await userRow('MixedCase_Maker')).toBeUndefined();
    } finally {
      env.fakes.scratchApi.setMode('ok');
    }
  });
});

describe('listing users', () => {
  let listed: TestUser[];
  beforeAll(async () => {
    listed = [];
    for (const name of ['list_alpha', 'List_Bravo', 'list_charlie', 'list_delta', 'list_echo'])
      listed.push(await env.login(name));
    await env.db.update(users).set({ isBanned: true, updatedBy: admin.id }).where(eq(users.id, listed[1]!.id));
    await env.db.update(users).set({ isAdmin: true, updatedBy: admin.id }).where(eq(users.id, listed[3]!.id));
  });

  const list = (query: string) => env.request(`/api/users?${query}`, { as: admin });
  const names = (reply: { body: { users: { name: string }[] } }) => reply.body.users.map((u) => u.name);

  it('pages in the database, 10 users a page by default', async () => {
    await env.db.insert(users).values(Array.from({ length: 12 }, (_, i) => ({ name: `page_${String(i).padStart(2, '0')}` })));
    const first = await list('name=page_&sort=name');
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    expect(first.body).toMatchObject({ page: 1, perPage: 10, total: 12, totalPages: 2 });
    expect(names(first)).toEqual(Array.from({ length: 10 }, (_, i) => `page_${String(i).padStart(2, '0')}`));
    const second = await list('name=page_&sort=name&page=2');
    expect(names(second)).toEqual(['page_10', 'page_11']);
    const twenty = await list('name=page_&perPage=20');
    expect(twenty.body).toMatchObject({ perPage: 20, totalPages: 1 });
    expect(twenty.body.users).toHaveLength(12);
    const beyond = await list('name=page_&page=9');
    expect(beyond.body.page).toBe(2);
  });

  it('shows every user on one page with perPage=-1 or all', async () => {
    for (const perPage of ['-1', 'all']) {
      const reply = await list(`perPage=${perPage}`);
      expect(reply.body.perPage).toBe(-1);
      expect(reply.body.users.length).toBe(reply.body.total);
      expect(reply.body.totalPages).toBe(1);
    }
  });

  it('sorts by name ignoring case, in either direction', async () => {
    expect(names(await list('name=list_&sort=name:asc'))).toEqual([
      'list_alpha',
      'List_Bravo',
      'list_charlie',
      'list_delta',
      'list_echo',
    ]);
    expect(names(await list('name=list_&sort=name:desc'))).toEqual([
      'list_echo',
      'list_delta',
      'list_charlie',
      'List_Bravo',
      'list_alpha',
    ]);
  });

  it('sorts by several columns, the first one winning', async () => {
    const reply = await list('name=list_&sort=isAdmin:desc,isBanned:desc,name:desc');
    expect(names(reply)).toEqual(['list_delta', 'List_Bravo', 'list_echo', 'list_charlie', 'list_alpha']);
  });

  it('filters by name, flags, who changed them and a global search', async () => {
    expect(names(await list('name=BRAV'))).toEqual(['List_Bravo']);
    expect(names(await list('name=list_&isBanned=true'))).toEqual(['List_Bravo']);
    expect(names(await list('name=list_&isAdmin=true'))).toEqual(['list_delta']);
    expect(names(await list('name=list_&updatedBy=users_adm&sort=name'))).toEqual(['List_Bravo', 'list_delta']);
    expect(names(await list('q=list_ech'))).toEqual(['list_echo']);
    expect(names(await list(`q=${listed[2]!.id}`))).toContain('list_charlie');
    expect(names(await list('name=100%25'))).toEqual([]);
  });

  it("filters by part of the internal ID, as the table's ID column does", async () => {
    const id = String(listed[2]!.id);
    const reply = await list(`id=${id}&perPage=all`);
    expect(names(reply)).toContain('list_charlie');
    expect(reply.body.users.every((user: { id: number }) => String(user.id).includes(id))).toBe(true);
    expect(names(await list('id=no-such-id'))).toEqual([]);
    expect(names(await list('id=%25'))).toEqual([]);
  });

  it.each([
    [
      'sort=password:asc',
      'sort: Sort by one of name, id, isAdmin, isBanned, createdAt, updatedAt, updatedBy, as field:asc or field:desc.',
    ],
    ['perPage=7', 'perPage: Show 10, 20, 30, 40 or 50 users per page, or all.'],
    ['page=0', 'page: Pages start at 1.'],
    ['page=two', 'page: The page must be a number.'],
    ['page=1e400', 'page: The page must be a number.'],
    [`q=${'x'.repeat(101)}`, 'q: At most 100 characters.'],
    [`id=${'1'.repeat(101)}`, 'id: At most 100 characters.'],
    ['isAdmin=maybe', 'isAdmin: Use true or false.'],
  ])('refuses %s with a clear message', async (query, message) => {
    const reply = await list(query);
    expect(reply.status).toBe(400);
    expect(reply.body.error.message).toBe(message);
  });
});

describe('editing flags', () => {
  it('makes a user an administrator and back, stamping and auditing each change', async () => {
    const target = await env.login('flag_target');
    const before = (await userRow('flag_target'))!.updatedAt;
    await new Promise((r) => setTimeout(r, 5));
    const reply = await env.request(`/api/users/${target.id}`, { method: 'PATCH', body: { isAdmin: true }, as: admin });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      id: target.id,
      isAdmin: true,
      isBanned: false,
      updatedBy: { id: admin.id, name: 'users_admin' },
    });
    const row = (await userRow('flag_target'))!;
    expect(row.updatedAt.getTime()).toBeGreaterThan(before.getTime());
    expect(row.updatedBy).toBe(admin.id);
    expect(await lastAudit()).toMatchObject({
      action: 'user.update',
      actorId: admin.id,
      targetUserId: target.id,
      details: { name: 'flag_target', before: { isAdmin: false, isBanned: false }, after: { isAdmin: true, isBanned: false } },
    });
    const back = await env.request(`/api/users/${target.id}`, { method: 'PATCH', body: { isAdmin: false }, as: admin });
    expect(back.body.isAdmin).toBe(false);
  });

  it('refuses a body without flags or with other fields', async () => {
    for (const body of [{}, { isAdmin: 'yes' }, { name: 'x', isAdmin: true }]) {
      const reply = await env.request(`/api/users/${user.id}`, { method: 'PATCH', body, as: admin });
      expect(reply.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('stops a banned user’s existing session at once; auth-me answers code banned; unbanning ends that session', async () => {
    const target = await env.login('ban_target');
    expect((await env.request('/api/me', { as: target })).status).toBe(200);
    await env.db
      .insert(loginTokens)
      .values({ id: 'pending-ban-target', userId: target.id, expiresAt: new Date(Date.now() + 60_000) });

    const ban = await env.request(`/api/users/${target.id}`, { method: 'PATCH', body: { isBanned: true }, as: admin });
    expect(ban.status).toBe(200);
    expect(ban.body.isBanned).toBe(true);
    expect(await rowsOf(loginTokens, target.id)).toBe(0);

    const me = await env.request('/api/auth/me', { as: target });
    expect(me.status).toBe(403);
    expect(me.body.error).toMatchObject({ code: 'banned', name: 'ban_target' });
    expect((await env.request('/api/me', { as: target })).body.error.code).toBe('banned');
    const page = await env.request('/dashboard', { as: target });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/banned/ban_target');

    const unban = await env.request(`/api/users/${target.id}`, { method: 'PATCH', body: { isBanned: false }, as: admin });
    expect(unban.body.isBanned).toBe(false);
    expect(await rowsOf(sessions, target.id)).toBe(0);
    expect((await env.request('/api/auth/me', { as: target })).body.error.code).toBe('unauthenticated');
  });

  it('changes nothing and writes no audit entry when the flags already have the asked values', async () => {
    const before = await lastAudit();
    const reply = await env.request(`/api/users/${user.id}`, { method: 'PATCH', body: { isBanned: false }, as: admin });
    expect(reply.status).toBe(200);
    expect((await lastAudit())!.id).toBe(before!.id);
  });
});

describe('deleting a user', () => {
  it('removes the user with their sessions, pending logins, votes, entries and roles, and audits it', async () => {
    const doomed = await env.login('doomed_user');
    const other = await env.login('doomed_other');
    await env.db
      .insert(loginTokens)
      .values({ id: 'pending-doomed', userId: doomed.id, expiresAt: new Date(Date.now() + 60_000) });
    const jam = await insertJam(env.db);
    await insertManager(env.db, jam.id, doomed.id);
    const ownEntry = await insertEntry(env.db, jam.id, doomed.id, 700001);
    const otherEntry = await insertEntry(env.db, jam.id, other.id, 700002);
    await insertVote(env.db, jam.id, otherEntry.id, doomed.id);
    await insertVote(env.db, jam.id, ownEntry.id, other.id);

    const reply = await env.request(`/api/users/${doomed.id}`, { method: 'DELETE', as: admin });
    expect(reply.status).toBe(204);

    expect(await userRow('doomed_user')).toBeUndefined();
    expect(await rowsOf(sessions, doomed.id)).toBe(0);
    expect(await rowsOf(loginTokens, doomed.id)).toBe(0);
    expect(await env.db.select().from(entries).where(eq(entries.submitterId, doomed.id))).toEqual([]);
    expect(await env.db.select().from(votes).where(eq(votes.voterId, doomed.id))).toEqual([]);
    expect(await env.db.select().from(votes).where(eq(votes.entryId, ownEntry.id))).toEqual([]);
    expect(await env.db.select().from(jamManagers).where(eq(jamManagers.userId, doomed.id))).toEqual([]);
    expect(
      await env.db
        .select()
        .from(entries)
        .where(and(eq(entries.id, otherEntry.id))),
    ).toHaveLength(1);
    expect(await lastAudit()).toMatchObject({
      action: 'user.delete',
      actorId: admin.id,
      targetUserId: null,
      // What went, not who it was (ADR 036).
      details: { entries: 1, votes: 1 },
    });
    expect((await env.request('/api/auth/me', { as: doomed })).status).toBe(401);
  });

  it('answers 404 for a user that is already gone', async () => {
    const gone = await env.login('gone_user');
    await env.request(`/api/users/${gone.id}`, { method: 'DELETE', as: admin });
    const again = await env.request(`/api/users/${gone.id}`, { method: 'DELETE', as: admin });
    expect(again.status).toBe(404);
  });
});
