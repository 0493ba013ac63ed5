/**
 * `npm start`: validate the configuration, build if needed, migrate, then serve: our own node:http
 * server around Astro's handler, so that draining on SIGTERM and the request log live in one place.
 * ITINERARY_PROCESSES servers (default: one per core) share the port through node:cluster
 * (src/server/node/cluster.ts); with one, this process is the server.
 */
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import compression from 'compression';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AddressInfo } from 'node:net';
import { ConfigError, config } from '#server/platform/config';
import cluster from 'node:cluster';
import { prepareDatabase, prepareServerDatabase, sweepExpiredHourly } from '#server/node/boot';
import { endWithPrimary, runPrimary, serverProcesses, sharedPageStore, sharedRateLimits } from '#server/node/cluster';
import { serveFromPageCache } from '#server/node/page-cache-fast-path';
import { memoryPageStore } from '#server/node/page-store';
import { memoryRateLimits } from '#server/http/rate-limit';
import { nodeLiveHub } from '#server/node/live-hub';
import { serveLiveStream } from '#server/node/live-fast-path';
import { installHost } from '#server/platform/host';
import { answerClientError, refuseUnservable } from '#server/node/http-guards';
import { applySecurityHeaders, adoptSitePolicy } from '#server/node/security-headers';
import { writeFirst } from '#server/node/write-first';
import { requestLog } from '#server/node/request-log';
import { loadReport } from '#server/node/load-report';
import { loadProductionReact } from '#server/node/production-react';
import { staticAssets } from '#server/node/static-assets';
import { staticFiles } from '#server/node/static-files';
import { SERVER_ENTRY, buildIfStale } from './build-if-stale';

const DRAIN_TIMEOUT_MS = 10_000;
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

function loadConfigOrExit() {
  try {
    return config();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const settings = loadConfigOrExit();
const processes = serverProcesses(settings.ITINERARY_PROCESSES);
const listeningLine = (port: number) =>
  `Itinerary listening on http://${settings.HOST.includes(':') ? `[${settings.HOST}]` : settings.HOST}:${port}`;

if (cluster.isPrimary) buildIfStale();
if (processes > 1 && cluster.isPrimary) {
  // The primary prepares the database once, then forks the servers (src/server/node/cluster.ts).
  await prepareDatabase();
  runPrimary({
    processes,
    replica: settings.DATABASE_REPLICA,
    onListening: (port) => console.log(`${listeningLine(port)} (${processes} server processes)`),
  });
} else {
  await serve();
}

async function serve() {
  const inCluster = cluster.isWorker;
  if (inCluster) endWithPrimary();
  await prepareServerDatabase({ migrated: inCluster });
  // In a cluster the first server process sweeps (the primary writes nothing once they run).
  if (!inCluster || process.env.ITINERARY_SERVER_INDEX === '1') sweepExpiredHourly();
  // What only a long-lived process keeps: public pages (precompressed, one render at a time), rate-limit
  // counts and the live streams (ADR 044: one poller for all of them). In a cluster the pages' changes
  // reach every server process and the rate limits are counted once for all of them.
  const liveHub = nodeLiveHub({ maxStreams: settings.ITINERARY_LIVE_STREAMS });
  installHost({
    pageStore: inCluster ? sharedPageStore(memoryPageStore) : memoryPageStore,
    rateLimits: inCluster ? sharedRateLimits() : memoryRateLimits(),
    liveHub,
  });

  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  adoptSitePolicy(resolve(SERVER_ENTRY, '../..'));
  loadProductionReact(SERVER_ENTRY);
  const { handler } = (await import(pathToFileURL(SERVER_ENTRY).href)) as {
    handler: (req: IncomingMessage, res: ServerResponse) => void;
  };

  const serveStaticAsset = staticAssets(resolve(SERVER_ENTRY, '../../client'));
  const serveStaticFile = staticFiles(resolve(SERVER_ENTRY, '../..'));

  // gzip or brotli (quality 4) for HTML, JSON, JS and CSS, whichever the client accepts. Never a live
  // stream: its `Cache-Control: no-transform` keeps the middleware out (ADR 044).
  const compress = compression({ threshold: 1024 });

  // Under load, requests are handled in short slices of each turn of the event loop, writes first (ADR 017).
  const admit = writeFirst({ onTurn: (write, waitedMs) => loadReport().queued(write, waitedMs) });
  const log = requestLog();
  /** The answers of live streams under way: ended on SIGTERM, since they never end by themselves. */
  const liveConnections = new Set<ServerResponse>();
  /** Set on SIGTERM/SIGINT: from then on every connection is closed once its answer is out. */
  let draining = false;

  /** Requests not answered yet (live streams too): once none is left while draining, every connection closes. */
  let inFlight = 0;

  const server = createServer((req, res) => {
    const started = performance.now();
    inFlight++;
    res.once('close', () => {
      inFlight--;
      if (draining && inFlight === 0) server.closeAllConnections();
    });
    prepare(req, res, started);
    if (refuseUnservable(req, res)) return;
    // A cached public page costs less than a turn's wait: answered at once (ADR 055). Asked once only:
    // a page whose re-render is due is claimed by the request that asked (it goes on to render it).
    const cacheAsked = admit.idle(req.socket);
    if (cacheAsked && serveFromPageCache(req, res)) return;
    admit(req, () => handle(req, res, cacheAsked));
  });

  /** Security headers, and the request's line in the log and the load report once it is answered. */
  function prepare(req: IncomingMessage, res: ServerResponse, started: number) {
    applySecurityHeaders(res);
    // The socket as it was: once the answer is out, a destroyed connection leaves req.socket null.
    const socket = req.socket;
    const bytesBefore = socket.bytesWritten;
    res.on('finish', () => {
      const path = (req.url ?? '/').split('?')[0];
      const ms = performance.now() - started;
      log.line(`${req.method} ${path} ${res.statusCode} ${ms.toFixed(1)}ms`);
      const source = res.getHeader('x-page-cache');
      loadReport().answer(
        req.method ?? 'GET',
        req.url ?? '/',
        typeof source === 'string' ? source : undefined,
        res.statusCode,
        ms,
        socket.bytesWritten - bytesBefore,
      );
      // While draining, a connection is closed once its last answer is out, not kept for a next request.
      if (draining) setImmediate(() => server.closeIdleConnections());
    });
  }

  function handle(req: IncomingMessage, res: ServerResponse, cacheAsked: boolean) {
    if (req.url?.startsWith('/api/jams/') && req.url.split('?')[0]!.endsWith('/events')) {
      liveConnections.add(res);
      res.once('close', () => liveConnections.delete(res));
    }
    // A jam's live stream is answered before Astro, never compressed (ADR 044).
    if (serveLiveStream(req, res)) return;
    if (serveStaticAsset(req, res)) return;
    // A cached public page is answered before Astro runs (src/server/node/page-cache-fast-path.ts),
    // here when an earlier request of its connection was waiting on arrival.
    if (!cacheAsked && serveFromPageCache(req, res)) return;
    compress(req as never, res as never, () => serveStaticFile(req, res, () => handler(req, res)) || handler(req, res));
  }

  server.on('clientError', answerClientError);
  // Longer than the idle timeout of common load balancers (60 s): the proxy, not Node, closes an idle
  // connection, so a request never goes out on a socket Node is closing (ECONNRESET under load).
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1000;

  server.listen(settings.PORT, settings.HOST, () => {
    // In a cluster the primary says it, once.
    if (!inCluster) console.log(listeningLine((server.address() as AddressInfo).port));
  });

  function shutdown(signal: string) {
    draining = true;
    log.flush(); // the requests answered before the signal come before it in the log
    console.log(`${signal} received: finishing in-flight requests…`);
    // Live streams never finish by themselves: ended now, their browsers reconnect to another server.
    // A connection whose stream has ended and that is still open a moment later is closed.
    liveHub.closeAll();
    setTimeout(() => {
      for (const res of liveConnections) res.destroy();
    }, 250).unref();
    // Node does not always count a keep-alive connection as idle (closeIdleConnections left some open
    // until the drain timeout): with no request left, there is nothing to finish.
    if (inFlight === 0) server.closeAllConnections();
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(1), DRAIN_TIMEOUT_MS).unref();
  }
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}
