import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, migrateDatabase, openDatabase } from '#server/node/database';
import { startSqld } from './sqld';

export interface TestDatabase {
  url: string;
  database: Database;
  cleanup(): Promise<void>;
}

/** Where the template lives: set by tests/global/template-database.ts for the whole run. */
const TEMPLATE = 'ITINERARY_TEST_TEMPLATE_DB';

/**
 * Migrates one database file and remembers it as the template for this run (as the Epic Stack
 * does per worker): every test file then starts from a byte copy instead of running the
 * migrations again. Returns a function that deletes it.
 */
export async function prepareTemplateDatabase(): Promise<() => void> {
  const folder = mkdtempSync(join(tmpdir(), 'itinerary-template-'));
  const file = join(folder, 'template.db');
  const database = await openDatabase(`file:${file}`);
  await migrateDatabase(database);
  database.$client.close();
  process.env[TEMPLATE] = file;
  return () => rmSync(folder, { recursive: true, force: true });
}

/** Copies a closed SQLite database, with its write-ahead log if one was left behind. */
export function copyDatabaseFile(from: string, to: string): void {
  copyFileSync(from, to);
  if (existsSync(`${from}-wal`)) copyFileSync(`${from}-wal`, `${to}-wal`);
}

/**
 * A fresh, migrated database for one test file: a temporary libSQL file (a copy of the migrated
 * template when there is one; the migrations run anyway and find nothing to do), or — when the
 * test project sets TEST_DATABASE=sqld — a real libSQL server reached over http://.
 */
export async function createTestDatabase(kind = process.env.TEST_DATABASE): Promise<TestDatabase> {
  if (kind === 'sqld') {
    const sqld = await startSqld();
    const database = await openDatabase(sqld.url);
    await migrateDatabase(database);
    return {
      url: sqld.url,
      database,
      async cleanup() {
        database.$client.close();
        await sqld.stop();
      },
    };
  }
  const folder = mkdtempSync(join(tmpdir(), 'itinerary-test-'));
  const file = join(folder, 'test.db');
  const template = process.env[TEMPLATE];
  if (template && existsSync(template)) copyDatabaseFile(template, file);
  const url = `file:${file}`;
  const database = await openDatabase(url);
  await migrateDatabase(database);
  return {
    url,
    database,
    async cleanup() {
      database.$client.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
