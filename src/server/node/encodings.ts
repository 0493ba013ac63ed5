/** The page cache's compressed copies: made once per page off the main thread, chosen per request. */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

export interface Variant {
  body: Uint8Array;
  etag: string;
}

/** What the encodings are made from and kept in: the cached page. */
export interface Encodable {
  body: Uint8Array;
  encoded: Partial<Record<Encoding, Variant>>;
}

export const etagOf = (body: Uint8Array) => `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;

/**
 * Stronger than the on-the-fly compression (brotli 4), since it is paid once per render, but not
 * brotli's slow levels: in a deadline rush every page is re-rendered once a second. On the big jam
 * page (104 KB of HTML) quality 6 takes 1.4 ms for 15,329 bytes; 9 took 16 ms for 15,184.
 */
const BROTLI_QUALITY = 6;
/** gzip is for the few clients without brotli: level 9 took 3.0 ms for 24,608 bytes of that page, 6 takes 1.3 ms for 24,856. */
const GZIP_LEVEL = 6;

const compressors: Record<Encoding, (body: Uint8Array) => Promise<Buffer>> = {
  br: (body) => promisify(brotliCompress)(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }),
  gzip: (body) => promisify(gzip)(body, { level: GZIP_LEVEL }),
};

/** Compresses a page off the main thread (libuv's pool); a failed encoding is left out. */
export async function precompress(page: Encodable): Promise<void> {
  await Promise.all(
    (Object.keys(compressors) as Encoding[]).map((encoding) =>
      compressors[encoding](page.body).then(
        (body) => (page.encoded[encoding] = { body, etag: etagOf(body) }),
        (error: unknown) => console.error(`Page cache: ${encoding} compression failed`, error),
      ),
    ),
  );
}

/** The best ready variant the client accepts (brotli, then gzip), or null for the plain body. */
export function chooseEncoding(page: Encodable, acceptEncoding: string | null): Encoding | null {
  const accepted = acceptedEncodings(acceptEncoding);
  for (const encoding of ['br', 'gzip'] as const) {
    if (page.encoded[encoding] && (accepted.includes(encoding) || accepted.includes('*'))) return encoding;
  }
  return null;
}

/** The client takes a compressed answer: it accepts brotli, gzip or any encoding. */
export const takesCompression = (acceptEncoding: string | null) =>
  acceptedEncodings(acceptEncoding).some((name) => name === 'br' || name === 'gzip' || name === '*');

/** If-None-Match names this ETag (weak or strong). */
export const matchesEtag = (ifNoneMatch: string | null, etag: string) =>
  ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag) ?? false;

export const acceptedEncodings = (header: string | null) =>
  (header ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || !/^\s*q\s*=\s*0(\.0*)?\s*$/.test(q))
    .map(([name]) => name!.toLowerCase());
