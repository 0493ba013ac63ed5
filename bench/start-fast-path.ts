/**
 * Benchmark only: `scripts/start.ts` with the page cache's fast path asked before Astro, i.e. what
 * wiring `serveFromPageCache` (src/server/node/page-cache-fast-path.ts) into start.ts would give:
 * right after start.ts sets the security headers and the request log, before compression and
 * Astro's handler. It wraps node:http's createServer before start.ts imports it and does those
 * two steps itself for the requests the fast path answers.
 */
import http from 'node:http';
import { syncBuiltinESMExports } from 'node:module';
import { applySecurityHeaders } from '#server/node/security-headers';

type Listener = (req: http.IncomingMessage, res: http.ServerResponse) => void;
type FastPath = (req: http.IncomingMessage, res: http.ServerResponse) => boolean;

const createServer = http.createServer;
http.createServer = ((listener: Listener) =>
  createServer((req, res) => {
    // Registered when Astro first loads the middleware, so looked up on every request.
    const fastPath = (globalThis as Record<symbol, FastPath | undefined>)[Symbol.for('itinerary.serveFromPageCache')];
    const started = performance.now();
    const log = () =>
      console.log(
        `${req.method} ${(req.url ?? '/').split('?')[0]} ${res.statusCode} ${(performance.now() - started).toFixed(1)}ms`,
      );
    applySecurityHeaders(res);
    res.once('finish', log);
    if (fastPath?.(req, res)) return;
    res.off('finish', log);
    listener(req, res);
  })) as typeof http.createServer;
syncBuiltinESMExports();

await import('../scripts/start');
