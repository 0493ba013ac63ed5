/**
 * Benchmark only: `scripts/start.ts` with the page cache's fast path asked before Astro, i.e. what
 * wiring `serveFromPageCache` (src/server/page-cache-fast-path.ts) into start.ts would give.
 * It wraps node:http's createServer before start.ts imports it. Requests answered by the fast
 * path skip start.ts's request log, so this is slightly kinder than the real wiring would be.
 */
import http from 'node:http';
import { syncBuiltinESMExports } from 'node:module';

type Listener = (req: http.IncomingMessage, res: http.ServerResponse) => void;
type FastPath = (req: http.IncomingMessage, res: http.ServerResponse) => boolean;

const createServer = http.createServer;
http.createServer = ((listener: Listener) =>
  createServer((req, res) => {
    // Registered when Astro first loads the middleware, so looked up on every request.
    const fastPath = (globalThis as Record<symbol, FastPath | undefined>)[Symbol.for('itinerary.serveFromPageCache')];
    if (!fastPath?.(req, res)) listener(req, res);
  })) as typeof http.createServer;
syncBuiltinESMExports();

await import('../scripts/start');
