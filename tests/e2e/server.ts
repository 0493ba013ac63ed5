/**
 * The end-to-end environment: the Scratch fakes, a fresh seeded database and the built
 * server, all on loopback. Playwright starts this as its webServer.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { seedDemoData } from '#db/seed';
import { migrateDatabase, openDatabase } from '#server/platform/db';
import { startFakes } from '../fakes';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4620);
const ROOT = resolve(import.meta.dirname, '../..');

const folder = mkdtempSync(join(tmpdir(), 'itinerary-e2e-'));
const databaseUrl = `file:${join(folder, 'e2e.db')}`;
const database = await openDatabase(databaseUrl);
await migrateDatabase(database);
await seedDemoData(database);
database.$client.close();

const fakes = await startFakes();
const app = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: {
    ...process.env,
    ...fakes.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(E2E_PORT),
    PUBLIC_SITE_URL: `http://127.0.0.1:${E2E_PORT}`,
    DATABASE_URL: databaseUrl,
    ITINERARY_ADMINS: 'demo_admin',
  },
});
const stop = () => {
  app.kill('SIGTERM');
  void fakes.close();
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
app.once('exit', (code) => process.exit(code ?? 0));
