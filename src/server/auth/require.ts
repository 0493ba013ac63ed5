import type { APIContext, AstroCookies } from 'astro';
import { AppError, unauthenticated } from '#server/platform/errors';
import { requireAdministrator } from './permissions';
import {
  SESSION_COOKIE,
  type SessionValidation,
  type SessionUser,
  deleteSessionTokenCookie,
  readSessionToken,
  setSessionTokenCookie,
  validateSessionToken,
} from './session';

type RequestContext = Pick<APIContext, 'request' | 'cookies' | 'locals'>;

/**
 * Cookie changes are a courtesy here: a component that asks for the session while the page is
 * already streaming can no longer set headers, and that must not break the page.
 */
function bestEffort(change: () => void): void {
  try {
    change();
  } catch {
    // the response has started; the cookie is corrected on the next request
  }
}

/** Validates the request's session once per request (lazily: public pages never pay for it). */
export function sessionLoader(request: Request, cookies: AstroCookies): () => Promise<SessionValidation> {
  let pending: Promise<SessionValidation> | undefined;
  return () => {
    pending ??= (async () => {
      const token = readSessionToken(request, cookies);
      if (!token) return null;
      const result = await validateSessionToken(token);
      if (cookies.get(SESSION_COOKIE)?.value === token) {
        if (!result) bestEffort(() => deleteSessionTokenCookie(cookies));
        else if (result.renewed) bestEffort(() => setSessionTokenCookie(cookies, token, result.session.expiresAt));
      }
      return result;
    })();
    return pending;
  };
}

export async function currentUser(ctx: RequestContext): Promise<SessionUser | null> {
  return (await ctx.locals.session())?.user ?? null;
}

export const bannedError = (name: string) =>
  new AppError(403, 'banned', 'You are banned from Itinerary! You can still continue to use the website logged out.', {
    name,
  });

/**
 * The one guard against banned people acting: a service that may be reached with a session that was
 * read before a ban (or by a caller other than its route) asks it before it writes.
 */
export function refuseIfBanned(user: { isBanned: boolean; name: string }): void {
  if (user.isBanned) throw bannedError(user.name);
}

/** The logged-in, not banned user, or a 401/403. */
export async function requireUser(ctx: RequestContext): Promise<SessionUser> {
  const user = await currentUser(ctx);
  if (!user) throw unauthenticated();
  refuseIfBanned(user);
  return user;
}

export async function requireAdmin(ctx: RequestContext): Promise<SessionUser> {
  const user = await requireUser(ctx);
  await requireAdministrator(user);
  return user;
}
