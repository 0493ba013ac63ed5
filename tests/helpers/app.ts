import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { appStarted } from './openapi-conformance';
import { onFreePort } from './ports';

const ROOT = resolve(import.meta.dirname, '../..');

export interface RunningApp {
  url: string;
  process: ChildProcess;
  /** Everything the server printed so far. */
  logs(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts the built server (`scripts/launch.ts`, as `npm start` does) on a free loopback port. */
export const startApp = (env: Record<string, string>): Promise<RunningApp> => onFreePort((port) => launch(port, env));

async function launch(port: number, env: Record<string, string>): Promise<RunningApp> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['scripts/launch.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_SITE_URL: url,
      ITINERARY_ADMINS: '',
      ITINERARY_DEV_LOGIN: '0',
      // One server process unless a test or bench asks for more (npm start's default is one per core).
      ITINERARY_PROCESSES: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));

  await new Promise<void>((resolveReady, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in time:\n${output}`)), 60_000);
    // Stops looking once found: the output keeps growing with the request log, and searching all of
    // it on every chunk cost the fuzz test's runner ~3 s of CPU.
    const check = () => {
      if (output.includes('Itinerary listening on')) {
        clearTimeout(timer);
        child.stdout?.off('data', check);
        resolveReady();
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });

  appStarted(url);
  return {
    url,
    process: child,
    logs: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      child.kill(signal);
      return exited;
    },
  };
}
