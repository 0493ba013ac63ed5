import { get } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Environment, startEnvironment } from '../helpers/environment';
import { insertJam } from '../helpers/factories';

let env: Environment;

beforeAll(async () => {
  env = await startEnvironment({ ITINERARY_PAGE_CACHE_TTL: '600' });
});
afterAll(() => env?.close());

interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request with exactly these headers (fetch would add its own Accept-Encoding and decode). */
function raw(path: string, headers: Record<string, string> = {}): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    get(`${env.app.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

/**
 * Asks until the page comes from the cache in the wanted encoding (compression runs in the
 * background; until it is done the middleware compresses on the fly, without a Content-Length).
 */
async function cachedAs(path: string, acceptEncoding: string, encoding: string | undefined): Promise<RawReply> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const reply = await raw(path, { 'accept-encoding': acceptEncoding });
    const fromCache = reply.headers['x-page-cache'] === 'hit' && reply.headers['content-length'] !== undefined;
    if (fromCache && reply.headers['content-encoding'] === encoding) return reply;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${path} never came from the cache as ${encoding ?? 'identity'}`);
}

describe('compressed pages in the page cache', () => {
  it('serves a cached page compressed once with brotli or gzip, as the client accepts, with its length', async () => {
    const jam = await insertJam(env.db, { description: 'Compressed once, served many times' });
    const path = `/jams/${jam.slug}`;
    const plain = await raw(path);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const html = plain.body.toString();
    expect(html).toContain('Compressed once, served many times');

    const br = await cachedAs(path, 'gzip, deflate, br', 'br');
    expect(Number(br.headers['content-length'])).toBe(br.body.byteLength);
    expect(br.body.byteLength).toBeLessThan(plain.body.byteLength / 3);
    expect(brotliDecompressSync(br.body).toString()).toBe(html);
    expect(br.headers.vary).toContain('Accept-Encoding');

    const gzip = await cachedAs(path, 'gzip', 'gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(html);

    const identity = await cachedAs(path, 'identity', undefined);
    expect(identity.body.toString()).toBe(html);
    expect(Number(identity.headers['content-length'])).toBe(identity.body.byteLength);
  });

  it('gives each encoding its own ETag and answers 304 to the one it would send', async () => {
    const jam = await insertJam(env.db);
    const path = `/jams/${jam.slug}`;
    await raw(path);
    const br = await cachedAs(path, 'br', 'br');
    const plain = await cachedAs(path, 'identity', undefined);
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    expect((await raw(path, { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) })).status).toBe(304);
    expect((await raw(path, { 'accept-encoding': 'identity', 'if-none-match': String(plain.headers.etag) })).status).toBe(304);
    expect((await raw(path, { 'accept-encoding': 'identity', 'if-none-match': String(br.headers.etag) })).status).toBe(200);
  });

  it('never sends an encoding the client refused with q=0', async () => {
    const jam = await insertJam(env.db);
    const path = `/jams/${jam.slug}`;
    await raw(path);
    await cachedAs(path, 'br', 'br');
    const reply = await cachedAs(path, 'br;q=0, gzip', 'gzip');
    expect(reply.headers['content-encoding']).toBe('gzip');
  });
});
