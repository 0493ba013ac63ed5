/**
 * Read-your-writes for the page cache: a write that made pages out of date marks its answer with a
 * short-lived cookie, and its author's next page views skip pages rendered before it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
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

/** The API write being answered, if any: whether it made pages stale (see WROTE_COOKIE). */
const currentWrite = new AsyncLocalStorage<{ madeStale: boolean }>();

/** Called when a change made pages stale: the write being answered, if any, will say so. */
export function noteStaleWrite(): void {
  const write = currentWrite.getStore();
  if (write) write.madeStale = true;
}

/** Runs an API write; when it made pages stale, its answer tells the writer's browser (WROTE_COOKIE). */
export async function trackingWrite(write: () => Promise<Response>): Promise<Response> {
  const state = { madeStale: false };
  const response = await currentWrite.run(state, write);
  return state.madeStale && response.ok ? rememberWrite(response) : response;
}
