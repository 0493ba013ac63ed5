/**
 * The Node server's file store (ADR 050): a folder beside the database (ITINERARY_FILES_DIR), one
 * file per SHA-256. A file is written under a temporary name and renamed, so a reader never sees
 * half of one and two processes writing the same file both end with the whole of it.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FileStore } from '#server/platform/file-store';
import { FILE_KEY, requireFileKey } from '#server/platform/files';

/** ITINERARY_FILES_DIR, else `files/` beside an embedded database file, else `./data/files`. */
export function filesFolder(setting: string | undefined, databaseUrl: string): string {
  if (setting) return resolve(setting);
  if (databaseUrl.startsWith('file:') && !databaseUrl.includes(':memory:')) {
    const path = databaseUrl.startsWith('file://') ? fileURLToPath(databaseUrl) : databaseUrl.slice('file:'.length);
    return join(dirname(resolve(path.split('?')[0]!)), 'files');
  }
  return resolve('data/files');
}

export function folderFileStore(folder: string): FileStore {
  const pathOf = (key: string) => join(folder, requireFileKey(key));
  return {
    async put(key, bytes) {
      await mkdir(folder, { recursive: true });
      const temporary = join(folder, `.${randomUUID()}.part`);
      await writeFile(temporary, bytes);
      await rename(temporary, pathOf(key));
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(pathOf(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async list() {
      try {
        const keys = (await readdir(folder)).filter((name) => FILE_KEY.test(name)).sort();
        return Promise.all(keys.map(async (key) => ({ key, at: (await stat(join(folder, key))).mtime })));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
    },
  };
}
