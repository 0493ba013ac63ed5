/**
 * The in-process cache of rendered public pages (home, explore, jam pages). A page opts in with
 * `cachePage(locals, { tags, until })`; a write announced through `announceChange` drops the pages
 * tagged with what changed, and every page expires at the next start or end moment it depends on
 * (so a mystery body appears at the start without any write) or after ITINERARY_PAGE_CACHE_TTL.
 *
 * Under load (a deadline rush) a key is rendered once at a time: readers arriving meanwhile wait for
 * that render, or get the previous version while it was stale for less than STALE_FOR_MS (and never
 * past the moment it expires, such as the jam's start). A page
 * whose jam was edited or deleted, or whose people changed, is dropped outright, never served stale:
 * an edit may turn mystery mode on, a deletion must not linger.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { type Change, onChange } from './changes';
import { config } from '#server/platform/config';

export interface CachePolicy {
  /** `jams` for lists of jams, `jam:{id}` for one jam's page. */
  tags: string[];
  /** Epoch ms after which the page may show something else without any write (a start or end). */
  until: number | null;
}

type Encoding = 'br' | 'gzip';

interface Variant {
  body: Uint8Array;
  etag: string;
}

interface CachedPage {
  body: Uint8Array;
  headers: [string, string][];
  etag: string;
  /** Compressed once, off the main thread, after the page is cached; served to clients that accept them. */
  encoded: Partial<Record<Encoding, Variant>>;
  tags: string[];
  expiresAt: number;
  /** Set when a write made the page out of date but it may still stand in while it is re-rendered. */
  staleSince?: number;
}

/** How long an out-of-date page may stand in for its own re-render. */
export const STALE_FOR_MS = 5000;

type Freshness = 'fresh' | 'stale' | 'gone';

/** Past its expiry (a start or end moment, or the TTL) a page is never served again, stale or not. */
function freshness(page: CachedPage, now: number): Freshness {
  if (page.expiresAt <= now) return 'gone';
  if (page.staleSince === undefined) return 'fresh';
  return now - page.staleSince < STALE_FOR_MS ? 'stale' : 'gone';
}

/** The render in flight for each key: the page it will cache, or null when it turns out not cacheable. */
const rendering = new Map<string, Promise<CachedPage | null>>();

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
const cacheKey = (url: URL) => url.pathname.replace(/\/+$/, '') + url.search;

/** The tags of the pages that show what changed; `all` for a change that may show anywhere. */
function tagsShowing(change: Change): Set<string> | 'all' {
  switch (change.kind) {
    case 'users':
      return 'all'; // names and pictures appear on every kind of page
    case 'votes':
      // While a jam runs its counts are private: no page shows them, so a vote drops nothing.
      return new Set(change.resultsPublic ? [`jam:${change.jamId}`] : []);
    case 'jam':
    case 'entries':
    case 'participants':
      // The lists' cards show each jam's name, timing, entry and participant counts.
      return new Set(['jams', `jam:${change.jamId}`]);
  }
}

/**
 * New entries, public votes and joins only change a count on a page: it may stand in, briefly,
 * while re-rendered (a deadline rush of joins re-renders each page once, not once per join).
 */
const mayServeStale = (change: Change) => change.kind === 'entries' || change.kind === 'votes' || change.kind === 'participants';

export function invalidate(change: Change, now = Date.now()): void {
  const drop = tagsShowing(change);
  if (drop !== 'all' && drop.size === 0) return;
  for (const [key, page] of pages.entries()) {
    if (drop !== 'all' && !page.tags.some((tag) => drop.has(tag))) continue;
    if (mayServeStale(change)) page.staleSince ??= now;
    else pages.delete(key);
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

const compressors: Record<Encoding, (body: Uint8Array) => Promise<Buffer>> = {
  // Stronger than the on-the-fly compression (brotli 4), since it is paid once per cached page.
  br: (body) => promisify(brotliCompress)(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
  gzip: (body) => promisify(gzip)(body, { level: 9 }),
};

function precompress(page: CachedPage): void {
  for (const encoding of Object.keys(compressors) as Encoding[]) {
    compressors[encoding](page.body).then(
      (body) => (page.encoded[encoding] = { body, etag: etagOf(body) }),
      (error) => console.error(`Page cache: ${encoding} compression failed`, error),
    );
  }
}

/** The best ready variant the client accepts (brotli, then gzip), or null for the plain body. */
function chooseEncoding(page: CachedPage, acceptEncoding: string | null): Encoding | null {
  const accepted = acceptedEncodings(acceptEncoding);
  for (const encoding of ['br', 'gzip'] as const) {
    if (page.encoded[encoding] && (accepted.includes(encoding) || accepted.includes('*'))) return encoding;
  }
  return null;
}

const acceptedEncodings = (header: string | null) =>
  (header ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || !/^\s*q\s*=\s*0(\.0*)?\s*$/.test(q))
    .map(([name]) => name!.toLowerCase());

/** Shared caches (a CDN) may keep the page until its next moment, and serve it stale briefly while refreshing. */
function cacheControl(expiresAt: number, now = Date.now()): string {
  const seconds = Math.max(0, Math.floor((expiresAt - now) / 1000));
  const sMaxAge = Math.min(60, seconds);
  const swr = Math.min(300, Math.max(0, seconds - sMaxAge));
  return `public, max-age=0, s-maxage=${sMaxAge}${swr > 0 ? `, stale-while-revalidate=${swr}` : ''}`;
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
}

/** What to send for a page: a compressed copy the client accepts once one is ready, else the plain bytes. */
type Source = 'hit' | 'miss' | 'stale';

function answer(page: CachedPage, ask: Ask, source: Source, key: string): CachedAnswer {
  const encoding = source === 'miss' ? null : chooseEncoding(page, ask.acceptEncoding);
  const { body, etag } = encoding ? page.encoded[encoding]! : page;
  const headers = Object.fromEntries(page.headers);
  headers['etag'] = etag;
  headers['cache-control'] = source === 'stale' ? 'no-cache' : cacheControl(page.expiresAt);
  // `/` redirects by the locale cookie or Accept-Language before the cache: shared caches must keep those apart.
  headers['vary'] = key === '' ? 'Accept-Encoding, Cookie, Accept-Language' : 'Accept-Encoding';
  headers['x-page-cache'] = source;
  // A known length lets the compression middleware skip small pages; an encoding makes it skip the rest.
  if (encoding) headers['content-encoding'] = encoding;
  if (ask.ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
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
  };
  const { status, headers, body } = answer(page, ask, source, key);
  return new Response(body && streamOf(body), { status, headers });
}

/**
 * A cached page's answer without going through Astro, for the Node server in front of it
 * (see page-cache-fast-path.ts). Null when the page is not cached, or when a client that takes
 * compression would get plain bytes because the compressed copies are not ready yet.
 */
export function cachedAnswer(url: URL, ask: Ask): CachedAnswer | null {
  if (!enabled() || (ask.method !== 'GET' && ask.method !== 'HEAD')) return null;
  const key = cacheKey(url);
  const page = pages.get(key);
  if (!page || freshness(page, Date.now()) !== 'fresh') return null;
  const wantsCompression = acceptedEncodings(ask.acceptEncoding).some((name) => name === 'br' || name === 'gzip' || name === '*');
  if (wantsCompression && chooseEncoding(page, ask.acceptEncoding) === null) return null;
  return answer(page, ask, 'hit', key);
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
  const key = cacheKey(ctx.url);
  if (!enabled()) {
    const now = Date.now();
    const response = await render();
    const page = await keep(ctx, response, now);
    return page ? respond(page, request, 'miss', key) : response;
  }
  const cached = pages.get(key);
  const state = cached ? freshness(cached, Date.now()) : 'gone';
  if (cached && state === 'fresh') return respond(cached, request, 'hit', key);
  const inFlight = rendering.get(key);
  if (inFlight) {
    if (cached && state === 'stale') return respond(cached, request, 'stale', key);
    const shared = await inFlight;
    if (shared) return respond(shared, request, 'hit', key);
    return render(); // that render was not cacheable (an error, a cookie): this reader's may differ
  }
  let settle!: (page: CachedPage | null) => void;
  rendering.set(key, new Promise((resolve) => (settle = resolve)));
  try {
    const now = Date.now();
    const response = await render();
    const page = await keep(ctx, response, now);
    settle(page);
    if (!page) return response;
    if (page.expiresAt > now) {
      pages.set(key, page);
      precompress(page);
    }
    return respond(page, request, 'miss', key);
  } catch (error) {
    settle(null);
    throw error;
  } finally {
    rendering.delete(key);
  }
}

/** The rendered page as the cache keeps it, or null when the page did not opt in or is not for everyone. */
async function keep(ctx: { locals: App.Locals }, response: Response, now: number): Promise<CachedPage | null> {
  const policy = ctx.locals.cachePolicy;
  if (!policy || response.status !== 200 || response.headers.has('set-cookie')) return null;
  const body = new Uint8Array(await response.arrayBuffer());
  const ttlEnd = now + config().ITINERARY_PAGE_CACHE_TTL * 1000;
  return {
    body,
    headers: [...response.headers].filter(([name]) => !BROWSER_HEADERS_TO_DROP.has(name.toLowerCase())),
    etag: etagOf(body),
    encoded: {},
    tags: policy.tags,
    expiresAt: policy.until === null ? ttlEnd : Math.min(ttlEnd, policy.until),
  };
}
