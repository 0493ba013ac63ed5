/**
 * `npm run db:backup -- FILE` takes a consistent snapshot while the server is writing, and the
 * snapshot restores: a server started on it serves what was acknowledged before the backup began.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createClient } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from '../helpers/app';
import { type Environment, type TestUser, startEnvironment } from '../helpers/environment';

const ROOT = resolve(import.meta.dirname, '../..');
const HOUR = 3_600_000;
let env: Environment;
let admin: TestUser;
const folder = mkdtempSync(join(tmpdir(), 'itinerary-backup-'));

beforeAll(async () => {
  env = await startEnvironment();
  admin = await env.login('backup_admin', { isAdmin: true });
});
afterAll(async () => {
  await env?.close();
  rmSync(folder, { recursive: true, force: true });
});

function backup(file: string, databaseUrl = env.databaseUrl): Promise<{ code: number | null; output: string }> {
  return new Promise((resolvePromise) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', file], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolvePromise({ code, output }));
  });
}

const createJam = (name: string) =>
  env.request('/api/jams', {
    method: 'POST',
    as: admin,
    body: {
      name,
      description: 'Backed up.',
      startsAt: new Date(Date.now() + HOUR).toISOString(),
      endsAt: new Date(Date.now() + 2 * HOUR).toISOString(),
    },
  });

describe('npm run db:backup', () => {
  it('snapshots the live database consistently while writes go on, and the snapshot restores', async () => {
    for (let n = 0; n < 5; n++) expect((await createJam(`Before ${n}`)).status).toBe(201);
    let writing = true;
    const during = (async () => {
      for (let n = 0; writing; n++) await createJam(`During ${n}`);
    })();
    const file = join(folder, 'nested', 'snapshot.db');
    const result = await backup(file);
    writing = false;
    await during;
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/^Backed up \d+ tables \(\d+ bytes\) to .*snapshot\.db; integrity check: ok\.$/m);

    const copy = createClient({ url: `file:${file}` });
    try {
      expect((await copy.execute('PRAGMA integrity_check')).rows.map((row) => row[0])).toEqual(['ok']);
      expect((await copy.execute('PRAGMA foreign_key_check')).rows).toEqual([]);
      const names = (await copy.execute('select name from jams')).rows.map((row) => String(row.name));
      expect(names).toEqual(expect.arrayContaining(['Before 0', 'Before 1', 'Before 2', 'Before 3', 'Before 4']));
      // One moment in time: every jam in the copy has its audit entry, as in the live database.
      const orphans = await copy.execute(
        "select id from jams where id not in (select jam_id from audit_log where action = 'jam.create')",
      );
      expect(orphans.rows).toEqual([]);
    } finally {
      copy.close();
    }

    const restored = await startApp({ DATABASE_URL: `file:${file}`, ...env.fakes.env });
    try {
      const list = await (await fetch(`${restored.url}/api/jams?q=Before`)).json();
      expect(list.total).toBe(5);
    } finally {
      await restored.stop();
    }
  });

  it('never overwrites an existing file', async () => {
    const file = join(folder, 'taken.db');
    writeFileSync(file, 'keep me');
    const result = await backup(file);
    expect(result.code).toBe(1);
    expect(result.output.trim()).toBe(`${file} already exists; choose a new file so no backup is overwritten.`);
  });

  it('explains what to do for a libSQL server, and how to call it without a file', async () => {
    const remote = await backup(join(folder, 'remote.db'), 'http://127.0.0.1:9');
    expect(remote.code).toBe(1);
    expect(remote.output).toContain('is a libSQL server — use its own backups');
    const usage = await backup('');
    expect(usage.code).toBe(1);
    expect(usage.output.trim()).toBe('Usage: npm run db:backup -- FILE   (FILE must not exist yet)');
  });
});
