import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, migrateDatabase, openDatabase } from '#server/platform/db';
import { startSqld } from './sqld';

export interface TestDatabase {
  url: string;
  database: Database;
  cleanup(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: a temporary libSQL file, or — when the
 * test project sets TEST_DATABASE=sqld — a real libSQL server reached over http://.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DATABASE === 'sqld') {
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
  const url = `file:${join(folder, 'test.db')}`;
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
