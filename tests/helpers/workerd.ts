/**
 * Runs the Cloudflare build (ITINERARY_ADAPTER=cloudflare npm run build → dist-cloudflare/) in workerd
 * through `wrangler dev`, fully offline: local mode, no account, no metrics, no Request.cf download,
 * no .env/.dev.vars from the checkout, state and logs in a temporary folder (nothing written to the repo).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { freePort, onFreePort } from './ports';

const ROOT = resolve(import.meta.dirname, '../..');
const WRANGLER = join(dirname(createRequire(import.meta.url).resolve('wrangler/package.json')), 'bin', 'wrangler.js');
/** The line wrangler prints once workerd listens (it comes after the bindings table). */
const READY = /Ready on (http:\/\/127\.0\.0\.1:\d+)/;

export interface WorkerdOptions {
  /** The Worker's variables: the core reads them as its configuration (process.env). A function is given the Worker's own address. */
  vars?: Record<string, string> | ((url: string) => Record<string, string>);
  /** The build's folder (default dist-cloudflare, or ITINERARY_DIST). */
  dist?: string;
  port?: number;
  timeoutMs?: number;
  /** Exposes GET /cdn-cgi/handler/scheduled?cron=… (always on in wrangler 4) and /__scheduled. */
  testScheduled?: boolean;
}

export interface RunningWorkerd {
  url: string;
  process: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

export const startWorkerd = (options: WorkerdOptions = {}): Promise<RunningWorkerd> =>
  options.port === undefined ? onFreePort((port) => startWorkerdOn(port, options)) : startWorkerdOn(options.port, options);

async function startWorkerdOn(port: number, options: WorkerdOptions): Promise<RunningWorkerd> {
  const dist = resolve(ROOT, options.dist ?? process.env.ITINERARY_DIST ?? 'dist-cloudflare');
  const config = join(dist, 'server', 'wrangler.json');
  if (!existsSync(config)) throw new Error(`${config} is missing: run ITINERARY_ADAPTER=cloudflare npm run build first`);
  const scratch = mkdtempSync(join(tmpdir(), 'itinerary-workerd-'));
  // An env file rather than --var: values may hold ':' and ',' and stay out of `ps`. Given --env-file,
  // wrangler reads neither .dev.vars nor the checkout's .env (our Node configuration).
  const envFile = join(scratch, 'worker.env');
  const vars = typeof options.vars === 'function' ? options.vars(`http://127.0.0.1:${port}`) : (options.vars ?? {});
  writeFileSync(
    envFile,
    Object.entries(vars)
      .map(([key, value]) => `${key}=${JSON.stringify(value)}\n`)
      .join(''),
  );
  const args = [
    WRANGLER,
    'dev',
    '--config',
    config,
    '--local',
    '--ip',
    '127.0.0.1',
    '--port',
    String(port),
    '--inspector-port',
    String(await freePort()),
    '--persist-to',
    join(scratch, 'state'),
    '--env-file',
    envFile,
    '--show-interactive-dev-session=false',
    '--log-level',
    'log', // 'info' would hide the Worker's console.log
    ...(options.testScheduled ? ['--test-scheduled'] : []),
  ];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    WRANGLER_SEND_METRICS: 'false',
    WRANGLER_SEND_ERROR_REPORTS: 'false',
    // Without this wrangler asks https://workers.cloudflare.com/cf.json for Request.cf (and warns offline).
    CLOUDFLARE_CF_FETCH_ENABLED: 'false',
    WRANGLER_LOG_PATH: join(scratch, 'logs'),
    WRANGLER_HIDE_BANNER: 'true',
    NO_COLOR: '1',
    FORCE_COLOR: '0',
  };
  for (const name of ['CLOUDFLARE_ACCOUNT_ID', 'CLOUDFLARE_API_TOKEN', 'CLOUDFLARE_API_KEY', 'CLOUDFLARE_ENV']) delete env[name];

  // detached: its own process group, so stop() ends wrangler, its esbuild and workerd together.
  const child = spawn(process.execPath, args, { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const ready = new Promise<string>((resolveReady, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = READY.exec(output);
      if (match) resolveReady(match[1]!);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`wrangler dev exited (${code}) before it was ready:\n${output}`)));
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // already gone
      }
      const killer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 5000);
      await exited;
      clearTimeout(killer);
    }
    rmSync(scratch, { recursive: true, force: true });
  };
  const timeoutMs = options.timeoutMs ?? 60_000;
  let timer: NodeJS.Timeout | undefined;
  try {
    const url = await Promise.race([
      ready,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`wrangler dev was not ready in ${timeoutMs} ms:\n${output}`)), timeoutMs);
      }),
    ]);
    return { url, process: child, output: () => output, stop };
  } catch (error) {
    await stop();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
