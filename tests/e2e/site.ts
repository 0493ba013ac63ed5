/**
 * The end-to-end site: the Scratch fakes, a seeded database and the built server, all on loopback.
 * `tests/e2e/global-setup.ts` migrates and seeds one template database for the run; each Playwright
 * worker copies it and starts its own fakes and server on a free port (tests/e2e/fixtures.ts), so
 * workers run side by side without seeing each other's writes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedDemoData } from '#db/seed';
import { migrateDatabase, openDatabase } from '#server/node/database';
import { startFakes } from '../fakes';
import { type RunningApp, startApp } from '../helpers/app';
import { copyDatabaseFile } from '../helpers/database';

export const SEEDED_TEMPLATE = 'ITINERARY_E2E_TEMPLATE_DB';

/** Migrates and seeds the demo data once; returns the file and a function that deletes it. */
export async function prepareSeededTemplate(): Promise<{ file: string; remove(): void }> {
  const folder = mkdtempSync(join(tmpdir(), 'itinerary-e2e-template-'));
  const file = join(folder, 'e2e.db');
  const database = await openDatabase(`file:${file}`);
  await migrateDatabase(database);
  await seedDemoData(database);
  database.$client.close();
  return { file, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

export interface Site {
  url: string;
  /** The worker's own database, for tests that need more rows than the seed has. */
  databaseUrl: string;
  app: RunningApp;
  close(): Promise<void>;
}

/** A copy of the seeded template, the fakes and the built server. */
export async function startSite(): Promise<Site> {
  const folder = mkdtempSync(join(tmpdir(), 'itinerary-e2e-'));
  const file = join(folder, 'e2e.db');
  const template = process.env[SEEDED_TEMPLATE];
  if (template) {
    copyDatabaseFile(template, file);
  } else {
    const database = await openDatabase(`file:${file}`);
    await migrateDatabase(database);
    await seedDemoData(database);
    database.$client.close();
  }
  const fakes = await startFakes();
  const app = await startApp({ ...fakes.env, DATABASE_URL: `file:${file}`, ITINERARY_ADMINS: 'demo_admin' });
  return {
    url: app.url,
    databaseUrl: `file:${file}`,
    app,
    async close() {
      await app.stop();
      await fakes.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
