/**
 * CSRF defence for everything that can change data: a request another site's page started is
 * refused, whatever its content type (Astro's own `checkOrigin` only covers form posts, and
 * answers in plain text). Browsers send `Origin` with every POST, PUT, PATCH and DELETE; when it
 * is missing, `Sec-Fetch-Site` and `Referer` decide. A request with none of the three does not
 * come from a web page (curl, a script with its own token), so it cannot ride on a visitor's cookie.
 */
import { config } from '#server/platform/config';
import { errorResponse } from '#server/platform/errors';
import { refused } from '#server/auth/refusals';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/** Our public address, and the address the request reached (the same unless behind a proxy). */
const ownOrigins = (url: URL) => new Set([originOf(config().PUBLIC_SITE_URL), url.origin]);

export function isCrossSiteWrite(request: Request, url: URL): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  const own = ownOrigins(url);
  const origin = request.headers.get('origin');
  // `null` is what sandboxed frames and privacy-stripped requests send: never ours.
  if (origin !== null) return !own.has(originOf(origin));
  const fetchSite = request.headers.get('sec-fetch-site');
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return true;
  const referer = request.headers.get('referer');
  return referer !== null && !own.has(originOf(referer));
}

/** The 403 answer (JSON error shape) for a cross-site write, else null. */
export function crossSiteRefusal(ctx: { request: Request; url: URL }): Response | null {
  if (!isCrossSiteWrite(ctx.request, ctx.url)) return null;
  return errorResponse(refused('cross-site'), { 'cache-control': 'no-store' });
}
