import { type Server, createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { refreshEveryMs } from '#server/node/page-policy';
import { clearPageCache, invalidate, withPageCache } from '#server/node/page-store';
import { serveFromPageCache } from '#server/node/page-cache-fast-path';

const HTML = `<!doctype html><title>Cached</title>${'<p>Same for everyone.</p>'.repeat(200)}`;
let server: Server;
let base: string;

beforeAll(async () => {
  clearPageCache();
  // Astro stands behind the fast path; here it answers 418 so a test can tell who answered.
  server = createServer((req, res) => {
    if (serveFromPageCache(req, res)) return;
    res.writeHead(418);
    res.end('astro');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
// Only Date is faked: the HTTP server and its sockets keep real timers.
const fakeDate = () => vi.useFakeTimers({ toFake: ['Date'] });
beforeAll(fakeDate);
afterEach(() => {
  vi.useRealTimers();
  fakeDate();
});
afterAll(() => vi.useRealTimers());

/** Renders `path` through the page cache as the middleware would, so the next request finds it cached. */
async function cacheThroughAstro(
  path: string,
  headers: Record<string, string> = {},
  rendered: Promise<string> = Promise.resolve(HTML),
  tags = ['jams'],
): Promise<Response> {
  const url = new URL(path, base);
  const locals = {} as App.Locals;
  return withPageCache({ request: new Request(url, { headers }), url, locals }, async () => {
    locals.cachePolicy = { tags, until: null };
    return new Response(await rendered, { headers: { 'content-type': 'text/html; charset=utf-8' } });
  });
}

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function send(path: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method: options.method ?? 'GET', headers: options.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the page cache fast path in front of Astro', () => {
  it('answers a cached page with the bytes, ETag and headers the cache inside Astro sends', async () => {
    await cacheThroughAstro('/explore?page=2');
    const throughAstro = await cacheThroughAstro('/explore?page=2');
    expect(throughAstro.headers.get('x-page-cache')).toBe('hit');
    const fast = await send('/explore?page=2');
    expect(fast.status).toBe(200);
    expect(fast.body.toString()).toBe(await throughAstro.text());
    for (const name of ['etag', 'content-type', 'vary', 'x-page-cache', 'content-length']) {
      expect(fast.headers[name], name).toBe(throughAstro.headers.get(name));
    }
    expect(fast.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+/);
  });

  it('leaves pages that are not cached to Astro', async () => {
    expect((await send('/explore?page=3')).status).toBe(418);
  });

  it('answers If-None-Match with 304 and HEAD without a body', async () => {
    await cacheThroughAstro('/jams/fast');
    const first = await send('/jams/fast');
    const again = await send('/jams/fast', { headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.status).toBe(304);
    expect(again.body.byteLength).toBe(0);
    const head = await send('/jams/fast', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(HTML)));
  });

  it('sends the brotli copy with its length once it is ready', async () => {
    await cacheThroughAstro('/jams/compressed');
    let reply: Raw | null = null;
    for (let attempt = 0; attempt < 50 && reply?.status !== 200; attempt++) {
      reply = await send('/jams/compressed', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
      if (reply.status !== 200) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(reply!.headers['content-encoding']).toBe('br');
    expect(Number(reply!.headers['content-length'])).toBe(reply!.body.byteLength);
    expect(brotliDecompressSync(reply!.body).toString()).toBe(HTML);
  });

  it('leaves to the middleware what it would change: writes, guarded pages and public API addresses', async () => {
    for (const path of ['/login', '/hu/jams/new', '/api/jams']) await cacheThroughAstro(path);
    expect((await send('/login')).status).toBe(418);
    expect((await send('/hu/jams/new')).status).toBe(418);
    expect((await send('/api/jams')).status).toBe(418);
    await cacheThroughAstro('/jams/posted');
    expect((await send('/jams/posted', { method: 'POST' })).status).toBe(418);
    expect((await send('/jams/posted')).status).toBe(200);
  });

  it('answers the home page only for visitors the middleware would not send to another language', async () => {
    await cacheThroughAstro('/');
    expect((await send('/')).status).toBe(200);
    expect((await send('/', { headers: { 'accept-language': 'en-GB,en;q=0.8' } })).status).toBe(200);
    expect((await send('/', { headers: { 'accept-language': 'hu-HU,hu;q=0.9' } })).status).toBe(418);
    expect((await send('/', { headers: { cookie: 'color-mode=dark; itinerary-locale=ir' } })).status).toBe(418);
  });

  it('keeps a page an interval after its render through new entries, then lets one reader re-render it while the others keep it, stale only past the lag', async () => {
    const renderedAt = Date.parse('2026-11-23T12:00:00Z');
    vi.setSystemTime(renderedAt);
    await cacheThroughAstro('/explore?sort=entries');
    vi.setSystemTime(renderedAt + 100);
    invalidate({ kind: 'entries', jamId: 1 });
    const soon = await send('/explore?sort=entries');
    expect(soon.headers['x-page-cache']).toBe('hit');
    // A CDN may keep it as long as its counts may lag: until one interval past its due re-render.
    expect(soon.headers['cache-control']).toBe('public, max-age=0, s-maxage=1');

    vi.setSystemTime(renderedAt + refreshEveryMs());
    // One reader goes to Astro to re-render; the others keep the page: its counts may lag one more interval.
    expect((await send('/explore?sort=entries')).status).toBe(418);
    expect((await send('/explore?sort=entries')).headers['x-page-cache']).toBe('hit');
    vi.setSystemTime(renderedAt + refreshEveryMs() + 2000);
    expect((await send('/explore?sort=entries')).status).toBe(418); // that reader never rendered: another goes
    let finish!: (html: string) => void;
    const rerender = cacheThroughAstro('/explore?sort=entries', {}, new Promise((resolve) => (finish = resolve)));
    const during = await send('/explore?sort=entries');
    expect(during.status).toBe(200);
    expect(during.headers['x-page-cache']).toBe('stale');
    expect(during.headers['cache-control']).toBe('no-cache');
    expect(during.body.toString()).toBe(HTML);

    finish(`${HTML}<p>One more entry.</p>`);
    expect((await rerender).headers.get('x-page-cache')).toBe('miss');
    const after = await send('/explore?sort=entries');
    expect(after.headers['x-page-cache']).toBe('hit');
    expect(after.body.toString()).toBe(`${HTML}<p>One more entry.</p>`);
  });

  it('sends a reader who wrote since the render to Astro, and keeps serving the others', async () => {
    const renderedAt = Date.parse('2026-11-23T13:00:00Z');
    vi.setSystemTime(renderedAt);
    await cacheThroughAstro('/jams/submitted-to');
    vi.setSystemTime(renderedAt + 200);
    invalidate({ kind: 'entries', jamId: 1 });
    expect((await send('/jams/submitted-to', { headers: { cookie: `itinerary-wrote=${renderedAt + 150}` } })).status).toBe(418);
    expect((await send('/jams/submitted-to', { headers: { cookie: `itinerary-wrote=${renderedAt - 10}` } })).status).toBe(200);
    expect((await send('/jams/submitted-to')).status).toBe(200);
  });

  it('does not keep a render that began before its jam was edited, and keeps one that began before a new entry as out of date', async () => {
    let finishEdited!: (html: string) => void;
    const edited = cacheThroughAstro('/jams/edited-while-rendering', {}, new Promise((resolve) => (finishEdited = resolve)), [
      'jam:7',
    ]);
    let finishEntered!: (html: string) => void;
    const entered = cacheThroughAstro('/jams/entered-while-rendering', {}, new Promise((resolve) => (finishEntered = resolve)), [
      'jam:8',
    ]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    invalidate({ kind: 'jam', jamId: 7 });
    invalidate({ kind: 'entries', jamId: 8 });
    finishEdited(HTML);
    finishEntered(HTML);
    await Promise.all([edited, entered]);
    expect((await send('/jams/edited-while-rendering')).status).toBe(418);
    expect((await send('/jams/entered-while-rendering')).status).toBe(200);
    vi.setSystemTime(Date.now() + refreshEveryMs());
    expect((await send('/jams/entered-while-rendering')).status).toBe(418);
  });

  it('never stands in with a page whose jam was edited, even while it is re-rendered', async () => {
    await cacheThroughAstro('/jams/edited');
    invalidate({ kind: 'jam', jamId: 1 });
    let finish!: (html: string) => void;
    const rerender = cacheThroughAstro('/jams/edited', {}, new Promise((resolve) => (finish = resolve)));
    expect((await send('/jams/edited')).status).toBe(418);
    finish(HTML);
    await rerender;
  });
});
