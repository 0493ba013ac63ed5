/**
 * The in-process cache of rendered public pages (home, explore, jam pages). A page opts in with
 * `cachePage(locals, { tags, until })`; a write announced through `announceChange` drops the pages
 * tagged with what changed, and every page expires at the next start or end moment it depends on
 * (so a mystery body appears at the start without any write) or after ITINERARY_PAGE_CACHE_TTL.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { type Change, onChange } from './changes';
import { config } from './config';

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
}

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
function chooseEncoding(page: CachedPage, request: Request): Encoding | null {
  const accepted = (request.headers.get('accept-encoding') ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || !/^\s*q\s*=\s*0(\.0*)?\s*$/.test(q))
    .map(([name]) => name!.toLowerCase());
  for (const encoding of ['br', 'gzip'] as const) {
    if (page.encoded[encoding] && (accepted.includes(encoding) || accepted.includes('*'))) return encoding;
  }
  return null;
}

/** Shared caches (a CDN) may keep the page until its next moment, and serve it stale briefly while refreshing. */
function cacheControl(expiresAt: number, now = Date.now()): string {
  const seconds = Math.max(0, Math.floor((expiresAt - now) / 1000));
  const sMaxAge = Math.min(60, seconds);
  const swr = Math.min(300, Math.max(0, seconds - sMaxAge));
  return `public, max-age=0, s-maxage=${sMaxAge}${swr > 0 ? `, stale-while-revalidate=${swr}` : ''}`;
}

function respond(page: CachedPage, request: Request, hit: boolean, key: string): Response {
  const encoding = hit ? chooseEncoding(page, request) : null;
  const { body, etag } = encoding ? page.encoded[encoding]! : page;
  const headers = new Headers(page.headers);
  headers.set('etag', etag);
  headers.set('cache-control', cacheControl(page.expiresAt));
  // `/` redirects by the locale cookie or Accept-Language before the cache: shared caches must keep those apart.
  headers.set('vary', key === '' ? 'Accept-Encoding, Cookie, Accept-Language' : 'Accept-Encoding');
  headers.set('x-page-cache', hit ? 'hit' : 'miss');
  // A known length lets the compression middleware skip small pages; an encoding makes it skip the rest.
  if (encoding) headers.set('content-encoding', encoding);
  const inm = request.headers.get('if-none-match');
  if (inm && inm.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return new Response(null, { status: 304, headers });
  }
  headers.set('content-length', String(body.byteLength));
  return new Response(request.method === 'HEAD' ? null : streamOf(body), { status: 200, headers });
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
    if (cached && cached.expiresAt > now) return respond(cached, request, true, key);
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
    encoded: {},
    tags: policy.tags,
    expiresAt: policy.until === null ? ttlEnd : Math.min(ttlEnd, policy.until),
  };
  if (enabled() && page.expiresAt > now) {
    pages.set(key, page);
    precompress(page);
  }
  return respond(page, request, false, key);
}
