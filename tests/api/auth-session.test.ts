import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '#db/schema';
import { SESSION_LIFETIME_MS, hashToken } from '#server/auth/session';
import { type Environment, type TestUser, startEnvironment } from '../helpers/environment';
import { cookieAttributes } from './auth-browser';

const BANNED = 'You are banned from Itinerary! You can still continue to use the website logged out.';
const DAY = 86_400_000;

let env: Environment;

beforeAll(async () => {
  env = await startEnvironment();
});
afterEach(() => env.fakes.scratchApi.setMode('ok'));
afterAll(() => env?.close());

const bearer = (user: TestUser) => ({ authorization: user.token });
const sessionCount = async (userId: number) =>
  (await env.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId)))[0]!.n;
const cookieLine = (headers: Headers) => headers.getSetCookie().filter((line) => line.startsWith('itinerary-token='));

describe('GET /api/auth/me', () => {
  it('answers the user for the raw token in the Authorization header', async () => {
    const user = await env.login('me_header', { isAdmin: true });
    const reply = await env.request('/api/auth/me', { headers: bearer(user) });
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body).sort()).toEqual(['id', 'isAdmin', 'isBanned', 'name', 'updatedAt', 'updatedBy']);
    expect(reply.body).toMatchObject({ id: user.id, name: 'me_header', isAdmin: true, isBanned: false, updatedBy: null });
    expect(new Date(reply.body.updatedAt).getTime()).not.toBeNaN();
    expect(reply.headers.get('cache-control')).toBe('private, no-store');
  });

  it('accepts a Bearer header and the session cookie too', async () => {
    const user = await env.login('me_cookie');
    expect((await env.request('/api/auth/me', { headers: { authorization: `Bearer ${user.token}` } })).body.name).toBe(
      'me_cookie',
    );
    expect((await env.request('/api/auth/me', { as: user })).body.name).toBe('me_cookie');
  });

  it.each([
    ['no token', {}, 'You are not logged in.'],
    ['a garbage token', { authorization: 'not-a-token' }, 'Your session has expired or has ended. Please log in again.'],
    ['an unknown token', { authorization: 'a'.repeat(32) }, 'Your session has expired or has ended. Please log in again.'],
  ])('answers 401 with the error shape for %s', async (_, headers, message) => {
    const reply = await env.request('/api/auth/me', { headers });
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ error: { status: 401, code: 'unauthenticated', message } });
  });

  it('answers 401 for an expired session, deletes it and expires the cookie', async () => {
    const user = await env.login('me_expired');
    await env.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, hashToken(user.token)));
    const reply = await env.request('/api/auth/me', { as: user });
    expect(reply.status).toBe(401);
    expect(reply.body.error.code).toBe('unauthenticated');
    expect(await sessionCount(user.id)).toBe(0);
    expect(cookieAttributes(cookieLine(reply.headers), 'itinerary-token')).toMatchObject({ value: '', 'max-age': '0' });
  });

  it('answers 401 for a session that was logged out (revoked)', async () => {
    const user = await env.login('me_revoked');
    expect((await env.request(`/api/auth/remove?token=${user.token}`, { method: 'POST' })).status).toBe(200);
    expect((await env.request('/api/auth/me', { headers: bearer(user) })).status).toBe(401);
  });

  it('answers 403 with code banned and the name for a banned user, and expires the cookie', async () => {
    const user = await env.login('me_banned', { isBanned: true });
    const reply = await env.request('/api/auth/me', { as: user });
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual({ error: { status: 403, code: 'banned', message: BANNED, name: 'me_banned' } });
    expect(cookieAttributes(cookieLine(reply.headers), 'itinerary-token')).toMatchObject({ 'max-age': '0' });
  });

  it('slides the 30-day expiry forward when the session is used in its second half', async () => {
    const user = await env.login('me_sliding');
    await env.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 10 * DAY) })
      .where(eq(sessions.id, hashToken(user.token)));
    const reply = await env.request('/api/auth/me', { as: user });
    expect(reply.status).toBe(200);
    const renewed = cookieAttributes(cookieLine(reply.headers), 'itinerary-token')!;
    expect(renewed.value).toBe(user.token);
    expect(new Date(renewed.expires!).getTime()).toBeGreaterThan(Date.now() + SESSION_LIFETIME_MS - DAY);
    const [row] = await env.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(user.token)));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
  });
});

describe('POST /api/auth/remove', () => {
  it('logs out the session named by ?token= and expires the cookie', async () => {
    const user = await env.login('remove_query');
    const reply = await env.request(`/api/auth/remove/?token=${user.token}`, { method: 'POST' });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ message: 'logged out' });
    expect(await sessionCount(user.id)).toBe(0);
    expect(cookieAttributes(cookieLine(reply.headers), 'itinerary-token')).toMatchObject({
      value: '',
      'max-age': '0',
      path: '/',
    });
  });

  it('logs out the session of the cookie', async () => {
    const user = await env.login('remove_cookie');
    expect((await env.request('/api/auth/remove', { method: 'POST', as: user })).status).toBe(200);
    expect(await sessionCount(user.id)).toBe(0);
  });

  it('ends only that session, not the user’s others', async () => {
    const phone = await env.login('remove_one');
    const laptop = await env.login('remove_one');
    await env.request('/api/auth/remove', { method: 'POST', as: phone });
    expect((await env.request('/api/auth/me', { as: laptop })).status).toBe(200);
  });

  it.each([
    ['an unknown token', '?token=nope', 'This session does not exist or has already ended.'],
    ['no token at all', '', 'You are not logged in.'],
  ])('answers 401 with the error shape for %s, and still expires the cookie', async (_, query, message) => {
    const reply = await env.request(`/api/auth/remove${query}`, { method: 'POST' });
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ error: { status: 401, code: 'unauthenticated', message } });
    expect(cookieAttributes(cookieLine(reply.headers), 'itinerary-token')).toMatchObject({ 'max-age': '0' });
  });
});

describe('revoking access', () => {
  it('a ban stops every session of the user at once: told banned, refused, sent to the banned page', async () => {
    const phone = await env.login('ban_me');
    const laptop = await env.login('ban_me');
    expect((await env.request('/api/auth/me', { as: phone })).status).toBe(200);

    await env.db.update(users).set({ isBanned: true }).where(eq(users.id, phone.id));

    for (const device of [phone, laptop]) {
      const me = await env.request('/api/auth/me', { headers: bearer(device) });
      expect(me.status).toBe(403);
      expect(me.body.error).toMatchObject({ code: 'banned', name: 'ban_me', message: BANNED });
      const write = await env.request('/api/jams', { method: 'POST', body: {}, as: device });
      expect(write.status).toBe(403);
      expect(write.body.error.code).toBe('banned');
      const page = await env.request('/dashboard', { as: device });
      expect(page.headers.get('location')).toBe('/banned/ban_me');
    }
  });

  it('deleting a user ends their sessions', async () => {
    const user = await env.login('delete_me');
    await env.db.delete(users).where(eq(users.id, user.id));
    expect((await env.request('/api/auth/me', { as: user })).status).toBe(401);
    expect(await sessionCount(user.id)).toBe(0);
  });
});

describe('GET /api/user/{name}/picture', () => {
  it('redirects to the Scratch avatar, whatever the case of the name', async () => {
    const reply = await env.request('/api/user/Sprite_Smith/picture');
    expect(reply.status).toBe(302);
    expect(reply.headers.get('location')).toBe('https://cdn2.scratch.mit.edu/get_image/user/1003_90x90.png');
    expect(reply.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
  });

  it.each(['nobody_knows_me', 'not a name!'])('redirects to the default avatar for %s', async (name) => {
    const reply = await env.request(`/api/user/${encodeURIComponent(name)}/picture`);
    expect(reply.status).toBe(302);
    expect(reply.headers.get('location')).toBe('/default-avatar.svg');
  });

  it('falls back to the stored avatar, then the default, when Scratch is down', async () => {
    await env.db
      .insert(users)
      .values({ name: 'cached_face', avatarUrl: 'https://cdn2.scratch.mit.edu/get_image/user/77_90x90.png' });
    env.fakes.scratchApi.setMode('down');
    expect((await env.request('/api/user/cached_face/picture')).headers.get('location')).toBe(
      'https://cdn2.scratch.mit.edu/get_image/user/77_90x90.png',
    );
    expect((await env.request('/api/user/loop_legend/picture')).headers.get('location')).toBe('/default-avatar.svg');
  });

  it('serves the default avatar as an image', async () => {
    const response = await fetch(`${env.app.url}/default-avatar.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('image/svg+xml');
  });
});
