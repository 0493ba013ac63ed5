/**
 * Sessions after Lucia's guide: a random token lives in the `itinerary-token` cookie; the
 * database stores only its SHA-256, so a leaked database cannot be used to log in.
 */
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import type { AstroCookies } from 'astro';
import { eq, lt, sql } from 'drizzle-orm';
import { type Session, type User, sessions, users } from '#db/schema';
import { config } from '#server/platform/config';
import { db, preparedQuery } from '#server/platform/db';

export const SESSION_COOKIE = 'itinerary-token';
/**
 * A readable companion of the HttpOnly token cookie that holds no secret: it only tells the
 * browser a session may exist, so anonymous pages skip the `/api/auth/me` round trip (and the
 * 401 it would log in the console).
 */
export const SESSION_HINT_COOKIE = 'itinerary-session';
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** A session used in its second half gets a fresh 30 days. */
const RENEW_WHEN_LEFT_MS = SESSION_LIFETIME_MS / 2;

/** `createdAt` (read with the session): the guard holds a new account's links and long numbers rather than refusing them. */
export type SessionUser = Pick<User, 'id' | 'name' | 'isAdmin' | 'isBanned' | 'updatedAt' | 'updatedBy'> &
  Partial<Pick<User, 'createdAt'>>;
export type SessionValidation = { session: Session; user: SessionUser; renewed: boolean } | null;

export function generateSessionToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

export const hashToken = (token: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(token)));

export async function createSession(token: string, userId: number): Promise<Session> {
  const session = { id: hashToken(token), userId, expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS) };
  const [row] = await db().insert(sessions).values(session).returning();
  return row!;
}

const sessionWithUser = preparedQuery((database) =>
  database
    .select({
      session: sessions,
      user: {
        id: users.id,
        name: users.name,
        isAdmin: users.isAdmin,
        isBanned: users.isBanned,
        updatedAt: users.updatedAt,
        updatedBy: users.updatedBy,
        createdAt: users.createdAt,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare(),
);

export async function validateSessionToken(token: string): Promise<SessionValidation> {
  if (!/^[a-z2-7]{32}$/.test(token)) return null;
  const database = db();
  const row = await sessionWithUser().get({ id: hashToken(token) });
  if (!row) return null;
  const now = Date.now();
  if (now >= row.session.expiresAt.getTime()) {
    await database.delete(sessions).where(eq(sessions.id, row.session.id));
    return null;
  }
  let renewed = false;
  if (row.session.expiresAt.getTime() - now < RENEW_WHEN_LEFT_MS) {
    row.session.expiresAt = new Date(now + SESSION_LIFETIME_MS);
    await database.update(sessions).set({ expiresAt: row.session.expiresAt }).where(eq(sessions.id, row.session.id));
    renewed = true;
  }
  return { ...row, renewed };
}

/** Logs one session out by its raw token; false when there was no such session. */
export async function invalidateSessionToken(token: string): Promise<boolean> {
  const removed = await db()
    .delete(sessions)
    .where(eq(sessions.id, hashToken(token)))
    .returning({ id: sessions.id });
  return removed.length > 0;
}

/** Sessions nobody presented again before they expired (run at boot and hourly by the server). */
export async function deleteExpiredSessions(): Promise<void> {
  await db().delete(sessions).where(lt(sessions.expiresAt, new Date()));
}

const secureCookies = () => config().PUBLIC_SITE_URL.startsWith('https://');

export function setSessionTokenCookie(cookies: AstroCookies, token: string, expiresAt: Date): void {
  cookies.set(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(),
    path: '/',
    expires: expiresAt,
  });
  cookies.set(SESSION_HINT_COOKIE, '1', { sameSite: 'lax', secure: secureCookies(), path: '/', expires: expiresAt });
}

export function deleteSessionTokenCookie(cookies: AstroCookies): void {
  cookies.set(SESSION_COOKIE, '', { httpOnly: true, sameSite: 'lax', secure: secureCookies(), path: '/', maxAge: 0 });
  cookies.set(SESSION_HINT_COOKIE, '', { sameSite: 'lax', secure: secureCookies(), path: '/', maxAge: 0 });
}

/** The raw token from the Authorization header (`Bearer x` or just `x`) or the cookie. */
export function readSessionToken(request: Request, cookies: AstroCookies): string | null {
  const header = request.headers.get('authorization')?.trim();
  if (header) return header.replace(/^Bearer\s+/i, '');
  return cookies.get(SESSION_COOKIE)?.value || null;
}
