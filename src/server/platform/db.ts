import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Client, createClient } from '@libsql/client';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import * as schema from '#db/schema';
import { config } from './config';
import { oneWriterAtATime } from './one-writer';
import { keepPreparedStatements } from './statement-cache';

export type Database = LibSQLDatabase<typeof schema> & { $client: Client };

const BUSY_TIMEOUT_MS = 5000;

function isFileUrl(url: string) {
  return url.startsWith('file:');
}

function ensureParentFolder(url: string) {
  const path = url.startsWith('file://') ? fileURLToPath(url) : url.slice('file:'.length);
  if (path && path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
}

export async function openDatabase(url: string, authToken?: string): Promise<Database> {
  const embedded = isFileUrl(url);
  if (embedded) {
    ensureParentFolder(url);
    keepPreparedStatements();
  }
  const opened = createClient({ url, authToken, timeout: BUSY_TIMEOUT_MS });
  if (!embedded) return drizzle(opened, { schema });
  const client = oneWriterAtATime(opened, BUSY_TIMEOUT_MS);
  // WAL lets readers proceed during a write; the busy timeout queues writers of other processes.
  await client.execute('PRAGMA journal_mode = WAL');
  await client.execute(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
  await client.execute('PRAGMA synchronous = NORMAL');
  return drizzle(client, { schema });
}

export async function migrateDatabase(database: Database, migrationsFolder = resolve('db/migrations')) {
  await migrate(database, { migrationsFolder });
}

let shared: Promise<Database> | undefined;

/** The process-wide database named by DATABASE_URL. */
export function db(): Promise<Database> {
  shared ??= openDatabase(config().DATABASE_URL, config().DATABASE_AUTH_TOKEN);
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
