/**
 * Cached pages answered before Astro runs. A cache hit through Astro still pays for its request
 * pipeline (Request and Response objects, routing, the middleware): about as much as
 * `/api/health`, three times what sending the bytes costs. The Node server in front of Astro
 * (scripts/start.ts) can ask `serveFromPageCache(req, res)` first.
 *
 * It answers only where the middleware would have reached the page cache and changed nothing:
 * GET or HEAD, no guard on the path, not a public-API address (those get CORS headers after the
 * cache), and at `/` only for visitors whose preferred locale is English (others are redirected).
 * Astro builds this module into its bundle (the middleware imports it), so the server finds it
 * through a global registration rather than an import.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DEFAULT_LOCALE } from '#i18n/codes';
import { LOCALE_COOKIE, preferredLocale } from '#i18n/locale-choice';
import { splitLocale } from '#i18n/paths';
import { readCookie } from '#lib/cookies';
import { isPublicRead } from '#server/middleware/cors';
import { guardFor } from '#server/middleware/page-guards';
import { cachedAnswer } from '#server/cache/page-cache';
import { headerOf } from './request-header';

type FastPath = (req: IncomingMessage, res: ServerResponse) => boolean;

const REGISTRATION = Symbol.for('itinerary.serveFromPageCache');

const cookie = (req: IncomingMessage, name: string) => readCookie(headerOf(req, 'cookie'), name);

function middlewareWouldOnlyReachTheCache(req: IncomingMessage, url: URL): boolean {
  if (guardFor(splitLocale(url.pathname).path) !== null || isPublicRead(url.pathname)) return false;
  if (url.pathname !== '/') return true;
  return preferredLocale(cookie(req, LOCALE_COOKIE), headerOf(req, 'accept-language')) === DEFAULT_LOCALE;
}

/** Answers the request from the page cache and returns true, or returns false and leaves it alone. */
export function serveFromPageCache(req: IncomingMessage, res: ServerResponse): boolean {
  const method = req.method ?? 'GET';
  if (method !== 'GET' && method !== 'HEAD') return false;
  let url: URL;
  try {
    url = new URL(req.url ?? '/', 'http://localhost');
  } catch {
    return false;
  }
  if (!middlewareWouldOnlyReachTheCache(req, url)) return false;
  const answer = cachedAnswer(url, {
    method,
    acceptEncoding: headerOf(req, 'accept-encoding'),
    ifNoneMatch: headerOf(req, 'if-none-match'),
    cookie: headerOf(req, 'cookie'),
  });
  if (!answer) return false;
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body ?? undefined);
  return true;
}

// Read by scripts/start.ts as globalThis[Symbol.for('itinerary.serveFromPageCache')], on each
// request: Astro loads the middleware (and so this module) on the first one. It must not import
// this file: that would load a second copy, with its own empty cache.
(globalThis as { [REGISTRATION]?: FastPath })[REGISTRATION] = serveFromPageCache;
