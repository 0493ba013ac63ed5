/**
 * One-time login tokens: issued once the provider (or the dev login) vouched for a user, shown
 * on /confirm-login, exchanged once for a session. Only their SHA-256 is stored. A cookie holding
 * the same token binds it to the browser that logged in, so a link to someone else's
 * confirmation page cannot log a victim into the sender's account.
 */
import type { AstroCookies } from 'astro';
import { and, eq, gt, lte } from 'drizzle-orm';
import { loginTokens, users } from '#db/schema';
import { config } from '#server/platform/config';
import { db } from '#server/platform/db';
import { generateSessionToken, hashToken } from '#server/auth/session';

export const LOGIN_TOKEN_LIFETIME_MS = 5 * 60 * 1000;
const LOGIN_TOKEN_COOKIE = 'itinerary-login';

export interface PendingLogin {
  userId: number;
  name: string;
  isBanned: boolean;
}

export async function issueLoginToken(cookies: AstroCookies, userId: number): Promise<string> {
  const token = generateSessionToken();
  const expiresAt = new Date(Date.now() + LOGIN_TOKEN_LIFETIME_MS);
  await db()
    .insert(loginTokens)
    .values({ id: hashToken(token), userId, expiresAt });
  cookies.set(LOGIN_TOKEN_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config().PUBLIC_SITE_URL.startsWith('https://'),
    path: '/',
    maxAge: LOGIN_TOKEN_LIFETIME_MS / 1000,
  });
  return token;
}

const boundToBrowser = (cookies: AstroCookies, token: string) => cookies.get(LOGIN_TOKEN_COOKIE)?.value === token;

/** The user a live token belongs to, without using it up; null when unknown, used, stale or not this browser's. */
export async function peekLoginToken(cookies: AstroCookies, token: string | null | undefined): Promise<PendingLogin | null> {
  if (!token || !boundToBrowser(cookies, token)) return null;
  const [row] = await db()
    .select({ userId: users.id, name: users.name, isBanned: users.isBanned })
    .from(loginTokens)
    .innerJoin(users, eq(loginTokens.userId, users.id))
    .where(and(eq(loginTokens.id, hashToken(token)), gt(loginTokens.expiresAt, new Date())));
  return row ?? null;
}

/** Uses the token up (atomically, so two confirmations cannot both succeed) and returns whose it was. */
export async function consumeLoginToken(cookies: AstroCookies, token: string): Promise<PendingLogin | null> {
  if (!boundToBrowser(cookies, token)) return null;
  cookies.delete(LOGIN_TOKEN_COOKIE, { path: '/' });
  const database = db();
  const [used] = await database
    .delete(loginTokens)
    .where(and(eq(loginTokens.id, hashToken(token)), gt(loginTokens.expiresAt, new Date())))
    .returning({ userId: loginTokens.userId });
  if (!used) return null;
  const user = await database.query.users.findFirst({ where: eq(users.id, used.userId) });
  return user ? { userId: user.id, name: user.name, isBanned: user.isBanned } : null;
}

export async function discardLoginToken(cookies: AstroCookies, token: string): Promise<void> {
  if (!boundToBrowser(cookies, token)) return;
  cookies.delete(LOGIN_TOKEN_COOKIE, { path: '/' });
  await db()
    .delete(loginTokens)
    .where(eq(loginTokens.id, hashToken(token)));
}

export async function deleteExpiredLoginTokens(): Promise<void> {
  await db().delete(loginTokens).where(lte(loginTokens.expiresAt, new Date()));
}
