/**
 * Public pages that render the same HTML for everyone opt in with `cachePage(locals, { tags, until })`.
 * Where they are kept is the host's page store (the Node server: in its process, precompressed; a
 * Worker: the platform's cache); every host sends the same `Cache-Control`, so a CDN may keep a page
 * until its next start or end moment (mystery mode holds at every cache) and never longer than a minute.
 */
import { host } from '#server/platform/host';
import { config } from '#server/platform/config';

export interface CachePolicy {
  /** `jams` for lists of jams, `jam:{id}` for one jam's page (and its entries' pages), `entry:{id}` for an entry's page, `profiles` for people's profiles. */
  tags: string[];
  /** Epoch ms after which the page may show something else without any write (a start or end). */
  until: number | null;
}

/** Called by a page that renders the same HTML for everyone. */
export function cachePage(locals: App.Locals, policy: CachePolicy): void {
  locals.cachePolicy = policy;
}

export const pageCacheKey = (url: URL) => url.pathname.replace(/\/+$/, '') + url.search;

/** When a page rendered now may show something else without any write: its next moment, or the TTL. */
export function pageExpiry(policy: CachePolicy, now: number): number {
  const ttlEnd = now + config().ITINERARY_PAGE_CACHE_TTL * 1000;
  return policy.until === null ? ttlEnd : Math.min(ttlEnd, policy.until);
}

/** Shared caches (a CDN) may keep the page until its next moment, and serve it stale briefly while refreshing. */
export function cacheControl(expiresAt: number, now = Date.now()): string {
  const seconds = Math.max(0, Math.floor((expiresAt - now) / 1000));
  const sMaxAge = Math.min(60, seconds);
  const swr = Math.min(300, Math.max(0, seconds - sMaxAge));
  return `public, max-age=0, s-maxage=${sMaxAge}${swr > 0 ? `, stale-while-revalidate=${swr}` : ''}`;
}

/** `/` redirects by the locale cookie or Accept-Language: shared caches must keep those answers apart. */
export const varyFor = (key: string) => (key === '' ? 'Accept-Encoding, Cookie, Accept-Language' : 'Accept-Encoding');

/** A page rendered for everyone: a 200 that opted in and sets no cookie. */
export const isForEveryone = (locals: App.Locals, response: Response) =>
  locals.cachePolicy !== undefined && response.status === 200 && !response.headers.has('set-cookie');

/** Without a store: the page as rendered, with the headers that let a CDN keep it. */
async function headersOnly(ctx: { url: URL; locals: App.Locals }, render: () => Promise<Response>): Promise<Response> {
  const now = Date.now();
  const response = await render();
  if (!isForEveryone(ctx.locals, response)) return response;
  const headers = new Headers(response.headers);
  headers.set('cache-control', cacheControl(pageExpiry(ctx.locals.cachePolicy!, now), now));
  headers.set('vary', varyFor(pageCacheKey(ctx.url)));
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** Serves a public page through the host's page store, or renders it with its cache headers. */
export function withPageCache(
  ctx: { request: Request; url: URL; locals: App.Locals },
  render: () => Promise<Response>,
): Promise<Response> {
  const store = host().pageStore;
  return store ? store.serve(ctx, render) : headersOnly(ctx, render);
}
