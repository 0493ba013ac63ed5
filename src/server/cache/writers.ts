/**
 * Read-your-writes for cached pages: a write that made pages out of date marks its answer with a
 * short-lived cookie, and its author's next page views skip pages rendered before it.
 */
import { readCookie } from '#lib/cookies';

/**
 * Set on the answer to every successful API write that made pages stale (epoch ms): for WROTE_FOR_S
 * its holder's page views skip pages rendered before it, so a submitter's reload shows their entry.
 */
export const WROTE_COOKIE = 'itinerary-wrote';
const WROTE_FOR_S = 10;

/** The time of the reader's last write, from WROTE_COOKIE, if it is recent. */
export function wroteAt(cookieHeader: string | null, now = Date.now()): number | null {
  const value = Number(readCookie(cookieHeader, WROTE_COOKIE));
  return Number.isFinite(value) && value > 0 && value <= now && now - value < WROTE_FOR_S * 1000 ? value : null;
}

/** Marks the answer to a successful write, so the writer's next page views show it (see WROTE_COOKIE). */
function rememberWrite(response: Response, now = Date.now()): Response {
  try {
    response.headers.append('set-cookie', `${WROTE_COOKIE}=${now}; Path=/; Max-Age=${WROTE_FOR_S}; SameSite=Lax`);
  } catch {
    // Immutable headers (a redirect made by Response.redirect): nothing to remember.
  }
  return response;
}

/**
 * Changes that made pages stale, counted in this process or isolate. A write whose count moved while
 * it ran gets the cookie. Without a request-scoped store (which not every host has) a write running
 * beside another one's change may get it too: harmless, its author's views are only fresher.
 */
let staleWrites = 0;

/** Called when a change made pages stale. */
export function noteStaleWrite(): void {
  staleWrites += 1;
}

/** Runs an API write; when pages went stale meanwhile, its answer tells the writer's browser (WROTE_COOKIE). */
export async function trackingWrite(write: () => Promise<Response>): Promise<Response> {
  const before = staleWrites;
  const response = await write();
  return staleWrites !== before && response.ok ? rememberWrite(response) : response;
}
