/** Logging in and out. */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { loginTokens, sessions } from '#db/schema';
import { LOGIN_TOKEN_LIFETIME_MS } from '#server/users/login-tokens';
import { generateSessionToken, hashToken } from '#server/auth/session';
import type { Environment } from '../../helpers/environment';
import { ACTIVE_USERS, EVERYONE, LOGGED_IN, NOBODY, type ReadRow, type Row, type Scene } from './scene';

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

export const writes: Row[] = [
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

export const reads: ReadRow[] = [
  {
    pattern: '/api/auth/me',
    allowed: ACTIVE_USERS,
    path: () => '/api/auth/me',
    shows: (s, reply) => expect(reply.body.name).toBe(s.me!.name),
  },
];
