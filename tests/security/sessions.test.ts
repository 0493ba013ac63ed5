/**
 * Sessions review, for what tests/api/auth-session.test.ts does not already cover: the cookie's
 * flags over https, no renewal in a session's first half, and revocation through the real
 * endpoints (ban, unban, deletion by an admin, deleting one's own account).
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '#db/schema';
import { SESSION_LIFETIME_MS, hashToken } from '#server/auth/session';
import { type Environment, type TestUser, startEnvironment } from '../helpers/environment';
import { cookieAttributes } from '../api/auth-browser';

const DAY = 86_400_000;
let env: Environment;
let admin: TestUser;

beforeAll(async () => {
  env = await startEnvironment();
  admin = await env.login('sessions_admin', { isAdmin: true });
});
afterAll(() => env?.close());

const sessionsOf = async (userId: number) =>
  (await env.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId)))[0]!.n;
const me = (user: TestUser) => env.request('/api/auth/me', { as: user });

describe('the session cookie', () => {
  it('is HttpOnly, SameSite=Lax, Path=/ and Secure when the site is served over https', async () => {
    const https = await startEnvironment({ PUBLIC_SITE_URL: 'https://itinerary.example' });
    try {
      const user = await https.login('secure_cookie');
      await https.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() + 10 * DAY) })
        .where(eq(sessions.id, hashToken(user.token)));
      const renewed = await https.request('/api/auth/me', { as: user });
      const cookie = cookieAttributes(renewed.headers.getSetCookie(), 'itinerary-token')!;
      expect(cookie).toMatchObject({ value: user.token, httponly: 'true', samesite: 'Lax', path: '/', secure: 'true' });
      const loggedOut = await https.request('/api/auth/remove', { method: 'POST', as: user });
      expect(cookieAttributes(loggedOut.headers.getSetCookie(), 'itinerary-token')).toMatchObject({
        value: '',
        'max-age': '0',
        secure: 'true',
        httponly: 'true',
      });
    } finally {
      await https.close();
    }
  });

  it('is not rewritten while the session is in its first half', async () => {
    const user = await env.login('fresh_session');
    const reply = await me(user);
    expect(reply.status).toBe(200);
    expect(reply.headers.getSetCookie().filter((line) => line.startsWith('itinerary-token='))).toEqual([]);
    const [row] = await env.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(user.token)));
    expect(row!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + SESSION_LIFETIME_MS);
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + SESSION_LIFETIME_MS - DAY);
  });

  it('stops working the moment it expires, in the cookie and in the Authorization header alike', async () => {
    const user = await env.login('expiring_session');
    await env.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(sessions.id, hashToken(user.token)));
    expect((await env.request('/api/auth/me', { headers: { authorization: `Bearer ${user.token}` } })).status).toBe(401);
    expect((await env.request('/api/me', { as: user })).status).toBe(401);
    expect(await sessionsOf(user.id)).toBe(0);
  });
});

describe('revocation through the site itself', () => {
  it('a ban by an administrator refuses every session of the user at once', async () => {
    const user = await env.login('api_banned');
    expect((await me(user)).status).toBe(200);
    expect((await env.request(`/api/users/${user.id}`, { method: 'PATCH', as: admin, body: { isBanned: true } })).status).toBe(
      200,
    );
    const reply = await env.request('/api/me', { as: user });
    expect(reply.status).toBe(403);
    expect(reply.body.error.code).toBe('banned');
  });

  it('lifting the ban ends the sessions from before it', async () => {
    const user = await env.login('api_unbanned', { isBanned: true });
    expect((await env.request(`/api/users/${user.id}`, { method: 'PATCH', as: admin, body: { isBanned: false } })).status).toBe(
      200,
    );
    expect((await me(user)).status).toBe(401);
    expect(await sessionsOf(user.id)).toBe(0);
  });

  it('deleting a user through the admin API ends their sessions', async () => {
    const user = await env.login('api_deleted');
    expect((await env.request(`/api/users/${user.id}`, { method: 'DELETE', as: admin })).status).toBe(204);
    expect((await me(user)).status).toBe(401);
    expect(await sessionsOf(user.id)).toBe(0);
  });

  it('deleting my own account ends all my sessions and expires the cookie', async () => {
    const phone = await env.login('api_self_deleted');
    const laptop = await env.login('api_self_deleted');
    const reply = await env.request('/api/me', { method: 'DELETE', as: phone, body: { name: 'api_self_deleted' } });
    expect(reply.status).toBe(204);
    expect(cookieAttributes(reply.headers.getSetCookie(), 'itinerary-token')).toMatchObject({ value: '', 'max-age': '0' });
    expect((await me(laptop)).status).toBe(401);
    expect(await sessionsOf(phone.id)).toBe(0);
  });
});
