/**
 * The one answer to "may this request be answered from the page cache?", asked by the middleware's
 * page-cache step and by the Node host's fast path, which answers cached pages before Astro runs
 * (src/server/node/page-cache-fast-path.ts). The fast path skips every other middleware step, so
 * each step says here why skipping it changes nothing for a request this function lets through; a
 * step added to the middleware without a line here fails tests/unit/middleware-steps.test.ts.
 */
import { DEFAULT_LOCALE } from '#i18n/codes';
import { LOCALE_COOKIE, preferredLocale } from '#i18n/locale-choice';
import { splitLocale } from '#i18n/paths';
import { readCookie } from '#lib/cookies';
import { isPublicRead } from './cors';
import { guardFor } from './page-guards';

export interface CacheAsk {
  method: string;
  pathname: string;
  cookie: string | null;
  acceptLanguage: string | null;
}

export function mayAnswerFromPageCache(ask: CacheAsk): boolean {
  if (ask.method !== 'GET' && ask.method !== 'HEAD') return false;
  if (guardFor(splitLocale(ask.pathname).path) !== null || isPublicRead(ask.pathname)) return false;
  if (ask.pathname !== '/') return true;
  return preferredLocale(readCookie(ask.cookie, LOCALE_COOKIE), ask.acceptLanguage) === DEFAULT_LOCALE;
}

export const askOf = (request: Request, url: URL): CacheAsk => ({
  method: request.method,
  pathname: url.pathname,
  cookie: request.headers.get('cookie'),
  acceptLanguage: request.headers.get('accept-language'),
});

/** Why a cached answer may skip each middleware step (in the middleware's order). */
export const SKIPPED_STEPS_ARE_SAFE = {
  'security-headers': 'the host sends the same headers on every answer it makes itself',
  'request-locals': 'a cached page is the same for everyone: it reads no locale, translator or session',
  'current-schema': 'a page is kept only after it rendered, so after the schema was found current',
  'cross-site-refusal': 'only GET and HEAD are answered from the cache; the refusal is for writes',
  'route-guards': 'a guarded path is never answered from the cache',
  'error-pages': 'only pages that rendered with 200 are kept',
  'locale-redirect': '`/` is answered only to visitors whose preferred locale is English',
  'unknown-locale': 'only pages that rendered with 200 are kept',
  'write-tracking': 'only reads are answered from the cache',
  'public-cors': 'public reads, which carry CORS headers, are never answered from the cache',
  'page-cache': 'it is the page cache',
} as const;

export type StepName = keyof typeof SKIPPED_STEPS_ARE_SAFE;
