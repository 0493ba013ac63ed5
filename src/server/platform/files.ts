/**
 * Where uploaded files live (issue 56 §3, ADR 050): one interface, each host its own store. The Node
 * server keeps them in a folder beside the database (src/server/node/file-store.ts), a Worker in an R2
 * bucket (src/server/cloudflare/r2-file-store.ts); a host that installs none (@astrojs/node standalone,
 * `astro dev`) keeps them in the database (./files-in-database). Files are named by their SHA-256, so
 * the same file is kept once and a name never changes its contents.
 */
import { host } from './host';
import { databaseFileStore } from './files-in-database';

export interface StoredFile {
  key: string;
  at: Date;
}

export interface FileStore {
  /** Keeps `bytes` under `key` (a SHA-256 in hex); keeping the same key again changes nothing. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The file, or null when there is none. */
  get(key: string): Promise<Uint8Array | null>;
  /** Removes the file; removing one that is not there is fine. */
  delete(key: string): Promise<void>;
  /** Every file kept, with when it was written (for the backup and the sweep of unused files). */
  list(): Promise<StoredFile[]>;
}

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
