/**
 * A Worker's file store (ADR 050): an R2 bucket binding (`JAM_FILES` in wrangler.jsonc; `wrangler dev
 * --local` keeps it on disk), one object per SHA-256.
 */
import type { FileStore, StoredFile } from '#server/platform/file-store';
import { requireFileKey } from '#server/platform/files';

/** The part of an R2 bucket binding the store uses (workerd's `R2Bucket`). */
export interface R2BucketLike {
  put(key: string, value: Uint8Array, options?: { httpMetadata?: { contentType?: string } }): Promise<unknown>;
  get(key: string): Promise<{ arrayBuffer(): Promise<ArrayBuffer> } | null>;
  delete(key: string): Promise<void>;
  list(options?: {
    cursor?: string;
  }): Promise<{ objects: { key: string; uploaded: Date }[]; truncated: boolean; cursor?: string }>;
}

export const isR2Bucket = (value: unknown): value is R2BucketLike =>
  typeof value === 'object' && value !== null && 'put' in value && 'get' in value && 'list' in value && 'head' in value;

export function r2FileStore(bucket: R2BucketLike): FileStore {
  return {
    async put(key, bytes) {
      await bucket.put(requireFileKey(key), bytes, { httpMetadata: { contentType: 'application/x.scratch.sb3' } });
    },
    async get(key) {
      const object = await bucket.get(requireFileKey(key));
      return object ? new Uint8Array(await object.arrayBuffer()) : null;
    },
    async delete(key) {
      await bucket.delete(requireFileKey(key));
    },
    async list() {
      const keys: StoredFile[] = [];
      let cursor: string | undefined;
      do {
        const page = await bucket.list(cursor ? { cursor } : {});
        keys.push(...page.objects.map((object) => ({ key: object.key, at: object.uploaded })));
        cursor = page.truncated ? page.cursor : undefined;
      } while (cursor);
      return keys.sort((a, b) => a.key.localeCompare(b.key));
    },
  };
}
