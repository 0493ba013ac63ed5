/**
 * The database as the Node host opens it: an embedded file gets its folder created and its
 * connections' prepared statements kept (statement-cache.ts); migrations are read from disk.
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { type Database, connectDatabase, isFileUrl } from '#server/platform/db';
import { bufferedFetch } from './buffered-fetch';
import { keepPreparedStatements } from './statement-cache';

export type { Database };

export function ensureParentFolder(url: string): void {
  const path = url.startsWith('file://') ? fileURLToPath(url) : url.slice('file:'.length);
  if (path && path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
}

/** Opens the database and waits until it answers, so that a wrong URL stops the server at start. */
export async function openDatabase(url: string, authToken?: string): Promise<Database> {
  if (isFileUrl(url)) {
    ensureParentFolder(url);
    keepPreparedStatements();
  }
  // One process serves every request here: writes waiting for a turn share one commit (group-commit.ts).
  const database = connectDatabase(url, authToken, { groupWrites: true, send: bufferedFetch });
  await database.run(sql`select 1`);
  return database;
}

export async function migrateDatabase(database: Database, migrationsFolder = resolve('db/migrations')) {
  await migrate(database, { migrationsFolder });
}
