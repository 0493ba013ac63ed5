import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '#db/schema';
import { migrateDatabase, openDatabase } from '#server/node/database';
import { type RunningApp, startApp } from '../helpers/app';

const ROOT = resolve(import.meta.dirname, '../..');
const folder = mkdtempSync(join(tmpdir(), 'itinerary-start-'));
const databaseFile = join(folder, 'nested', 'folder', 'itinerary.db');
let app: RunningApp;

beforeAll(async () => {
  app = await startApp({ DATABASE_URL: `file:${databaseFile}`, ITINERARY_ADMINS: 'First_Admin' });
});
afterAll(async () => {
  await app?.stop();
  rmSync(folder, { recursive: true, force: true });
});

describe('starting the server', () => {
  it('creates and migrates the embedded database, then serves the home page', async () => {
    const response = await fetch(`${app.url}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>Home | Itinerary</title>');
    expect(existsSync(databaseFile)).toBe(true);
  });

  it('reports the database as reachable on /api/health', async () => {
    const response = await fetch(`${app.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, database: 'reachable' });
  });

  it('keeps idle connections open longer than a load balancer would (65 s)', async () => {
    const response = await fetch(`${app.url}/api/health`);
    expect(response.headers.get('keep-alive')).toBe('timeout=65');
  });

  it('logs one line per request with method, path, status and time', async () => {
    await fetch(`${app.url}/api/health?x=1`);
    // Lines are written once per turn of the server's event loop: the line may come just after the answer.
    await expect.poll(() => app.logs()).toMatch(/^GET \/api\/health 200 \d+\.\dms$/m);
  });

  it('stops with one clear line when a variable is wrong', () => {
    const result = spawnSync(process.execPath, ['scripts/launch.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: 'not-a-port' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe('Invalid configuration: PORT must be a port number (got "not-a-port")');
  });

  it('deletes the sessions that expired while nobody presented them, and keeps the others', async () => {
    const file = join(folder, 'sessions.db');
    const database = await openDatabase(`file:${file}`);
    await migrateDatabase(database);
    const [user] = await database.insert(users).values({ name: 'Sleepy_Scratcher' }).returning();
    const day = 24 * 60 * 60 * 1000;
    await database.insert(sessions).values([
      { id: 'expired-yesterday', userId: user!.id, expiresAt: new Date(Date.now() - day) },
      { id: 'valid-for-a-week', userId: user!.id, expiresAt: new Date(Date.now() + 7 * day) },
    ]);
    database.$client.close();

    const other = await startApp({ DATABASE_URL: `file:${file}` });
    await other.stop();

    const reopened = await openDatabase(`file:${file}`);
    expect((await reopened.select({ id: sessions.id }).from(sessions)).map(({ id }) => id)).toEqual(['valid-for-a-week']);
    reopened.$client.close();
  });

  it('finishes cleanly on SIGTERM', async () => {
    const other = await startApp({ DATABASE_URL: `file:${join(folder, 'other.db')}` });
    expect(await other.stop('SIGTERM')).toBe(0);
  });
});

describe('responses', () => {
  it('are compressed with brotli or gzip when the client accepts it', async () => {
    for (const encoding of ['br', 'gzip']) {
      const response = await fetch(`${app.url}/`, { headers: { 'accept-encoding': encoding } });
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(await response.text()).toContain('<title>Home | Itinerary</title>');
    }
  });

  it('leave small JSON answers uncompressed, with their length, and compress large ones', async () => {
    const small = await fetch(`${app.url}/api/health`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(small.headers.get('content-type')).toBe('application/json');
    const text = await small.text();
    expect(small.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
    expect(JSON.parse(text)).toEqual({ ok: true, database: 'reachable' });

    const large = await fetch(`${app.url}/api/openapi.json`, { headers: { 'accept-encoding': 'br' } });
    expect(large.headers.get('content-encoding')).toBe('br');
    expect((await large.json()) as { openapi: string }).toMatchObject({ openapi: '3.1.0' });
  });
});
