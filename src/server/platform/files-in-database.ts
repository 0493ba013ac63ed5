/**
 * The file store of hosts that install none of their own (ADR 050): rows of `stored_files`. It runs
 * wherever the database does, so @astrojs/node standalone and `astro dev` keep jam versions too.
 */
import { sql } from 'drizzle-orm';
import { storedFiles } from '#db/schema';
import { db } from './db';
import type { FileStore } from './file-store';

const asBytes = (value: unknown): Uint8Array | null =>
  value instanceof Uint8Array ? value : value instanceof ArrayBuffer ? new Uint8Array(value) : null;

export const databaseFileStore: FileStore = {
  async put(key, bytes) {
    await db().run(sql`insert or ignore into ${storedFiles} (key, bytes) values (${key}, ${bytes})`);
  },
  async get(key) {
    const row = await db().get<{ bytes: unknown }>(sql`select bytes from ${storedFiles} where key = ${key}`);
    return row ? asBytes(row.bytes) : null;
  },
  async delete(key) {
    await db().run(sql`delete from ${storedFiles} where key = ${key}`);
  },
  async list() {
    const rows = await db().all<{ key: string; at: number }>(sql`select key, created_at as at from ${storedFiles} order by key`);
    return rows.map((row) => ({ key: row.key, at: new Date(row.at) }));
  },
};
