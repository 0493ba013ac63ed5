/**
 * The embedded replica's syncs, on a thread of their own (ADR 032). libSQL's `sync()` waits for the
 * primary on the thread that calls it: ~11 ms of a frozen server on loopback for a sync that brings
 * nothing, a round trip and more where the primary is far. A worker thread holds the replica's
 * libSQL connection and syncs it when asked; the server reads the same file through a plain
 * connection of its own, which sees each synced frame as soon as the sync has written it.
 *
 * The worker is a few lines evaluated as CommonJS, so it needs no file of its own beside the bundled
 * server (scripts/start.ts is bundled); it loads the same @libsql/client the server uses.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Synced } from './replica-sync';

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { createClient } = require(workerData.clientModule);
const client = createClient({ url: workerData.path, syncUrl: workerData.syncUrl, authToken: workerData.authToken });
parentPort.on('message', async (id) => {
  try {
    const synced = await client.sync();
    parentPort.postMessage({ id, synced: synced ?? null });
  } catch (error) {
    parentPort.postMessage({ id, error: { message: String(error && error.message || error), code: error && error.code } });
  }
});
`;

/** How long a caller waits for a sync: a primary that accepts and never answers holds the worker, not the writes. */
const SYNC_TIMEOUT_MS = 5000;
/** The first sync of a new replica copies the whole database (a big jam site's takes seconds). */
export const FIRST_SYNC_TIMEOUT_MS = 300_000;

export interface ReplicaSyncer {
  /** Brings the primary's new frames into the replica file (fails after SYNC_TIMEOUT_MS, or the time given). */
  sync(timeoutMs?: number): Promise<Synced>;
  close(): Promise<void>;
}

type Answer = { id: number; synced?: Synced | null; error?: { message: string; code?: string } };

export function startReplicaSyncer(options: { path: string; syncUrl: string; authToken?: string }): ReplicaSyncer {
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { ...options, clientModule: createRequire(import.meta.url).resolve('@libsql/client') },
  });
  worker.unref();
  const waiting = new Map<number, { resolve(synced: Synced): void; reject(error: Error): void }>();
  let next = 0;
  worker.on('message', ({ id, synced, error }: Answer) => {
    const call = waiting.get(id);
    waiting.delete(id);
    if (!call) return;
    if (error) call.reject(Object.assign(new Error(error.message), { code: error.code }));
    else if (!synced) call.reject(new Error(`${options.path} is not an embedded replica`));
    else call.resolve(synced);
  });
  worker.on('error', (error) => {
    for (const call of waiting.values()) call.reject(error);
    waiting.clear();
  });
  return {
    sync(timeoutMs = SYNC_TIMEOUT_MS) {
      const id = (next += 1);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(new Error(`no sync from the primary within ${timeoutMs} ms`));
        }, timeoutMs);
        const settled =
          <T>(settle: (value: T) => void) =>
          (value: T) => {
            clearTimeout(timer);
            settle(value);
          };
        waiting.set(id, { resolve: settled(resolve), reject: settled(reject) });
        worker.postMessage(id);
      });
    },
    async close() {
      await worker.terminate();
    },
  };
}
