/**
 * What a host's file store does (ADR 050), by itself: the host seam (host.ts) names it and
 * files.ts picks the host's store, so neither has to import the other's module for the type.
 */
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
