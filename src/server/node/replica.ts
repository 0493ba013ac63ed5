/**
 * A Node server on an embedded replica of a remote libSQL server (DATABASE_REPLICA, ADR 032): reads
 * are answered from the local file, writes go to the primary, and the replica is synced right after
 * each of them and every DATABASE_SYNC_INTERVAL seconds. A writer's reads go to the primary until the
 * replica has their write: they read it at once, and their write's answer does not wait for the sync.
 *
 * Writes go to the primary through the ordinary remote client, not through the replica, although
 * libSQL's replica can forward them itself: it does so synchronously on the event loop, so a primary
 * that accepts connections and never answers froze the whole server at the first write, pages
 * included. Over HTTP a write waits without blocking anyone, and a refused one fails at once (503).
 * Every transaction goes to the primary (its reads must see its writes); so does anything that is
 * not plainly a read. A write mistaken for a read would still be forwarded by the replica.
 */
import { type Client, type InStatement, type Transaction, type TransactionMode, createClient } from '@libsql/client';
import { type Database, databaseOn } from '#server/platform/db';
import { timeLeft, withinDeadline } from '#server/platform/deadlines';
import { host } from '#server/platform/host';
import { isPlainRead } from '#server/platform/statement-kind';
import { ensureParentFolder } from './database';
import { type ReplicaSync, replicaSync } from './replica-sync';
import { FIRST_SYNC_TIMEOUT_MS, startReplicaSyncer } from './replica-syncer';
import { keepPreparedStatements } from './statement-cache';
import { keepReads } from './replica-reads-kept';
import { loadReport } from './load-report';

/** How long a write's answer waits for the replica to sync up to it, at most (the syncer's own limit). */
const SYNC_WAIT_MS = 5000;

/** How long the primary may take to answer the question before a periodic sync. */
const PROBE_TIMEOUT_MS = 2000;

/** libSQL's replica syncs over HTTP(S) only; the primary's WebSocket address has the same host and port. */
export const httpUrlOf = (url: string) => url.replace(/^ws(s?):\/\//, 'http$1://');

/** A plain read goes to the replica; anything else (it may write) to the primary. */
export const isRead = isPlainRead;

const requestState = () => host().requestContext?.getStore();

/** One client for drizzle: reads from `local`, everything else to `primary`, then a sync (`sync`). */
export function routedClient(
  local: Client,
  primary: Client,
  sync: Pick<ReplicaSync, 'afterWrite' | 'wroteFor' | 'readsPrimary'>,
): Client {
  const written = async <Result>(write: Promise<Result>): Promise<Result> => {
    const result = await write;
    const reader = requestState()?.reader;
    // A request's write is answered now; its writer reads the primary until the replica has it (ADR 032).
    if (reader !== undefined) sync.wroteFor(reader);
    // Elsewhere (a login, a script) the write waits for the sync, within what is left of the deadline:
    // past it the write is answered, and the writer may read the older replica for a moment (ADR 047).
    else await withinDeadline(sync.afterWrite(), timeLeft(SYNC_WAIT_MS)).catch(() => undefined);
    return result;
  };
  /**
   * A writer whose write the replica may lack reads the primary, and the replica when the primary does
   * not answer (an outage). A read the replica answers marks its request (a refusal may be its lag, ADR 047).
   */
  const readOn = <Result>(onPrimary: () => Promise<Result>, onLocal: () => Promise<Result>): Promise<Result> => {
    const state = requestState();
    if (state?.reader !== undefined && sync.readsPrimary(state.reader)) return onPrimary().catch(() => onLocal());
    if (state) state.readReplica = true;
    return onLocal();
  };
  const syncedOnCommit = (transaction: Transaction): Transaction => {
    const commit = transaction.commit.bind(transaction);
    transaction.commit = () => written(commit());
    return transaction;
  };
  return {
    execute: ((statement: InStatement | string, args?: never) => {
      const whole: InStatement = typeof statement === 'string' ? { sql: statement, args: args ?? [] } : statement;
      if (!isRead(whole)) return written(primary.execute(whole));
      return readOn(
        () => primary.execute(whole),
        () => local.execute(whole),
      );
    }) as Client['execute'],
    batch: (statements, mode) => {
      if (mode === 'write' || !statements.every(isRead)) return written(primary.batch(statements, mode));
      return readOn(
        () => primary.batch(statements, mode),
        () => local.batch(statements, mode),
      );
    },
    migrate: (statements) => written(primary.migrate(statements)),
    transaction: ((mode?: TransactionMode) => primary.transaction(mode).then(syncedOnCommit)) as Client['transaction'],
    executeMultiple: (sql) => written(primary.executeMultiple(sql)),
    sync: () => local.sync(), // the replica's own syncs run on their thread (replica-syncer.ts)
    close() {
      local.close();
      primary.close();
    },
    reconnect() {
      local.reconnect();
      primary.reconnect();
    },
    get closed() {
      return local.closed;
    },
    protocol: local.protocol,
  };
}

/** Asks the primary `select 1` over HTTP, giving up after PROBE_TIMEOUT_MS (a timeout per request, not per client). */
function primaryProbe(url: string, authToken?: string): () => Promise<void> {
  const probe = createClient({
    url: httpUrlOf(url),
    authToken,
    fetch: (request: Request) => fetch(request, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) }),
  });
  return async () => {
    await probe.execute('select 1');
  };
}

export interface Replica {
  database: Database;
  sync: ReplicaSync;
}

/**
 * Opens the replica at `path` (a `file:` URL) of the primary at `primaryUrl` and syncs it once, so
 * that the first request sees what the primary has. `primary` is the remote handle the server
 * migrated with; it takes the writes. Opening needs the primary: libSQL asks it at once.
 */
export async function openReplica(options: {
  path: string;
  primaryUrl: string;
  authToken?: string;
  primary: Client;
  onNewFrames: () => void;
}): Promise<Replica> {
  ensureParentFolder(options.path);
  const syncer = startReplicaSyncer({ path: options.path, syncUrl: httpUrlOf(options.primaryUrl), authToken: options.authToken });
  const first = await syncer.sync(FIRST_SYNC_TIMEOUT_MS);
  // The server's own connection to the file the worker keeps in step: it reads, the worker writes.
  keepPreparedStatements();
  const local = createClient({ url: options.path });
  const kept = keepReads(local, loadReport().replicaReads);
  const sync = replicaSync({
    sync: () => syncer.sync(),
    probe: primaryProbe(options.primaryUrl, options.authToken),
    frame: first.frame_no,
    onSync: loadReport().replicaSync,
    onNewFrames: () => {
      kept.forget();
      options.onNewFrames();
    },
    primary: options.primaryUrl.replace(/\/\/[^@/]*@/, '//'),
  });
  const client = routedClient(local, options.primary, sync);
  const close = client.close.bind(client);
  client.close = () => {
    close();
    void syncer.close();
  };
  return { database: databaseOn(client), sync };
}
