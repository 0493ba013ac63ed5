/**
 * The page store's policy, apart from the store itself (page-store.ts): what may be kept (a page
 * that opted in and is for everyone), for how long (until its next start or end moment, or the TTL),
 * and what a change does to a kept page (drops it, or lets it stand in, stale, for its re-render).
 * The store asks these questions; it keeps the pages, compresses them and renders one at a time.
 */
import { type Change, droppedOutright, mayServeStale, tagsShowing } from '#server/platform/changes';
import { isForEveryone, pageExpiry } from '#server/cache/page-cache';
import { config } from '#server/platform/config';
import { type Encoding, type Variant, etagOf } from './encodings';

export interface CachedPage {
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
   * Set when a write changed what the page counts (new entries, joins, public votes): from then on
   * the first reader renders it again, while the others keep getting this page. At least one refresh
   * interval after the render, so a page is rendered again at most once per interval however many
   * writes land.
   */
  dueAt?: number;
  /**
   * One refresh interval after `dueAt`: past it the page is older than counts may lag, and it only
   * stands in (as `stale`) while it is re-rendered.
   */
  staleSince?: number;
}

/** How long an out-of-date page may stand in for its own re-render. */
export const STALE_FOR_MS = 5000;

/**
 * ITINERARY_PAGE_REFRESH_INTERVAL in ms (default 1 s): a changed page is rendered again at most once
 * per interval, and counts on public pages lag the writes by at most two intervals (one to wait for
 * its turn, one for the render). Personal parts never lag: they come from the viewer document.
 */
export const refreshEveryMs = () => config().ITINERARY_PAGE_REFRESH_INTERVAL * 1000;

type Freshness = 'fresh' | 'stale' | 'gone';

/**
 * Past its expiry (a start or end moment, or the TTL) a page is never served again, stale or not; an
 * out-of-date page rendered before the reader's own write is not served to them.
 */
export function freshness(page: CachedPage, now: number, writtenAt: number | null): Freshness {
  if (page.expiresAt <= now) return 'gone';
  if (page.staleSince === undefined) return 'fresh';
  if (writtenAt !== null && page.renderedAt <= writtenAt) return 'gone';
  if (now < page.staleSince) return 'fresh';
  return now - page.staleSince < STALE_FOR_MS ? 'stale' : 'gone';
}

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
export function changedSince(page: CachedPage): 'dropped' | 'staled' | null {
  let staled = false;
  for (const tag of [...page.tags, '*']) {
    const last = lastChange.get(tag);
    if (!last) continue;
    if (last.dropped >= page.renderedAt) return 'dropped';
    if (last.staled >= page.renderedAt) staled = true;
  }
  return staled ? 'staled' : null;
}

/** What a change does to the kept pages: which tags it reaches, and whether their pages may stand in stale. */
export interface ChangeEffect {
  reaches: (page: CachedPage) => boolean;
  /** Stale (may stand in for its re-render) or dropped outright. */
  fate: (page: CachedPage) => 'stale' | 'drop';
}

/** Records a change (so renders under way when it landed are not kept as newer) and says what it does, or null when it touches no page. */
export function effectOf(change: Change, now: number): ChangeEffect | null {
  const drop = tagsShowing(change);
  if (drop !== 'all' && drop.size === 0) return null;
  const stale = mayServeStale(change);
  const outright = droppedOutright(change);
  recordChange(drop, stale, now);
  if (outright) recordChange(new Set([outright]), false, now);
  return {
    reaches: (page) => drop === 'all' || page.tags.some((tag) => drop.has(tag)),
    fate: (page) => (stale && !(outright && page.tags.includes(outright)) ? 'stale' : 'drop'),
  };
}

/** A count-like change reached the page: its re-render is due at its next turn, and it may lag until one interval later. */
export function markStale(page: CachedPage, now: number): void {
  if (page.dueAt !== undefined) return;
  const every = refreshEveryMs();
  page.dueAt = Math.max(now, page.renderedAt + every);
  page.staleSince = page.dueAt + every;
}

/** Whether the page's re-render is due (the first reader from now on renders it). */
export const isDue = (page: CachedPage, now: number) => page.dueAt !== undefined && now >= page.dueAt;

/** Forgets every recorded change (with the pages themselves, in tests). */
export function forgetChanges(): void {
  lastChange.clear();
}

const BROWSER_HEADERS_TO_DROP = new Set(['set-cookie', 'content-length', 'content-encoding', 'etag', 'cache-control', 'vary']);

/** The rendered page as the cache keeps it, or null when the page did not opt in or is not for everyone. */
export async function keep(ctx: { locals: App.Locals }, response: Response, now: number): Promise<CachedPage | null> {
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
