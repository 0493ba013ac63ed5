/**
 * `npm run db:backup -- FILE`: a consistent snapshot of the embedded database while the server
 * keeps running. SQLite's `VACUUM INTO` reads inside one transaction (WAL lets writers go on
 * meanwhile), so the copy is the database as of one moment, compacted, and never a torn file.
 * Restoring is copying it back while the server is stopped (README, "Backups").
 */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createClient } from '@libsql/client';
import { ConfigError, config } from '#server/platform/config';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const target = process.argv[2];
if (!target || process.argv.length > 3) fail('Usage: npm run db:backup -- FILE   (FILE must not exist yet)');
const file = resolve(target);
if (existsSync(file)) fail(`${file} already exists; choose a new file so no backup is overwritten.`);

let databaseUrl: string;
try {
  databaseUrl = config().DATABASE_URL;
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}
if (!databaseUrl.startsWith('file:')) {
  fail(
    `db:backup copies the embedded database (file:…); ${databaseUrl.split('?')[0]} is a libSQL server — use its own backups (sqld snapshots, Turso point-in-time restore).`,
  );
}

mkdirSync(dirname(file), { recursive: true });
const source = createClient({ url: databaseUrl });
try {
  await source.execute('PRAGMA busy_timeout = 5000');
  await source.execute({ sql: 'VACUUM INTO ?', args: [file] });
} catch (error) {
  fail(`The backup failed: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  source.close();
}

const copy = createClient({ url: `file:${file}` });
try {
  const check = await copy.execute('PRAGMA integrity_check');
  const verdict = String(check.rows[0]?.[0]);
  if (verdict !== 'ok') fail(`The backup in ${file} failed its integrity check: ${verdict}`);
  const tables = await copy.execute("select count(*) from sqlite_master where type = 'table'");
  console.log(`Backed up ${String(tables.rows[0]?.[0])} tables (${statSync(file).size} bytes) to ${file}; integrity check: ok.`);
} finally {
  copy.close();
}
