import { type Client, createClient } from '@libsql/client';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql';
import * as schema from '#db/schema';
import { config } from './config';
import { host } from './host';
import { oneWriterAtATime } from './one-writer';

export type Database = LibSQLDatabase<typeof schema> & { $client: Client };

const BUSY_TIMEOUT_MS = 5000;

export const isFileUrl = (url: string) => url.startsWith('file:');

/**
 * A database by its URL, as any host can open it: a libSQL server over HTTP or WebSockets, or an
 * embedded file (where the host has a file system) with its writes one at a time in this process.
 * The Node host adds its statement cache and creates the file's folder (src/server/node/database.ts).
 */
export async function connectDatabase(
  url: string,
  authToken?: string,
  options: { concurrency?: number } = {},
): Promise<Database> {
  const opened = createClient({ url, authToken, timeout: BUSY_TIMEOUT_MS, ...options });
  if (!isFileUrl(url)) return drizzle(opened, { schema });
  const client = oneWriterAtATime(opened, BUSY_TIMEOUT_MS);
  // WAL lets readers proceed during a write; the busy timeout queues writers of other processes.
  await client.execute('PRAGMA journal_mode = WAL');
  await client.execute(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
  await client.execute('PRAGMA synchronous = NORMAL');
  return drizzle(client, { schema });
}

let shared: Promise<Database> | undefined;

/** The database the host installed, else the one DATABASE_URL names (opened once per process or isolate). */
export function db(): Promise<Database> {
  const installed = host().database;
  if (installed) return installed;
  shared ??= connectDatabase(config().DATABASE_URL, config().DATABASE_AUTH_TOKEN);
  return shared;
}

/**
 * A query that drizzle builds once per database and then runs with `sql.placeholder` values: on the
 * paths every request takes (the session, the jam by slug) rebuilding the SQL cost more than running it.
 */
export function preparedQuery<Query>(build: (database: Database) => Query): () => Promise<Query> {
  const built = new WeakMap<Database, Query>();
  return async () => {
    const database = await db();
    let query = built.get(database);
    if (!query) built.set(database, (query = build(database)));
    return query;
  };
}

/** `column LIKE %text%`, with the text's own `%`, `_` and `!` matched literally. */
export function containsText(column: SQLWrapper, text: string): SQL {
  const escaped = text.replace(/[!%_]/g, (c) => `!${c}`);
  return sql`${column} LIKE ${`%${escaped}%`} ESCAPE '!'`;
}
