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

/** Asks for a build file until it comes from memory in the wanted encoding (compressed in the background). */
async function assetAs(path: string, acceptEncoding: string, encoding: string | undefined): Promise<RawReply> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const reply = await raw(path, { 'accept-encoding': acceptEncoding });
    if (reply.headers['content-length'] !== undefined && reply.headers['content-encoding'] === encoding) return reply;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${path} never came from memory as ${encoding ?? 'identity'}`);
}

/** The first script and stylesheet the home page loads from the build. */
async function buildFiles(): Promise<{ script: string; style: string }> {
  const html = (await raw('/')).body.toString();
  return {
    script: /\/_astro\/[\w.-]+\.js/.exec(html)![0],
    style: /\/_astro\/[\w.-]+\.css/.exec(html)![0],
  };
}

describe("the build's scripts and styles", () => {
  it('are sent from memory, compressed once with brotli or gzip as the client accepts, and cached for a year', async () => {
    const { script, style } = await buildFiles();
    const plain = await assetAs(script, 'identity', undefined);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(plain.headers['content-length'])).toBe(plain.body.byteLength);

    const br = await assetAs(script, 'gzip, deflate, br', 'br');
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(br.headers.vary).toBe('Accept-Encoding');
    const gzip = await assetAs(script, 'gzip', 'gzip');
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);

    const css = await assetAs(style, 'br', 'br');
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(brotliDecompressSync(css.body).toString()).toContain('{');
  });

  it('answer 304 to the ETag of the encoding they would send, and HEAD with the length only', async () => {
    const { script } = await buildFiles();
    const br = await assetAs(script, 'br', 'br');
    const plain = await assetAs(script, 'identity', undefined);
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    expect((await raw(script, { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) })).status).toBe(304);
    expect((await raw(script, { 'accept-encoding': 'identity', 'if-none-match': String(br.headers.etag) })).status).toBe(200);
    const head = await fetch(`${env.app.url}${script}`, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(plain.body.byteLength));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it('are only the files the build wrote there: an unknown name or a path out of the folder is not found', async () => {
    for (const path of ['/_astro/nothing-here.js', '/_astro/../server/entry.mjs', '/_astro/..%2fserver%2fentry.mjs']) {
      const reply = await raw(path, { 'accept-encoding': 'br' });
      expect(reply.status, path).toBe(404);
      expect(reply.headers['cache-control'], path).not.toBe('public, max-age=31536000, immutable');
    }
  });
});

describe("the build's other files", () => {
  it('send a prerendered page, with or without the trailing slash, with the policy Astro wrote for it', async () => {
    for (const path of ['/about', '/about/', '/hu/about']) {
      const reply = await raw(path);
      expect(reply.status, path).toBe(200);
      expect(reply.headers['content-type'], path).toBe('text/html; charset=utf-8');
      expect(reply.headers['content-security-policy'], path).toMatch(/script-src 'self' 'sha256-/);
    }
    expect((await raw('/hu/about')).body.toString()).toContain('<html lang="hu"');
  });

  it('send a public file with its type and an ETag, and answer 304 to it', async () => {
    const icon = await raw('/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers['content-type']).toBe('image/svg+xml');
    expect(icon.body.toString()).toContain('<svg');
    expect((await raw('/favicon.svg', { 'if-none-match': String(icon.headers.etag) })).status).toBe(304);
  });

  it('send a range of a script from disk, still cached for a year', async () => {
    const { script } = await buildFiles();
    const reply = await raw(script, { range: 'bytes=0-99' });
    expect(reply.status).toBe(206);
    expect(reply.body.byteLength).toBe(100);
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
