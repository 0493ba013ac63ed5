/**
 * `npm run backup -- FOLDER`: everything the Node server keeps, as of now, into a new folder:
 * `itinerary.db` (the embedded database, by `npm run db:backup`'s consistent copy) and `files/` (the
 * uploaded jam versions, ADR 050, each named by its SHA-256 and checked against it). The database is
 * copied first: a file uploaded meanwhile is then at most one more file, never a row naming a file
 * the backup lacks. Restoring is copying both back while the server is stopped (README, "Backups").
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { filesFolder, folderFileStore } from '#server/node/file-store';
import { ConfigError, config } from '#server/platform/config';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const target = process.argv[2];
if (!target || process.argv.length > 3) fail('Usage: npm run backup -- FOLDER   (FOLDER must not exist yet)');
const folder = resolve(target);
if (existsSync(folder)) fail(`${folder} already exists; choose a new folder so no backup is overwritten.`);

let settings: ReturnType<typeof config>;
try {
  settings = config();
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}

mkdirSync(folder, { recursive: true });
if (settings.DATABASE_URL.startsWith('file:')) {
  const database = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', join(folder, 'itinerary.db')], {
    stdio: 'inherit',
  });
  if (database.status !== 0) fail('The database backup failed; the files were not copied.');
} else {
  console.log(
    `The database is a libSQL server (${settings.DATABASE_URL.split('?')[0]}): back it up with its own tools; copying the files only.`,
  );
}

const source = filesFolder(settings.ITINERARY_FILES_DIR, settings.DATABASE_URL);
const store = folderFileStore(source);
const copies = join(folder, 'files');
mkdirSync(copies, { recursive: true });
let bytes = 0;
const kept = await store.list();
for (const { key } of kept) {
  const content = readFileSync(join(source, key));
  if (createHash('sha256').update(content).digest('hex') !== key)
    fail(`${join(source, key)} does not match its SHA-256 name: the file is damaged.`);
  writeFileSync(join(copies, key), content);
  bytes += content.byteLength;
}
console.log(`Copied ${kept.length} files (${bytes} bytes) from ${source} to ${copies}; each matches its SHA-256.`);
