/**
 * The Node host's page store: rendered public pages (home, explore, jam pages) kept in the process.
 * A page opts in with `cachePage(locals, { tags, until })`; a write announced through `announceChange` drops the pages
 * tagged with what changed, and every page expires at the next start or end moment it depends on
 * (so a mystery body appears at the start without any write) or after ITINERARY_PAGE_CACHE_TTL.
 *
 * Under load (a deadline rush) a key is rendered once at a time: readers arriving meanwhile wait for
 * that render, or get the previous version (never past the moment it expires, such as the jam's
 * start). New entries, joins and public votes (which only change counts) make its re-render due at
 * most once per refresh interval after its render, so a stream of submissions costs one render per
 * interval per page, not one per submission; the first reader then renders while the others keep
 * getting the previous page; whoever wrote sees their write at once (WROTE_COOKIE). A page whose jam was edited or deleted, or whose people changed, is dropped
 * outright, never served stale: an edit may turn mystery mode on, a deletion must not linger.
 *
 * Those rules (what is kept, for how long, what a change does) are in page-policy.ts; this file is
 * the store: the pages in memory, their compressed copies, and one render per key at a time.
 */
import { LRUCache } from 'lru-cache';
import type { Change } from '#server/platform/changes';
import { cacheControl, pageCacheKey, varyFor } from '#server/cache/page-cache';
import { wroteAt } from '#server/cache/writers';
import type { PageStore } from '#server/platform/host';
import { config } from '#server/platform/config';
import { chooseEncoding, matchesEtag, precompress, takesCompression } from './encodings';
import { type CachedPage, changedSince, effectOf, forgetChanges, freshness, isDue, keep, markStale } from './page-policy';
import { loadReport } from './load-report';

/** The render in flight for each key: the page it will cache, or null when it turns out not cacheable. */
const rendering = new Map<string, Promise<CachedPage | null>>();
/**
 * Stale keys whose re-render one request was let through to Astro for (epoch ms): until that request
 * reaches the cache and starts rendering, the fast path serves the stale page to the others instead of
 * sending them all after it. A claim that led nowhere lapses after CLAIM_FOR_MS.
 */
const claimed = new Map<string, number>();
const CLAIM_FOR_MS = 2000;

const MAX_PAGES = 1000;
const MAX_BYTES = 64 * 1024 * 1024;

const pages = new LRUCache<string, CachedPage>({
  max: MAX_PAGES,
  // The compressed variants add about a fifth; counted up front so the bound holds once they exist.
  maxSize: MAX_BYTES,
  sizeCalculation: (page) => Math.ceil(page.body.byteLength * 1.25) + 512,
});

const enabled = () => config().ITINERARY_PAGE_CACHE === 'on';

export function invalidate(change: Change, now = Date.now()): void {
  loadReport().change(change.kind);
  const effect = effectOf(change, now);
  if (!effect) return;
  for (const [key, page] of pages.entries()) {
    if (!effect.reaches(page)) continue;
    if (effect.fate(page) === 'stale') markStale(page, now);
    else pages.delete(key);
  }
}

/**
 * Keeps a page once its compressed copies are ready (so every reader of the cached page can be
 * answered before Astro), unless its data changed while it rendered: dropped, or kept already stale.
 */
async function store(key: string, page: CachedPage, now: number): Promise<void> {
  if (page.expiresAt <= now) return;
  if (changedSince(page) === 'dropped') return;
  await precompress(page);
  // Asked again: a change may have landed while the copies were compressed.
  const changed = changedSince(page);
  if (changed === 'dropped') return;
  if (changed === 'staled') markStale(page, Date.now());
  const current = pages.get(key);
  if (!current || current.renderedAt <= page.renderedAt) pages.set(key, page);
}
export function clearPageCache(): void {
  pages.clear();
  claimed.clear();
  forgetChanges();
}

export interface CachedAnswer {
  status: 200 | 304;
  headers: Record<string, string>;
  /** Null for 304 and HEAD. */
  body: Uint8Array | null;
}

interface Ask {
  method: string;
  acceptEncoding: string | null;
  ifNoneMatch: string | null;
  cookie: string | null;
}

/** What to send for a page: a compressed copy the client accepts once one is ready, else the plain bytes. */
type Source = 'hit' | 'miss' | 'stale';

function answer(page: CachedPage, ask: Ask, source: Source, key: string): CachedAnswer {
  const encoding = chooseEncoding(page, ask.acceptEncoding);
  const { body, etag } = encoding ? page.encoded[encoding]! : page;
  const headers = Object.fromEntries(page.headers);
  headers['etag'] = etag;
  const until = Math.min(page.expiresAt, page.staleSince ?? Infinity);
  headers['cache-control'] = source === 'stale' ? 'no-cache' : cacheControl(until);
  headers['vary'] = varyFor(key);
  headers['x-page-cache'] = source;
  // A known length lets the compression middleware skip small pages; an encoding makes it skip the rest.
  if (encoding) headers['content-encoding'] = encoding;
  if (matchesEtag(ask.ifNoneMatch, etag)) {
    return { status: 304, headers, body: null };
  }
  headers['content-length'] = String(body.byteLength);
  return { status: 200, headers, body: ask.method === 'HEAD' ? null : body };
}

function respond(page: CachedPage, request: Request, source: Source, key: string): Response {
  const ask = {
    method: request.method,
    acceptEncoding: request.headers.get('accept-encoding'),
    ifNoneMatch: request.headers.get('if-none-match'),
    cookie: request.headers.get('cookie'),
  };
  const { status, headers, body } = answer(page, ask, source, key);
  return new Response(body && streamOf(body), { status, headers });
}

/**
 * A cached page's answer without going through Astro, for the Node server in front of it
 * (see page-cache-fast-path.ts): a fresh page, or a stale one while its re-render is in flight. Null
 * otherwise, or when a client that takes compression would get plain bytes because compressing the
 * page failed.
 */
export function cachedAnswer(url: URL, ask: Ask): CachedAnswer | null {
  if (!enabled() || (ask.method !== 'GET' && ask.method !== 'HEAD')) return null;
  const key = pageCacheKey(url);
  const page = pages.get(key);
  if (!page) return null;
  const now = Date.now();
  const state = freshness(page, now, wroteAt(ask.cookie, now));
  if (state === 'gone') return null;
  // Once its re-render is due, the first reader goes to Astro and renders; the others keep getting this page.
  if (isDue(page, now) && !reRenderIsUnderWay(key, now)) return null;
  const source = state === 'fresh' ? 'hit' : 'stale';
  if (takesCompression(ask.acceptEncoding) && chooseEncoding(page, ask.acceptEncoding) === null) return null;
  return answer(page, ask, source, key);
}

/** True when a re-render of the key runs or was claimed; else claims it for the caller, who goes to Astro. */
function reRenderIsUnderWay(key: string, now: number): boolean {
  if (rendering.has(key)) return true;
  const claim = claimed.get(key);
  if (claim !== undefined && now - claim < CLAIM_FOR_MS) return true;
  claimed.set(key, now);
  return false;
}

/** The cached bytes as a one-chunk stream: `new Response(bytes)` would copy them on every hit. */
function streamOf(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

/** Serves a cached page, or renders it and keeps it when the page opted in. */
export async function withPageCache(
  ctx: { request: Request; url: URL; locals: App.Locals },
  render: () => Promise<Response>,
): Promise<Response> {
  const { request } = ctx;
  if (request.method !== 'GET' && request.method !== 'HEAD') return render();
  const key = pageCacheKey(ctx.url);
  if (!enabled()) {
    const now = Date.now();
    const response = await render();
    const page = await keep(ctx, response, now);
    return page ? respond(page, request, 'miss', key) : response;
  }
  const cached = pages.get(key);
  const now = Date.now();
  const writtenAt = wroteAt(request.headers.get('cookie'), now);
  const state = cached ? freshness(cached, now, writtenAt) : 'gone';
  if (cached && state === 'fresh' && !isDue(cached, now)) return respond(cached, request, 'hit', key);
  // A render in flight may have begun before this reader's write: they get one of their own.
  if (cached && writtenAt !== null && state === 'gone' && cached.expiresAt > now) return renderForWriter(ctx, render, key);
  const inFlight = rendering.get(key);
  if (inFlight) {
    if (cached && state !== 'gone') return respond(cached, request, state === 'fresh' ? 'hit' : 'stale', key);
    const shared = await inFlight;
    // A render that began before its page was dropped (an entry removed meanwhile) is not this reader's answer.
    if (shared && changedSince(shared) !== 'dropped') return respond(shared, request, 'hit', key);
    return render(); // that render was not cacheable (an error, a cookie) or is out of date: this reader's may differ
  }
  let settle!: (page: CachedPage | null) => void;
  rendering.set(key, new Promise((resolve) => (settle = resolve)));
  claimed.delete(key);
  const trigger = cached && state !== 'gone' ? 'due' : cached ? 'gone' : 'absent';
  try {
    const now = Date.now();
    const response = await render();
    const page = await keep(ctx, response, now);
    if (page) {
      loadReport().render(trigger);
      await store(key, page, now);
    }
    settle(page);
    if (!page) return response;
    return respond(page, request, 'miss', key);
  } catch (error) {
    settle(null);
    throw error;
  } finally {
    rendering.delete(key);
  }
}

/** Renders for a reader who wrote since the cached page's render, and keeps the result if still the newest. */
async function renderForWriter(
  ctx: { request: Request; url: URL; locals: App.Locals },
  render: () => Promise<Response>,
  key: string,
): Promise<Response> {
  const now = Date.now();
  const response = await render();
  const page = await keep(ctx, response, now);
  if (!page) return response;
  loadReport().render('writer');
  await store(key, page, now);
  return respond(page, ctx.request, 'miss', key);
}

/** The store scripts/start.ts installs (see host.ts). */
export const memoryPageStore: PageStore = { serve: withPageCache, invalidate: (change) => invalidate(change) };
