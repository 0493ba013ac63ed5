/**
 * The audit log, read back: administrators see every action (GET /api/activity, /dashboard/activity),
 * a jam's managers see what happened to their jam (GET /api/jams/{slug}/activity, /jams/{slug}/activity).
 * The actions are made through the API, so what is read is what the services really record.
 */
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#db/schema';
import type { ActivityEntryDto, ActivityListDto } from '#lib/schemas/activity';
import { type Environment, type TestUser, startEnvironment } from '../helpers/environment';
import { insertEntry, insertJam, insertManager } from '../helpers/factories';

let env: Environment;
let admin: TestUser, manager: TestUser, otherManager: TestUser, user: TestUser, banned: TestUser;
let jamA: { id: number; slug: string; name: string };
let jamB: { id: number; slug: string; name: string };

const ok = async <T = ActivityListDto>(path: string, as: TestUser, method = 'GET', body?: unknown): Promise<T> => {
  const reply = await env.request<T>(path, { method, as, body });
  expect(reply.status, `${method} ${path}: ${JSON.stringify(reply.body)}`).toBeLessThan(300);
  return reply.body;
};
const actions = (list: ActivityListDto) => list.entries.map((entry) => entry.action);

beforeAll(async () => {
  env = await startEnvironment();
  admin = await env.login('act_admin', { isAdmin: true });
  manager = await env.login('act_manager');
  otherManager = await env.login('act_other');
  user = await env.login('act_user');
  banned = await env.login('act_banned', { isBanned: true });
  jamA = await insertJam(env.db, { name: 'Activity Alpha', status: 'ended' });
  jamB = await insertJam(env.db, { name: 'Activity Beta' });
  await insertManager(env.db, jamA.id, manager.id);
  await insertManager(env.db, jamB.id, otherManager.id);
  const entry = await insertEntry(env.db, jamA.id, user.id, 660_001);

  // In this order, so "newest first" is the reverse.
  await ok(`/api/jams/${jamA.slug}`, manager, 'PATCH', { description: 'Edited by the manager.' });
  await ok(`/api/jams/${jamA.slug}/featured`, admin, 'PUT', { featured: true });
  await ok(`/api/jams/${jamA.slug}/entries/${entry.id}/winner`, manager, 'PUT');
  await ok(`/api/jams/${jamB.slug}`, otherManager, 'PATCH', { description: 'Edited in Beta.' });
  await env.login('act_helper');
  await ok(`/api/jams/${jamA.slug}/managers`, admin, 'POST', { name: 'act_helper' });
  await ok(`/api/users/${banned.id}`, admin, 'PATCH', { isBanned: false });
  const doomed = await env.login('act_doomed');
  await insertManager(env.db, jamB.id, doomed.id);
  await ok(`/api/jams/${jamB.slug}`, doomed, 'PATCH', { body: 'Rules by the doomed manager.' });
  await ok(`/api/users/${doomed.id}`, admin, 'DELETE');
  const gone = await insertJam(env.db, { name: 'Activity Gone' });
  await ok(`/api/jams/${gone.slug}`, admin, 'PATCH', { description: 'About to go.' });
  await ok(`/api/jams/${gone.slug}`, admin, 'DELETE');
  await ok(`/api/users/${banned.id}`, admin, 'PATCH', { isBanned: true });
  // Unbanning ended their sessions (docs/decisions/003): a fresh one, banned again.
  banned = await env.login('act_banned', { isBanned: true });
});
afterAll(() => env?.close());

describe('GET /api/activity (administrators)', () => {
  it('lists who did what to which jam or user, and when, newest first', async () => {
    const list = await ok('/api/activity', admin);
    expect(actions(list)).toEqual([
      'user.update',
      'jam.delete',
      'jam.update',
      'user.delete',
      'jam.update',
      'user.update',
      'jam.manager.add',
      'jam.update',
      'winner.select',
      'jam.feature',
      'jam.update',
    ]);
    expect(list).toMatchObject({ page: 1, perPage: 20, total: 11, totalPages: 1 });
    const ids = list.entries.map((entry) => entry.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const winner = list.entries.find((entry) => entry.action === 'winner.select')!;
    expect(winner).toMatchObject({
      actor: { id: manager.id, name: 'act_manager' },
      jam: { id: jamA.id, slug: jamA.slug, name: 'Activity Alpha' },
      targetUser: { id: user.id, name: 'act_user' },
    });
    expect(Date.now() - Date.parse(winner.at)).toBeLessThan(60_000);
    expect(list.entries.find((entry) => entry.action === 'jam.feature')!.details).toEqual({ featured: true });
  });

  it('keeps the name of a deleted jam on the entry that removed it, and not the name of a deleted user (ADR 036)', async () => {
    const list = await ok('/api/activity', admin);
    const deletedJam = list.entries.find((entry) => entry.action === 'jam.delete')!;
    expect(deletedJam.jam).toEqual({ id: null, slug: null, name: 'Activity Gone' });
    // The jam's earlier entry has lost its jam with it.
    expect(list.entries[2]).toMatchObject({ action: 'jam.update', jam: null, details: { fields: ['description'] } });
    const deletedUser = list.entries.find((entry) => entry.action === 'user.delete')!;
    expect(deletedUser.targetUser).toBeNull();
    expect(JSON.stringify(list)).not.toContain('act_doomed');
  });

  it('filters by jam, by user (who did it or to whom) and by action, together too', async () => {
    expect(actions(await ok(`/api/activity?jam=${jamA.slug}`, admin))).toEqual([
      'jam.manager.add',
      'winner.select',
      'jam.feature',
      'jam.update',
    ]);
    const byManager = await ok('/api/activity?user=ACT_MANAGER', admin);
    expect(actions(byManager)).toEqual(['winner.select', 'jam.update']);
    expect(actions(await ok('/api/activity?user=act_user', admin))).toEqual(['winner.select']);
    expect(actions(await ok('/api/activity?user=act_helper', admin))).toEqual(['jam.manager.add']);
    expect(actions(await ok('/api/activity?action=jam.update', admin))).toEqual([
      'jam.update',
      'jam.update',
      'jam.update',
      'jam.update',
    ]);
    const betaEdits = await ok(`/api/activity?action=jam.update&jam=${jamB.slug}`, admin);
    // What the deleted manager did stays, without who they were.
    expect(betaEdits.entries.map((entry) => entry.actor)).toEqual([null, { id: otherManager.id, name: 'act_other' }]);
    expect(actions(await ok(`/api/activity?user=act_admin&jam=${jamA.slug}`, admin))).toEqual(['jam.manager.add', 'jam.feature']);
    // A deleted user is no longer found by the name they acted under; nobody by a name no one had.
    expect(actions(await ok('/api/activity?user=Act_Doomed', admin))).toEqual([]);
    expect((await ok('/api/activity?jam=no-such-jam', admin)).total).toBe(0);
    expect((await ok('/api/activity?user=nobody_at_all', admin)).total).toBe(0);
  });

  it('pages in the database; bad paging values fall back to their defaults, never a 500', async () => {
    const all = await ok('/api/activity', admin);
    const first = await ok('/api/activity?perPage=10&page=1', admin);
    expect(first.entries.map((entry) => entry.id)).toEqual(all.entries.slice(0, 10).map((entry) => entry.id));
    for (let i = 0; i < 3; i++) await ok(`/api/jams/${jamB.slug}`, admin, 'PATCH', { description: `Round ${i}` });
    const second = await ok('/api/activity?perPage=10&page=2', admin);
    expect(second).toMatchObject({ page: 2, perPage: 10, total: 14, totalPages: 2 });
    expect(second.entries.map((entry) => entry.id)).toEqual(all.entries.slice(7).map((entry) => entry.id));
    expect(await ok('/api/activity?perPage=10&page=99', admin)).toMatchObject({ page: 2 });
    expect(await ok('/api/activity?perPage=7&page=-2&action=jam.explode', admin)).toMatchObject({
      page: 1,
      perPage: 20,
      total: 14,
    });
  });

  it('only reads: asking for it writes nothing to the log', async () => {
    const rows = async () => (await env.db.select({ n: count() }).from(auditLog))[0]!.n;
    const before = await rows();
    await ok('/api/activity', admin);
    await ok(`/api/jams/${jamA.slug}/activity`, manager);
    expect(await rows()).toBe(before);
  });

  it.each([
    ['a visitor', null, 401, 'unauthenticated'],
    ['a banned user', () => banned, 403, 'banned'],
    ['a user', () => user, 403, 'forbidden'],
    ['a manager', () => manager, 403, 'forbidden'],
  ] as const)('refuses %s with the error shape', async (_who, as, status, code) => {
    const reply = await env.request('/api/activity', { as: as?.() ?? null });
    expect(reply.status).toBe(status);
    expect(reply.body).toEqual({ error: expect.objectContaining({ status, code, message: expect.any(String) }) });
  });
});

describe('GET /api/jams/{slug}/activity (the jam’s managers and administrators)', () => {
  it("shows a manager their jam's entries only, whatever the query asks", async () => {
    const list = await ok(`/api/jams/${jamA.slug}/activity?jam=${jamB.slug}`, manager);
    expect(actions(list)).toEqual(['jam.manager.add', 'winner.select', 'jam.feature', 'jam.update']);
    expect(list.entries.every((entry: ActivityEntryDto) => entry.jam?.id === jamA.id)).toBe(true);
    expect(actions(await ok(`/api/jams/${jamA.slug}/activity?user=act_admin`, manager))).toEqual([
      'jam.manager.add',
      'jam.feature',
    ]);
    expect(actions(await ok(`/api/jams/${jamA.slug}/activity?action=winner.select`, admin))).toEqual(['winner.select']);
  });

  it('refuses everyone else, and answers 404 for a jam that does not exist', async () => {
    for (const [as, status, code] of [
      [null, 401, 'unauthenticated'],
      [banned, 403, 'banned'],
      [user, 403, 'forbidden'],
      [otherManager, 403, 'forbidden'],
    ] as const) {
      const reply = await env.request(`/api/jams/${jamA.slug}/activity`, { as });
      expect(reply.status, String(as?.name)).toBe(status);
      expect(reply.body.error).toMatchObject({ status, code });
    }
    expect((await env.request('/api/jams/no-such-jam/activity', { as: manager })).status).toBe(404);
  });
});

describe('the activity pages', () => {
  it('show administrators a table with caption and column headers, a labelled filter form, in three languages', async () => {
    const page = await env.request(`/dashboard/activity?jam=${jamA.slug}`, { as: admin });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    const html = String(page.body);
    // (Astro adds its scoping attribute to each element of the component.)
    expect(html).toMatch(/<caption id="activity-caption"[^>]*>Activity, newest first<\/caption>/);
    for (const header of ['When', 'Who', 'What', 'Game jam', 'User', 'Details'])
      expect(html).toMatch(new RegExp(`<th scope="col"[^>]*>${header}</th>`));
    expect(html).toMatch(/<label[^>]*>\s*Game jam \(its address, e\.g\. space-sprint-jam\)\s*<input name="jam" value="[^"]+"/);
    expect(html).toMatch(/<label[^>]*>\s*Username\s*<input name="user"/);
    expect(html).toMatch(/<label[^>]*>\s*Action\s*<select name="action"/);
    expect(html).toContain('selected the winner');
    expect(html).not.toContain('Activity Beta');
    expect(html).not.toContain('act_doomed');
    const hungarian = await env.request('/hu/dashboard/activity', { as: admin });
    expect(String(hungarian.body)).toContain('Tevékenység, a legújabbal kezdve');
    const irish = await env.request('/ir/dashboard/activity', { as: admin });
    expect(String(irish.body)).toContain('roghnaíodh an buaiteoir');
  });

  it('send everyone but administrators away from /dashboard/activity', async () => {
    expect((await env.request('/dashboard/activity', { as: user })).headers.get('location')).toBe('/');
    expect((await env.request('/hu/dashboard/activity')).headers.get('location')).toBe('/hu');
  });

  it("show a jam's managers its activity, and others a 403 screen or the login page", async () => {
    const page = await env.request(`/jams/${jamA.slug}/activity`, { as: manager });
    expect(page.status).toBe(200);
    const html = String(page.body);
    expect(html).toContain('Activity of Activity Alpha');
    expect(html).not.toMatch(/<input name="jam"/);
    expect(html).toContain(`href="/jams/${jamA.slug}"`);
    const refused = await env.request(`/jams/${jamA.slug}/activity`, { as: otherManager });
    expect(refused.status).toBe(403);
    expect(String(refused.body)).toContain('Only managers of this game jam and administrators can see its activity.');
    expect(String(refused.body)).not.toContain('selected the winner');
    const visitor = await env.request(`/ir/jams/${jamA.slug}/activity`);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get('location')).toBe('/ir/login');
    expect((await env.request('/jams/no-such-jam/activity', { as: admin })).status).toBe(404);
  });

  it('keep the filters in the links to the next page', async () => {
    const page = await env.request('/dashboard/activity?action=jam.update&perPage=10', { as: admin });
    expect(page.status).toBe(200);
    const many = await env.request('/dashboard/activity?perPage=10', { as: admin });
    expect(String(many.body)).toContain('href="/dashboard/activity?perPage=10&amp;page=2"');
  });
});
