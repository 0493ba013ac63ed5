import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, entries, jamParticipants, sessions, users, votes } from '#db/schema';
import { type Environment, type TestUser, startEnvironment } from '../helpers/environment';
import { insertEntry, insertJam, insertManager, insertVote } from '../helpers/factories';

let env: Environment;
let admin: TestUser, player: TestUser, banned: TestUser;

beforeAll(async () => {
  env = await startEnvironment();
  admin = await env.login('dash_admin', { isAdmin: true });
  player = await env.login('dash_player');
  banned = await env.login('dash_banned', { isBanned: true });
});
afterAll(() => env?.close());

describe('the dashboard data', () => {
  it('lists the jams a user entered and manages, newest first, with their profile', async () => {
    const older = await insertJam(env.db, { status: 'ended', name: 'Older Jam' });
    const newer = await insertJam(env.db, { status: 'upcoming', name: 'Newer Jam' });
    const managed = await insertJam(env.db, { status: 'ongoing', name: 'Managed Jam' });
    await insertEntry(env.db, older.id, player.id, 800001, { title: 'Old Game' });
    await insertEntry(env.db, newer.id, player.id, 800002, { title: 'New Game' });
    await insertManager(env.db, managed.id, player.id);

    const reply = await env.request('/api/me', { as: player });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('private, no-store');
    expect(reply.body.user).toEqual({
      id: player.id,
      name: 'dash_player',
      isAdmin: false,
      avatarUrl: '/api/user/dash_player/picture',
    });
    expect(reply.body.entered).toMatchObject([
      { slug: newer.slug, name: 'Newer Jam', status: 'upcoming', entryTitle: 'New Game' },
      { slug: older.slug, name: 'Older Jam', status: 'ended', entryTitle: 'Old Game' },
    ]);
    expect(reply.body.managing).toMatchObject([{ slug: managed.slug, name: 'Managed Jam', status: 'ongoing' }]);
  });

  it('lists the jams a user joined, newest join first, with what is left to do in each', async () => {
    const joiner = await env.login('dash_joiner');
    const upcoming = await insertJam(env.db, { status: 'upcoming', name: 'Coming Jam' });
    const running = await insertJam(env.db, { status: 'ongoing', name: 'Running Jam' });
    const submittedTo = await insertJam(env.db, { status: 'ongoing', name: 'Submitted Jam' });
    const ended = await insertJam(env.db, { status: 'ended', name: 'Ended Jam' });
    for (const [i, jam] of [ended, submittedTo, running, upcoming].entries()) {
      await env.db
        .insert(jamParticipants)
        .values({ jamId: jam.id, userId: joiner.id, joinedAt: new Date(Date.now() - (10 - i) * 60_000) });
    }
    await insertEntry(env.db, submittedTo.id, joiner.id, 800003, { title: 'My Game' });
    const reply = await env.request('/api/me', { as: joiner });
    expect(reply.body.joined).toMatchObject([
      { slug: upcoming.slug, name: 'Coming Jam', status: 'upcoming', todo: 'not-submitted' },
      { slug: running.slug, name: 'Running Jam', status: 'ongoing', todo: 'not-submitted' },
      { slug: submittedTo.slug, name: 'Submitted Jam', status: 'ongoing', todo: 'voting-open' },
      { slug: ended.slug, name: 'Ended Jam', status: 'ended', todo: 'results' },
    ]);
  });

  it('is refused to visitors (401) and banned users (403 banned)', async () => {
    expect((await env.request('/api/me')).status).toBe(401);
    const refused = await env.request('/api/me', { as: banned });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('banned');
  });
});

describe('the dashboard page', () => {
  it('shows a user their avatar, name, role and jams, without admin tools', async () => {
    const page = await env.request('/dashboard', { as: player });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toContain('no-store');
    expect(page.body).toContain('src="/api/user/dash_player/picture"');
    expect(page.body).toContain('dash_player');
    expect(page.body).toContain('>User<');
    expect(page.body).toContain('Newer Jam');
    expect(page.body).toContain('Managed Jam');
    expect(page.body).not.toContain('Admin tools');
  });

  it('shows administrators the admin tools with a link to the users list, in their language', async () => {
    const page = await env.request('/dashboard', { as: admin });
    expect(page.body).toContain('>Administrator<');
    expect(page.body).toContain('Admin tools');
    expect(page.body).toContain('href="/dashboard/users"');
    const hungarian = await env.request('/hu/dashboard', { as: admin });
    expect(hungarian.body).toContain('href="/hu/dashboard/users"');
  });

  it('lets only administrators open the users list', async () => {
    expect((await env.request('/dashboard/users', { as: admin })).status).toBe(200);
    const refused = await env.request('/dashboard/users', { as: player });
    expect(refused.status).toBe(302);
    expect(refused.headers.get('location')).toBe('/');
  });
});

describe('deleting one’s own account', () => {
  it('refuses without the right username and deletes nothing', async () => {
    const leaver = await env.login('dash_leaver');
    for (const body of [{}, { name: '' }, { name: 'someone_else' }]) {
      const reply = await env.request('/api/me', { method: 'DELETE', body, as: leaver });
      expect(reply.status, JSON.stringify(body)).toBe(400);
    }
    const wrong = await env.request('/api/me', { method: 'DELETE', body: { name: 'someone_else' }, as: leaver });
    expect(wrong.body.error.message).toBe('That is not your username. Type dash_leaver to delete your account.');
    const empty = await env.request('/api/me', { method: 'DELETE', body: {}, as: leaver });
    expect(empty.body.error.message).toBe('name: Type your username to confirm that you want to delete your account.');
    expect((await env.db.select().from(users).where(eq(users.id, leaver.id))).length).toBe(1);
  });

  it('removes the user, their sessions, votes and entries, expires the cookie and audits it', async () => {
    const leaver = await env.login('dash_quitter');
    const elsewhere = await env.login('dash_quitter'); // a second session, on another device
    const jam = await insertJam(env.db);
    const entry = await insertEntry(env.db, jam.id, leaver.id, 800101);
    const otherEntry = await insertEntry(env.db, jam.id, player.id, 800102);
    await insertVote(env.db, jam.id, otherEntry.id, leaver.id);

    const reply = await env.request('/api/me', { method: 'DELETE', body: { name: 'DASH_QUITTER' }, as: leaver });
    expect(reply.status).toBe(204);
    const cookie = reply.headers.getSetCookie().find((line) => line.startsWith('itinerary-token='));
    expect(cookie).toMatch(/^itinerary-token=;.*Max-Age=0/i);

    expect(await env.db.select().from(users).where(eq(users.id, leaver.id))).toEqual([]);
    const [{ n: sessionCount } = { n: -1 }] = await env.db
      .select({ n: count() })
      .from(sessions)
      .where(eq(sessions.userId, leaver.id));
    expect(sessionCount).toBe(0);
    expect(await env.db.select().from(entries).where(eq(entries.id, entry.id))).toEqual([]);
    expect(await env.db.select().from(votes).where(eq(votes.voterId, leaver.id))).toEqual([]);
    const [audit] = await env.db.select().from(auditLog).where(eq(auditLog.action, 'user.delete-self'));
    // What went, not who it was (ADR 036): the account's name leaves the log with it.
    expect(audit).toMatchObject({ actorId: null, actorName: null, targetUserId: null, details: { entries: 1, votes: 1 } });
    expect(JSON.stringify(audit)).not.toMatch(/dash_quitter/i);
    expect((await env.request('/api/auth/me', { as: elsewhere })).status).toBe(401);
  });

  it('is refused to visitors and to banned users, who must not shed their ban this way', async () => {
    expect((await env.request('/api/me', { method: 'DELETE', body: { name: 'x' } })).status).toBe(401);
    const refused = await env.request('/api/me', { method: 'DELETE', body: { name: 'dash_banned' }, as: banned });
    expect(refused.status).toBe(403);
    expect((await env.db.select().from(users).where(eq(users.id, banned.id))).length).toBe(1);
  });
});
