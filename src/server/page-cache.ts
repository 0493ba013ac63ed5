/**
 * The in-process cache of rendered public pages (home, explore, jam pages). A page opts in with
 * `cachePage(locals, { tags, until })`; a write announced through `announceChange` drops the pages
 * tagged with what changed, and every page expires at the next start or end moment it depends on
 * (so a mystery body appears at the start without any write) or after ITINERARY_PAGE_CACHE_TTL.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { type Change, onChange } from './changes';
import { config } from './config';

export interface CachePolicy {
  /** `jams` for lists of jams, `jam:{id}` for one jam's page. */
  tags: string[];
  /** Epoch ms after which the page may show something else without any write (a start or end). */
  until: number | null;
}

interface CachedPage {
  body: Uint8Array;
  headers: [string, string][];
  etag: string;
  tags: string[];
  expiresAt: number;
}

const MAX_PAGES = 1000;
const MAX_BYTES = 64 * 1024 * 1024;
const BROWSER_HEADERS_TO_DROP = new Set(['set-cookie', 'content-length', 'etag', 'cache-control']);

const pages = new LRUCache<string, CachedPage>({
  max: MAX_PAGES,
  maxSize: MAX_BYTES,
  sizeCalculation: (page) => page.body.byteLength + 512,
});

const enabled = () => config().ITINERARY_PAGE_CACHE === 'on';

export function invalidate(change: Change): void {
  const drop = new Set<string>();
  if (change.kind === 'jam' || change.kind === 'users') drop.add('jams');
  if (change.jamId !== undefined) drop.add(`jam:${change.jamId}`);
  for (const [key, page] of pages.entries()) {
    if (change.kind === 'users' || page.tags.some((tag) => drop.has(tag))) pages.delete(key);
  }
}
onChange(invalidate);

export function clearPageCache(): void {
  pages.clear();
}

/** Called by a page that renders the same HTML for everyone. */
export function cachePage(locals: App.Locals, policy: CachePolicy): void {
  locals.cachePolicy = policy;
}

const etagOf = (body: Uint8Array) => `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;

/** Shared caches (a CDN) may keep the page until its next moment, and serve it stale briefly while refreshing. */
function cacheControl(expiresAt: number, now = Date.now()): string {
  const seconds = Math.max(0, Math.floor((expiresAt - now) / 1000));
  const sMaxAge = Math.min(60, seconds);
  const swr = Math.min(300, Math.max(0, seconds - sMaxAge));
  return `public, max-age=0, s-maxage=${sMaxAge}${swr > 0 ? `, stale-while-revalidate=${swr}` : ''}`;
}

function respond(page: CachedPage, request: Request, hit: boolean): Response {
  const headers = new Headers(page.headers);
  headers.set('etag', page.etag);
  headers.set('cache-control', cacheControl(page.expiresAt));
  headers.set('x-page-cache', hit ? 'hit' : 'miss');
  const inm = request.headers.get('if-none-match');
  if (inm && inm.split(',').some((tag) => tag.trim().replace(/^W\//, '') === page.etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(request.method === 'HEAD' ? null : (page.body as BodyInit), { status: 200, headers });
}

const cacheKey = (url: URL) => url.pathname.replace(/\/+$/, '') + url.search;

/** Serves a cached page, or renders it and keeps it when the page opted in. */
export async function withPageCache(
  ctx: { request: Request; url: URL; locals: App.Locals },
  render: () => Promise<Response>,
): Promise<Response> {
  const { request } = ctx;
  if (request.method !== 'GET' && request.method !== 'HEAD') return render();
  const key = cacheKey(ctx.url);
  const now = Date.now();
  if (enabled()) {
    const cached = pages.get(key);
    if (cached && cached.expiresAt > now) return respond(cached, request, true);
  }
  const response = await render();
  const policy = ctx.locals.cachePolicy;
  if (!policy || response.status !== 200 || response.headers.has('set-cookie')) return response;
  const body = new Uint8Array(await response.arrayBuffer());
  const ttlEnd = now + config().ITINERARY_PAGE_CACHE_TTL * 1000;
  const page: CachedPage = {
    body,
    headers: [...response.headers].filter(([name]) => !BROWSER_HEADERS_TO_DROP.has(name.toLowerCase())),
    etag: etagOf(body),
    tags: policy.tags,
    expiresAt: policy.until === null ? ttlEnd : Math.min(ttlEnd, policy.until),
  };
  if (enabled() && page.expiresAt > now) pages.set(key, page);
  return respond(page, request, false);
}
