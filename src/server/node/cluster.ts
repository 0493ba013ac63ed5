/**
 * Every core used (ADR 045): `npm start` runs ITINERARY_PROCESSES server processes (default: one per
 * core) through node:cluster, all listening on the one port (the primary hands out connections in
 * turn). The primary migrates the database once, then forks the servers and stays small: it passes
 * each server's page-cache changes to the others, so a write through any of them reaches every cached
 * page; it keeps the rate-limit counts for all of them, so a limit is one limit per machine; it ends
 * them on SIGTERM and starts a server again if one dies. On an embedded file every server opens the
 * same file: each write is one short batch that takes SQLite's write lock as it begins
 * (platform/one-writer.ts), so writers of several processes take turns in SQLite's busy handler, a
 * millisecond or two. (A lock kept by the primary was tried: each hand-over waited for a turn of a busy
 * event loop, tens of ms, and the rush's writes queued for seconds.) With DATABASE_REPLICA each server
 * keeps a replica of its own.
 */
import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import type { Change } from '#server/platform/changes';
import type { PageStore, RateLimitStore } from '#server/platform/host';
import { memoryRateLimits } from '#server/http/rate-limit';

/** How long the primary waits for its servers to finish their requests after SIGTERM. */
const DRAIN_TIMEOUT_MS = 12_000;
/** A server that dies sooner than this after its start is not started again (it would only die again). */
const CRASH_LOOP_MS = 5_000;

type Message =
  | { type: 'itinerary:change'; change: Change }
  | { type: 'itinerary:take'; id: number; key: string; limit: { capacity: number; perMs: number }; limiter?: string }
  | { type: 'itinerary:taken'; id: number; wait: number | null };

const isMessage = (message: unknown): message is Message =>
  typeof message === 'object' && message !== null && String((message as { type?: unknown }).type).startsWith('itinerary:');

/** The number of server processes: the setting, or one per core. */
export const serverProcesses = (setting: number | 'auto') => (setting === 'auto' ? availableParallelism() : setting);

/** Each server's own embedded replica: `file:data/replica.db` → `file:data/replica-2.db` for the second. */
export function replicaOf(path: string, index: number): string {
  if (index === 1) return path;
  const dot = path.lastIndexOf('.');
  return dot > path.lastIndexOf('/') ? `${path.slice(0, dot)}-${index}${path.slice(dot)}` : `${path}-${index}`;
}

/**
 * The primary: forks `processes` servers and serves them. `onListening` is told the port once the
 * first server listens; the process exits once every server has ended after SIGTERM or SIGINT.
 */
export function runPrimary({
  processes,
  replica,
  onListening,
}: {
  processes: number;
  replica?: string;
  onListening: (port: number) => void;
}): void {
  const rateLimits = memoryRateLimits();
  let stopping = false;
  let announced = false;

  const fork = (index: number): Worker => {
    const worker = cluster.fork({
      ITINERARY_SERVER_INDEX: String(index),
      ...(replica ? { DATABASE_REPLICA: replicaOf(replica, index) } : {}),
    });
    const startedAt = Date.now();
    worker.on('message', (message: unknown) => {
      if (!isMessage(message)) return;
      if (message.type === 'itinerary:change') {
        for (const other of Object.values(cluster.workers ?? {})) if (other && other !== worker) other.send(message);
      } else if (message.type === 'itinerary:take') {
        void rateLimits.take(message.key, message.limit, message.limiter).then((wait) => {
          if (worker.isConnected()) worker.send({ type: 'itinerary:taken', id: message.id, wait } satisfies Message);
        });
      }
    });
    worker.on('listening', ({ port }) => {
      if (announced) return;
      announced = true;
      onListening(port);
    });
    worker.on('exit', (code, signal) => {
      if (stopping) {
        if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
        return;
      }
      console.error(`Server process ${index} ended (${signal ?? `exit code ${code}`}).`);
      if (Date.now() - startedAt < CRASH_LOOP_MS) {
        console.error('It ended right after its start: stopping the others.');
        shutdown('the crash');
        return;
      }
      fork(index);
    });
    return worker;
  };

  for (let index = 1; index <= processes; index++) fork(index);

  function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing in-flight requests…`);
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
    if (workers.length === 0) process.exit(0);
    for (const worker of workers) worker.process.kill('SIGTERM');
    setTimeout(() => process.exit(1), DRAIN_TIMEOUT_MS).unref();
  }
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

/** In a server process of a cluster: ended with the primary, which may have been killed without a word. */
export function endWithPrimary(): void {
  process.once('disconnect', () => process.exit(1));
}

/** A page store whose changes reach the cached pages of every server process of the machine. */
export function sharedPageStore(store: PageStore): PageStore {
  process.on('message', (message: unknown) => {
    if (isMessage(message) && message.type === 'itinerary:change') store.invalidate(message.change);
  });
  return {
    serve: store.serve,
    invalidate(change) {
      store.invalidate(change);
      process.send?.({ type: 'itinerary:change', change } satisfies Message);
    },
  };
}

/** Rate-limit counts kept by the primary, one count for every server process of the machine. */
export function sharedRateLimits(): RateLimitStore {
  const waiting = new Map<number, (wait: number | null) => void>();
  let next = 0;
  process.on('message', (message: unknown) => {
    if (!isMessage(message) || message.type !== 'itinerary:taken') return;
    waiting.get(message.id)?.(message.wait);
    waiting.delete(message.id);
  });
  return {
    take(key, limit, limiter) {
      // Never waits on a primary that is gone (this process is about to end with it).
      if (!process.connected) return Promise.resolve(null);
      const id = next++;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        process.send?.({ type: 'itinerary:take', id, key, limit, limiter } satisfies Message);
      });
    },
  };
}
