/**
 * Where uploaded files live (issue 56 §3, ADR 050): one interface, each host its own store. The Node
 * server keeps them in a folder beside the database (src/server/node/file-store.ts), a Worker in an R2
 * bucket (src/server/cloudflare/r2-file-store.ts); a host that installs none (@astrojs/node standalone,
 * `astro dev`) keeps them in the database (./files-in-database). Files are named by their SHA-256, so
 * the same file is kept once and a name never changes its contents.
 */
import type { FileStore } from './file-store';
import { host } from './host';
import { databaseFileStore } from './files-in-database';

/** A file's name in every store: 64 hexadecimal digits, nothing a path could misuse. */
export const FILE_KEY = /^[0-9a-f]{64}$/;

export function requireFileKey(key: string): string {
  if (!FILE_KEY.test(key)) throw new Error(`Not a file key: ${JSON.stringify(key)}`);
  return key;
}

/** The host's file store. */
export function files(): FileStore {
  return host().files ?? databaseFileStore;
}
