/**
 * Cached pages answered before Astro runs. A cache hit through Astro still pays for its request
 * pipeline (Request and Response objects, routing, the middleware): about as much as
 * `/api/health`, three times what sending the bytes costs. The Node server (scripts/start.ts) asks
 * `serveFromPageCache(req, res)` first; it answers only what the middleware itself would answer from
 * the cache (mayAnswerFromPageCache, the same function the middleware's page-cache step asks).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { mayAnswerFromPageCache } from '#server/middleware/page-cache-decision';
import { cachedAnswer } from './page-store';
import { headerOf } from './request-header';

/** Answers the request from the page cache and returns true, or returns false and leaves it alone. */
export function serveFromPageCache(req: IncomingMessage, res: ServerResponse): boolean {
  const method = req.method ?? 'GET';
  let url: URL;
  try {
    url = new URL(req.url ?? '/', 'http://localhost');
  } catch {
    return false;
  }
  const cookie = headerOf(req, 'cookie');
  if (!mayAnswerFromPageCache({ method, pathname: url.pathname, cookie, acceptLanguage: headerOf(req, 'accept-language') })) {
    return false;
  }
  const answer = cachedAnswer(url, {
    method,
    acceptEncoding: headerOf(req, 'accept-encoding'),
    ifNoneMatch: headerOf(req, 'if-none-match'),
    cookie,
  });
  if (!answer) return false;
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body ?? undefined);
  return true;
}
