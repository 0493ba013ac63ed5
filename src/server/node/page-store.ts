/**
 * The Node host's page store: rendered public pages (home, explore, jam pages) kept in the process.
 * A page opts in with `cachePage(locals, { tags, until })`; a write announced through `announceChange` drops the pages
 * tagged with what changed, and every page expires at the next start or end moment it depends on
 * (so a mystery body appears at the start without any write) or after ITINERARY_PAGE_CACHE_TTL.
 *
 * Under load (a deadline rush) a key is rendered once at a time: readers arriving meanwhile wait for
 * that render, or get the previous version while it was stale for less than STALE_FOR_MS (and never
 * past the moment it expires, such as the jam's start). New entries (which only add to a page) make
 * it stale at most once per REVALIDATE_EVERY_MS after its render, so a stream of submissions costs
 * one render a second per page, not one per submission; whoever wrote sees their write at once
 * (WROTE_COOKIE). A page whose jam was edited or deleted, or whose people changed, is dropped
 * outright, never served stale: an edit may turn mystery mode on, a deletion must not linger.
 */
import { LRUCache } from 'lru-cache';
import { type Change, droppedOutright, mayServeStale, tagsShowing } from '#server/platform/changes';
import { cacheControl, isForEveryone, pageCacheKey, pageExpiry, varyFor } from '#server/cache/page-cache';
import { wroteAt } from '#server/cache/writers';
import type { PageStore } from '#server/platform/host';
import { config } from '#server/platform/config';
import { type Encoding, type Variant, chooseEncoding, etagOf, matchesEtag, precompress, takesCompression } from './encodings';

interface CachedPage {
  body: Uint8Array;
  headers: [string, string][];
  etag: string;
  /** Compressed once, off the main thread, before the page is cached; served to clients that accept them. */
  encoded: Partial<Record<Encoding, Variant>>;
  tags: string[];
  expiresAt: number;
  /** When the render that made this page began. */
  renderedAt: number;
  /**
   * Set when a write made the page out of date: from then on it may only stand in while it is
   * re-rendered. May lie ahead (REVALIDATE_EVERY_MS after the render), when the page stays fresh until then.
   */
  staleSince?: number;
}

/** How long an out-of-date page may stand in for its own re-render. */
export const STALE_FOR_MS = 5000;
/** New entries make a page stale no sooner than this after its render. */
export const REVALIDATE_EVERY_MS = 1000;

type Freshness = 'fresh' | 'stale' | 'gone';

/**
 * Past its expiry (a start or end moment, or the TTL) a page is never served again, stale or not; an
 * out-of-date page rendered before the reader's own write is not served to them.
 */
function freshness(page: CachedPage, now: number, writtenAt: number | null): Freshness {
  if (page.expiresAt <= now) return 'gone';
  if (page.staleSince === undefined) return 'fresh';
  if (writtenAt !== null && page.renderedAt <= writtenAt) return 'gone';
  if (now < page.staleSince) return 'fresh';
  return now - page.staleSince < STALE_FOR_MS ? 'stale' : 'gone';
}

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
const BROWSER_HEADERS_TO_DROP = new Set(['set-cookie', 'content-length', 'content-encoding', 'etag', 'cache-control', 'vary']);

const pages = new LRUCache<string, CachedPage>({
  max: MAX_PAGES,
  // The compressed variants add about a fifth; counted up front so the bound holds once they exist.
  maxSize: MAX_BYTES,
  sizeCalculation: (page) => Math.ceil(page.body.byteLength * 1.25) + 512,
});

const enabled = () => config().ITINERARY_PAGE_CACHE === 'on';

/**
 * When pages of each tag (`*`: every page) were last dropped or made stale: a render that began
 * before such a change and ends after it must not be kept as if it were newer.
 */
const lastChange = new Map<string, { dropped: number; staled: number }>();

function recordChange(tags: Set<string> | 'all', stale: boolean, now: number): void {
  for (const tag of tags === 'all' ? ['*'] : tags) {
    const last = lastChange.get(tag) ?? { dropped: 0, staled: 0 };
    if (stale) last.staled = now;
    else last.dropped = now;
    lastChange.set(tag, last);
  }
}

/** What happened to a page's tags since its render began. */
function changedSince(page: CachedPage): 'dropped' | 'staled' | null {
  let staled = false;
  for (const tag of [...page.tags, '*']) {
    const last = lastChange.get(tag);
    if (!last) continue;
    if (last.dropped >= page.renderedAt) return 'dropped';
    if (last.staled >= page.renderedAt) staled = true;
  }
  return staled ? 'staled' : null;
}

export function invalidate(change: Change, now = Date.now()): void {
  const drop = tagsShowing(change);
  if (drop !== 'all' && drop.size === 0) return;
  const stale = mayServeStale(change);
  const outright = droppedOutright(change);
  recordChange(drop, stale, now);
  if (outright) recordChange(new Set([outright]), false, now);
  for (const [key, page] of pages.entries()) {
    if (drop !== 'all' && !page.tags.some((tag) => drop.has(tag))) continue;
    if (stale && !(outright && page.tags.includes(outright))) markStale(page, now);
    else pages.delete(key);
  }
}

const markStale = (page: CachedPage, now: number) => (page.staleSince ??= Math.max(now, page.renderedAt + REVALIDATE_EVERY_MS));

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
  lastChange.clear();
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
  // A stale page stands in only while someone re-renders it; the first reader after a change goes to Astro and renders.
  const source = state === 'fresh' ? 'hit' : state === 'stale' && reRenderIsUnderWay(key, now) ? 'stale' : null;
  if (!source) return null;
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
  if (cached && state === 'fresh') return respond(cached, request, 'hit', key);
  // A render in flight may have begun before this reader's write: they get one of their own.
  if (cached && writtenAt !== null && state === 'gone' && cached.expiresAt > now) return renderForWriter(ctx, render, key);
  const inFlight = rendering.get(key);
  if (inFlight) {
    if (cached && state === 'stale') return respond(cached, request, 'stale', key);
    const shared = await inFlight;
    // A render that began before its page was dropped (an entry removed meanwhile) is not this reader's answer.
    if (shared && changedSince(shared) !== 'dropped') return respond(shared, request, 'hit', key);
    return render(); // that render was not cacheable (an error, a cookie) or is out of date: this reader's may differ
  }
  let settle!: (page: CachedPage | null) => void;
  rendering.set(key, new Promise((resolve) => (settle = resolve)));
  claimed.delete(key);
  try {
    const now = Date.now();
    const response = await render();
    const page = await keep(ctx, response, now);
    if (page) await store(key, page, now);
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
  await store(key, page, now);
  return respond(page, ctx.request, 'miss', key);
}

/** The rendered page as the cache keeps it, or null when the page did not opt in or is not for everyone. */
async function keep(ctx: { locals: App.Locals }, response: Response, now: number): Promise<CachedPage | null> {
  if (!isForEveryone(ctx.locals, response)) return null;
  const policy = ctx.locals.cachePolicy!;
  const body = new Uint8Array(await response.arrayBuffer());
  return {
    body,
    headers: [...response.headers].filter(([name]) => !BROWSER_HEADERS_TO_DROP.has(name.toLowerCase())),
    etag: etagOf(body),
    encoded: {},
    tags: policy.tags,
    renderedAt: now,
    expiresAt: pageExpiry(policy, now),
  };
}

/** The store scripts/start.ts installs (see host.ts). */
export const memoryPageStore: PageStore = { serve: withPageCache, invalidate: (change) => invalidate(change) };
