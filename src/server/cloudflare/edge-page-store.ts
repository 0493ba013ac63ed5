/**
 * Public pages kept in the platform's cache (Workers' `caches.default`), per URL and so per locale.
 * A page is kept until its expiry (its next start or end moment, at most the TTL): the entry's own
 * lifetime there, checked again to the millisecond on every hit, so mystery mode holds. A write through
 * this isolate deletes the pages it stored that show the change, and no page rendered before a change
 * this isolate saw is served again; writes through other isolates show within the TTL (ADR 023).
 */
import { LRUCache } from 'lru-cache';
import { cacheControl, isForEveryone, pageCacheKey, pageExpiry, varyFor } from '#server/cache/page-cache';
import { wroteAt } from '#server/cache/writers';
import { type Change, droppedOutright, tagsShowing } from '#server/platform/changes';
import type { PageStore } from '#server/platform/host';

const RENDERED_AT = 'x-itinerary-rendered-at';
const EXPIRES_AT = 'x-itinerary-expires-at';
const TAGS = 'x-itinerary-tags';
const ALL = '*';

interface WaitUntil {
  waitUntil(promise: Promise<unknown>): void;
}

const waitUntilOf = (locals: App.Locals) => (locals as { cfContext?: WaitUntil }).cfContext;

export function edgePageStore(cache: () => Cache): PageStore {
  /** The keys this isolate stored, with their tags: what a change here deletes. */
  const stored = new LRUCache<string, string[]>({ max: 1000 });
  /** When pages of each tag (`*`: every page) were last changed, as this isolate saw it. */
  const changedAt = new Map<string, number>();

  const renderedBeforeAChange = (tags: string[], renderedAt: number) =>
    [...tags, ALL].some((tag) => (changedAt.get(tag) ?? 0) >= renderedAt);

  function hit(page: Response, cookie: string | null, now: number): Response | null {
    const renderedAt = Number(page.headers.get(RENDERED_AT));
    const expiresAt = Number(page.headers.get(EXPIRES_AT));
    const tags = (page.headers.get(TAGS) ?? '').split(' ').filter(Boolean);
    if (!(expiresAt > now) || renderedBeforeAChange(tags, renderedAt)) return null;
    const writtenAt = wroteAt(cookie, now);
    if (writtenAt !== null && renderedAt <= writtenAt) return null;
    const headers = new Headers(page.headers);
    for (const name of [RENDERED_AT, EXPIRES_AT, TAGS]) headers.delete(name);
    headers.set('cache-control', cacheControl(expiresAt, now));
    headers.set('x-page-cache', 'hit');
    return new Response(page.body, { status: 200, headers });
  }

  return {
    async serve(ctx, render) {
      if (ctx.request.method !== 'GET') return render();
      const key = new Request(new URL(pageCacheKey(ctx.url) || '/', ctx.url.origin));
      const now = Date.now();
      const kept = await cache().match(key);
      const answer = kept && hit(kept, ctx.request.headers.get('cookie'), now);
      if (answer) return answer;

      const response = await render();
      if (!isForEveryone(ctx.locals, response)) return response;
      const policy = ctx.locals.cachePolicy!;
      const expiresAt = pageExpiry(policy, now);
      const body = await response.arrayBuffer();
      const headers = new Headers(response.headers);
      headers.set('vary', varyFor(pageCacheKey(ctx.url)));
      const forStore = new Headers(headers);
      forStore.set('cache-control', `public, max-age=${Math.max(1, Math.ceil((expiresAt - now) / 1000))}`);
      forStore.set(RENDERED_AT, String(now));
      forStore.set(EXPIRES_AT, String(expiresAt));
      forStore.set(TAGS, policy.tags.join(' '));
      stored.set(key.url, policy.tags);
      const keeping = cache().put(key, new Response(body, { status: 200, headers: forStore }));
      const context = waitUntilOf(ctx.locals);
      if (context)
        context.waitUntil(keeping.catch((error: unknown) => console.error('Page cache: could not keep a page', error)));
      else await keeping.catch(() => undefined);
      headers.set('cache-control', cacheControl(expiresAt, now));
      headers.set('x-page-cache', 'miss');
      return new Response(body, { status: 200, headers });
    },

    invalidate(change: Change) {
      const now = Date.now();
      const shown = tagsShowing(change);
      const outright = droppedOutright(change);
      const tags = shown === 'all' ? [ALL] : [...shown, ...(outright ? [outright] : [])];
      for (const tag of tags) changedAt.set(tag, now);
      for (const [url, pageTags] of stored.entries()) {
        if (shown !== 'all' && !pageTags.some((tag) => tags.includes(tag))) continue;
        stored.delete(url);
        void cache()
          .delete(url)
          .catch(() => undefined);
      }
    },
  };
}
