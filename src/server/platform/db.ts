import { type Client, createClient } from '@libsql/client';
import { type Column, type SQL, type SQLWrapper, getTableName, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/libsql';
import * as schema from '#db/schema';
import { config } from './config';
import { host } from './host';
import { fetchWithin, withDeadlines } from './deadlines';
import { claimsKeys } from './keyed-writes';
import { groupedWrites } from './group-commit';
import { gatedWrites, retriedWhenFull } from './load-retries';
import { oneWriterAtATime } from './one-writer';
import { batchedReads } from './read-batches';
import type { Database } from './database-handle';

export type { Database } from './database-handle';

const BUSY_TIMEOUT_MS = 5000;
/** Writes one Workers isolate has at a libSQL server at once (load-retries.ts). */
const WRITES_AT_ONCE = 4;
/**
 * Groups of writes one Node process has at a libSQL server at once (group-commit.ts, ADR 052): one.
 * sqld's write lock degrades past a few transactions waiting for it: on the rush's database, twelve
 * batches at once (three processes, four each) committed 273 in 5 s with waits of 5 s; three at once 2,415.
 */
const GROUPS_AT_ONCE = 1;

export const isFileUrl = (url: string) => url.startsWith('file:');

/**
 * A database by its URL, as any host can open it: a libSQL server over HTTP or WebSockets, or an
 * embedded file (where the host has a file system) with its writes one at a time in this process. A
 * server's reads started together travel together (read-batches.ts), and what it refuses for room is
 * sent again (load-retries.ts); each of its calls has a deadline (deadlines.ts). On both, a request's
 * Idempotency-Key travels with its first write (keyed-writes.ts).
 * Opening is synchronous: the handle is ready to use, and an embedded file's settings are queued
 * ahead of its first write. The Node host adds its statement cache and creates the file's folder
 * (src/server/node/database.ts); migrating is a step of its own (`npm run db:migrate`, or the Node
 * server at start).
 */
export function connectDatabase(
  url: string,
  authToken?: string,
  { concurrency, groupWrites = false, send = fetch }: { concurrency?: number; groupWrites?: boolean; send?: typeof fetch } = {},
): Database {
  const options = concurrency === undefined ? {} : { concurrency };
  if (!isFileUrl(url)) {
    const deadlineMs = config().ITINERARY_DB_DEADLINE_MS;
    const open = () =>
      createClient({ url, authToken, timeout: BUSY_TIMEOUT_MS, fetch: fetchWithin(deadlineMs, send), ...options });
    const retried = retriedWhenFull(open());
    // Grouped writes travel on a client of their own: behind the reads' connections they waited for a slot.
    const gated = groupWrites
      ? groupedWrites(retried, GROUPS_AT_ONCE, retriedWhenFull(open()))
      : gatedWrites(retried, WRITES_AT_ONCE);
    const bounded = withDeadlines(batchedReads(gated), deadlineMs);
    return drizzle(claimsKeys(bounded), { schema });
  }
  const opened = createClient({ url, authToken, timeout: BUSY_TIMEOUT_MS, ...options });
  const client = claimsKeys(oneWriterAtATime(opened, BUSY_TIMEOUT_MS));
  // WAL lets readers proceed during a write; the busy timeout queues writers of other processes.
  // A write itself, so every other write of this process waits for it in the one-writer queue.
  client
    .executeMultiple(`PRAGMA journal_mode = WAL; PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}; PRAGMA synchronous = NORMAL;`)
    .catch((error: unknown) => console.error(`Could not set up the database at ${url}:`, error));
  return drizzle(client, { schema });
}

/** drizzle over a client a host made itself (the Node host's embedded replica, src/server/node/replica.ts). */
export const databaseOn = (client: Client): Database => drizzle(client, { schema });

let shared: Database | undefined;

/**
 * The database: the handle the host opened at start-up, else the one DATABASE_URL names (opened on
 * first use, once per process or isolate, for hosts that install none, `astro dev` and tests).
 */
export function db(): Database {
  const installed = host().database;
  if (installed) return installed;
  shared ??= connectDatabase(config().DATABASE_URL, config().DATABASE_AUTH_TOKEN);
  return shared;
}

/**
 * A query that drizzle builds once per database and then runs with `sql.placeholder` values: on the
 * paths every request takes (the session, the jam by slug) rebuilding the SQL cost more than running it.
 */
export function preparedQuery<Query>(build: (database: Database) => Query): () => Query {
  const built = new WeakMap<Database, Query>();
  return () => {
    const database = db();
    let query = built.get(database);
    if (!query) built.set(database, (query = build(database)));
    return query;
  };
}

/**
 * The column with its table's name, for a subquery that refers to the row of the query around it:
 * drizzle writes a bare `"id"` in the columns of a one-table select, which a subquery over a table
 * with an `id` of its own would take for that one.
 */
export const outerColumn = (column: Column): SQL =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/**
 * `column LIKE %text%`, with the text's own `%`, `_` and `!` matched literally. Text without them
 * needs no ESCAPE clause, which SQLite then skips checking on every row (a tenth of a search's scan).
 */
export function containsText(column: SQLWrapper, text: string): SQL {
  if (!/[!%_]/.test(text)) return sql`${column} LIKE ${`%${text}%`}`;
  const escaped = text.replace(/[!%_]/g, (c) => `!${c}`);
  return sql`${column} LIKE ${`%${escaped}%`} ESCAPE '!'`;
}
