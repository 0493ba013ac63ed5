/**
 * Login with Scratch through a ScratchAuth-style provider (DESIGN.md "External services"):
 * /api/auth/login sends the browser to the provider, the provider sends it back to
 * /api/auth/callback with a privateCode, and the callback ends on /confirm-login with a
 * one-time token — or on /login?error=… or the banned page.
 */
import type { AstroCookies } from 'astro';
import { lt, sql } from 'drizzle-orm';
import { encodeBase64 } from '@oslojs/encoding';
import { type User, usedAuthCodes, users } from '#db/schema';
import { DEFAULT_LOCALE, type LocaleCode, isLocaleCode } from '#i18n/locales';
import { localizePath } from '#i18n/paths';
import type { LoginFailure } from '#lib/schemas/auth';
import { config } from '#server/platform/config';
import { db } from '#server/platform/db';
import { notFound } from '#server/platform/errors';
import { consumeLoginToken, deleteExpiredLoginTokens, discardLoginToken, issueLoginToken } from './login-tokens';
import { ScratchUnavailableError, UPSTREAM_TIMEOUT_MS, fetchScratchUser } from '#server/platform/scratch';
import { createSession, generateSessionToken, hashToken, setSessionTokenCookie } from '#server/auth/session';
import { findUserByName } from './users';

export const CALLBACK_PATH = '/api/auth/callback';
const STATE_COOKIE = 'itinerary-login-state';
const STATE_LIFETIME_S = 10 * 60;
export const USED_CODES_KEPT_MS = 24 * 60 * 60 * 1000;

export const localeOrDefault = (value: unknown): LocaleCode => (isLocaleCode(value) ? value : DEFAULT_LOCALE);

/** Our callback as the provider knows it: host and path, e.g. `localhost:4321/api/auth/callback`. */
export function callbackRedirect(): string {
  const url = new URL(`${config().PUBLIC_SITE_URL}${CALLBACK_PATH}`);
  return `${url.host}${url.pathname}`;
}

export function providerLoginUrl(): string {
  const query = new URLSearchParams({ redirect: encodeBase64(new TextEncoder().encode(callbackRedirect())), name: 'Itinerary' });
  return `${config().SCRATCH_AUTH_URL}/auth/?${query}`;
}

/**
 * Starts a flow: a short-lived state cookie marks this browser as the one that asked to log in.
 * A callback without it (a code planted by someone else) is refused.
 */
export function startLogin(cookies: AstroCookies, locale: LocaleCode): string {
  cookies.set(STATE_COOKIE, `${generateSessionToken()}.${locale}`, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config().PUBLIC_SITE_URL.startsWith('https://'),
    path: '/api/auth',
    maxAge: STATE_LIFETIME_S,
  });
  return providerLoginUrl();
}

/** Takes the state cookie (it is single-use) and returns the locale the flow started in, or null. */
function takeState(cookies: AstroCookies): LocaleCode | null {
  const value = cookies.get(STATE_COOKIE)?.value;
  cookies.delete(STATE_COOKIE, { path: '/api/auth' });
  const match = value && /^[a-z2-7]{32}\.(\w+)$/.exec(value);
  return match ? localeOrDefault(match[1]) : null;
}

export const loginFailedPath = (locale: LocaleCode, reason: LoginFailure) => `${localizePath(locale, '/login')}?error=${reason}`;
export const bannedPath = (locale: LocaleCode, name: string) => localizePath(locale, `/banned/${encodeURIComponent(name)}`);
export const confirmPath = (locale: LocaleCode, token: string) => `${localizePath(locale, '/confirm-login')}?token=${token}`;

class LoginRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** Records the code as used; false when it was used before (a replay). */
async function markCodeUsed(privateCode: string): Promise<boolean> {
  const inserted = await db()
    .insert(usedAuthCodes)
    .values({ codeHash: hashToken(privateCode) })
    .onConflictDoNothing()
    .returning({ codeHash: usedAuthCodes.codeHash });
  return inserted.length === 1;
}

interface ProviderAnswer {
  valid?: unknown;
  username?: unknown;
  redirect?: unknown;
}

/**
 * The provider answers the code check with JSON `{ valid, username, redirect }`: 200 when the code
 * is valid, 403 when it is unknown, used, expired or unverified (FluffyScratch / ScratchAuth do so).
 * Anything else — no answer, a timeout, another status, a body that is not that JSON — means we
 * could not talk to it, which is the server-error message, not the failed-auth one.
 */
async function askProvider(privateCode: string): Promise<{ status: number; answer: ProviderAnswer }> {
  const url = `${config().SCRATCH_AUTH_URL}/api/auth/verifyToken?${new URLSearchParams({ privateCode })}`;
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS) });
  } catch (error) {
    throw new ScratchUnavailableError(`verifyToken: ${error instanceof Error ? error.message : String(error)}`);
  }
  let answer: unknown;
  try {
    answer = JSON.parse(await response.text());
  } catch {
    throw new ScratchUnavailableError(`verifyToken: HTTP ${response.status}, the answer is not JSON`);
  }
  if (response.status !== 200 && response.status !== 403)
    throw new ScratchUnavailableError(`verifyToken: HTTP ${response.status}`);
  if (answer === null || typeof answer !== 'object' || typeof (answer as ProviderAnswer).valid !== 'boolean') {
    throw new ScratchUnavailableError(`verifyToken: HTTP ${response.status}, unexpected answer`);
  }
  return { status: response.status, answer: answer as ProviderAnswer };
}

/** Asks the provider who the code belongs to; it must be valid and issued for our own callback. */
async function verifyPrivateCode(privateCode: string): Promise<string> {
  const { status, answer } = await askProvider(privateCode);
  if (status !== 200 || answer.valid !== true) throw new LoginRefused(`the provider refused the code (HTTP ${status})`);
  if (typeof answer.username !== 'string' || answer.username === '')
    throw new ScratchUnavailableError('verifyToken: valid, but names nobody');
  if (answer.redirect !== callbackRedirect()) {
    throw new LoginRefused(`the code was issued for ${JSON.stringify(answer.redirect)}, not for ${callbackRedirect()}`);
  }
  return answer.username;
}

/** Creates the user on first login; keeps the name in Scratch's canonical spelling and caches the avatar. */
async function upsertUser(name: string, avatarUrl: string | null): Promise<User> {
  const [user] = await db()
    .insert(users)
    .values({ name, avatarUrl })
    .onConflictDoUpdate({ target: sql`lower(${users.name})`, set: { name, avatarUrl } })
    .returning();
  return user!;
}

async function forgetOldCodes(): Promise<void> {
  await db()
    .delete(usedAuthCodes)
    .where(lt(usedAuthCodes.usedAt, new Date(Date.now() - USED_CODES_KEPT_MS)));
  await deleteExpiredLoginTokens();
}

/** Handles the provider's callback and answers where the browser goes next. */
export async function finishLogin(cookies: AstroCookies, privateCode: string | null): Promise<string> {
  const startedIn = takeState(cookies);
  const locale = startedIn ?? DEFAULT_LOCALE;
  try {
    if (!startedIn) throw new LoginRefused('this browser did not start a login (no state cookie)');
    if (!privateCode) throw new LoginRefused('no privateCode');
    if (!(await markCodeUsed(privateCode))) throw new LoginRefused('the privateCode was used before');
    const username = await verifyPrivateCode(privateCode);
    const scratchUser = await fetchScratchUser(username);
    if (!scratchUser) throw new LoginRefused(`Scratch does not know ${username}`);
    const user = await upsertUser(scratchUser.username, scratchUser.avatarUrl);
    await forgetOldCodes();
    if (user.isBanned) return bannedPath(locale, user.name);
    return confirmPath(locale, await issueLoginToken(cookies, user.id));
  } catch (error) {
    if (error instanceof LoginRefused) {
      console.warn(`Login refused: ${error.reason}`);
      return loginFailedPath(locale, 'auth-failed');
    }
    if (error instanceof ScratchUnavailableError) {
      console.warn(`Login failed: ${error.reason}`);
      return loginFailedPath(locale, 'server-error');
    }
    throw error;
  }
}

/** Offline trials (ITINERARY_DEV_LOGIN=1): vouches for any username without asking Scratch. */
export async function devLogin(cookies: AstroCookies, name: string, locale: LocaleCode): Promise<string> {
  if (!config().ITINERARY_DEV_LOGIN) throw notFound();
  const user = (await findUserByName(name)) ?? (await upsertUser(name, null));
  if (user.isBanned) return bannedPath(locale, user.name);
  return confirmPath(locale, await issueLoginToken(cookies, user.id));
}

/** Confirm on /confirm-login: uses the one-time token up and sets the session cookie. */
export async function confirmLogin(cookies: AstroCookies, token: string, locale: LocaleCode): Promise<string> {
  const pending = await consumeLoginToken(cookies, token);
  if (!pending) return confirmPath(locale, token);
  if (pending.isBanned) return bannedPath(locale, pending.name);
  const sessionToken = generateSessionToken();
  const session = await createSession(sessionToken, pending.userId);
  setSessionTokenCookie(cookies, sessionToken, session.expiresAt);
  return localizePath(locale, '/');
}

/** Cancel on /confirm-login: the token is thrown away and nobody is logged in. */
export async function cancelLogin(cookies: AstroCookies, token: string, locale: LocaleCode): Promise<string> {
  await discardLoginToken(cookies, token);
  return localizePath(locale, '/login');
}
