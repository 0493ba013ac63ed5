/**
 * The deploy targets the smoke suite runs against: the same site, served by different runtimes.
 * Each target starts everything it needs (database, Scratch fakes, server) on loopback and tells the
 * tests where the site answers. The tests only speak HTTP to `url` (and the fakes, through the
 * browser); `databaseUrl` is there for a test that must look at the database, through
 * `@libsql/client`, which reads both a `file:` URL and sqld's `http:` URL.
 *
 *   node-server      our own Node server (scripts/start.ts via tests/e2e/site.ts), as the e2e suite runs it
 *   node-standalone  @astrojs/node's own standalone server: `node <dist>/server/entry.mjs`, nothing of ours around it
 *   workerd          the Cloudflare build in workerd via `wrangler dev`, on a libSQL server (sqld)
 *
 * The two adapter targets are migrated out of band, as their README section says (migrations and the
 * bootstrap administrators through `npm run db:migrate`'s own code), then seeded.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { seedDemoData } from '#db/seed';
import { migrateDatabase, openDatabase } from '#server/node/database';
import { ensureAdmins } from '#server/users/users';
import { OTHER_BUILDS } from '../../scripts/build-if-stale';
import { startFakes } from '../fakes';
import { startSite } from '../e2e/site';
import { onFreePort } from '../helpers/ports';
import { type RunningSqld, startSqld } from '../helpers/sqld';
import { startWorkerd as startWrangler } from '../helpers/workerd';

import { type TargetName } from './selection';

export { TARGET_NAMES, type TargetName, isTargetName } from './selection';

export interface SmokeTarget {
  name: string;
  /** Where the site answers, without a trailing slash: http://127.0.0.1:PORT */
  url: string;
  /** The site's database: `file:/…` (embedded SQLite) or `http://127.0.0.1:PORT` (sqld). */
  databaseUrl: string;
  /** The libSQL server, on the targets that run on one (workerd): a test may kill and restart it. */
  sqld?: RunningSqld;
  close(): Promise<void>;
}

const ROOT = resolve(import.meta.dirname, '../..');

/** The administrator every target knows (db/seed.ts makes demo_admin one; ITINERARY_ADMINS says so too). */
export const ADMIN = 'demo_admin';

export interface TargetOptions {
  /** Migrate and seed the database first (default); false leaves it empty, as a host that forgot `db:migrate`. */
  migrated?: boolean;
  /** Settings that replace the target's own (the adapter targets only). */
  env?: Record<string, string>;
}

/** Starts one target; the caller closes it. */
export function startTarget(name: TargetName, options: TargetOptions = {}): Promise<SmokeTarget> {
  switch (name) {
    case 'node-server':
      return startNodeServer();
    case 'node-standalone':
      return startNodeStandalone(options);
    case 'workerd':
      return startWorkerd(options);
  }
}

/** Our current server: tests/e2e/site.ts (a seeded copy, the fakes, scripts/launch.ts). */
async function startNodeServer(): Promise<SmokeTarget> {
  const site = await startSite();
  return { name: 'node-server', url: site.url, databaseUrl: site.databaseUrl, close: () => site.close() };
}

/** @astrojs/node's own server, built by ITINERARY_ADAPTER=node-standalone (tests/smoke/global-setup.ts). */
export const STANDALONE_DIST = OTHER_BUILDS['node-standalone'].folder;

/** Migrates (with the bootstrap administrator, as `npm run db:migrate` does) and seeds the demo data. */
async function migrateAndSeed(url: string): Promise<void> {
  const database = await openDatabase(url);
  try {
    await migrateDatabase(database);
    await ensureAdmins([ADMIN], database);
    await seedDemoData(database);
  } finally {
    database.$client.close();
  }
}

async function startNodeStandalone({ migrated = true, env = {} }: TargetOptions): Promise<SmokeTarget> {
  const entry = join(STANDALONE_DIST, 'server/entry.mjs');
  if (!existsSync(entry)) {
    throw new Error(`node-standalone: no build at ${entry} (build with ITINERARY_ADAPTER=node-standalone npm run build)`);
  }
  const folder = mkdtempSync(join(tmpdir(), 'itinerary-smoke-'));
  const cleanups: (() => Promise<unknown> | void)[] = [() => rmSync(folder, { recursive: true, force: true })];
  const closeAll = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    const databaseUrl = `file:${join(folder, 'smoke.db')}`;
    if (migrated) await migrateAndSeed(databaseUrl);
    const fakes = await startFakes();
    cleanups.push(() => fakes.close());
    const { url, server } = await onFreePort(async (port) => {
      const url = `http://127.0.0.1:${port}`;
      const server = spawnServer(process.execPath, [entry], {
        ...fakes.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_SITE_URL: url,
        DATABASE_URL: databaseUrl,
        ITINERARY_ADMINS: ADMIN,
        ITINERARY_DEV_LOGIN: '0',
        NODE_ENV: 'test',
        ...env,
      });
      try {
        await waitForHealth(url, server, migrated ? (status) => status === 200 : () => true);
        return { url, server };
      } catch (error) {
        await server.stop();
        throw error;
      }
    });
    cleanups.push(() => server.stop());
    return { name: 'node-standalone', url, databaseUrl, close: closeAll };
  } catch (error) {
    await closeAll();
    throw error;
  }
}

/** The Cloudflare build in workerd (`wrangler dev`, offline), on sqld, with the fakes' addresses as the Worker's variables. */
async function startWorkerd({ migrated = true, env = {} }: TargetOptions): Promise<SmokeTarget> {
  const sqld = await startSqld();
  const cleanups: (() => Promise<unknown> | void)[] = [() => sqld.stop()];
  const closeAll = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    if (migrated) await migrateAndSeed(sqld.url);
    const fakes = await startFakes();
    cleanups.push(() => fakes.close());
    const worker = await startWrangler({
      vars: (url) => ({ ...fakes.env, PUBLIC_SITE_URL: url, DATABASE_URL: sqld.url, ITINERARY_ADMINS: ADMIN, ...env }),
    });
    cleanups.push(() => worker.stop());
    return { name: 'workerd', url: worker.url, databaseUrl: sqld.url, sqld, close: closeAll };
  } catch (error) {
    await closeAll();
    throw error;
  }
}

interface SpawnedServer {
  process: ChildProcess;
  logs(): string;
  stop(): Promise<void>;
}

function spawnServer(command: string, args: string[], env: Record<string, string>): SpawnedServer {
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return {
    process: child,
    logs: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls `GET /api/health` until its status is `ready` (200 by default); fails early if the server exits. */
export async function waitForHealth(
  url: string,
  server: SpawnedServer,
  ready: (status: number) => boolean = (status) => status === 200,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  for (;;) {
    if (server.process.exitCode !== null || server.process.signalCode !== null) {
      throw new Error(
        `server exited (${server.process.exitCode ?? server.process.signalCode}) before it was healthy:\n${server.logs()}`,
      );
    }
    try {
      const response = await fetch(`${url}/api/health`);
      if (ready(response.status)) return;
      last = `${response.status} ${await response.text()}`;
    } catch (error) {
      last = String(error);
    }
    if (Date.now() > deadline)
      throw new Error(`GET ${url}/api/health did not answer 200 in time (last: ${last}):\n${server.logs()}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}
