/**
 * Operations: security headers on every kind of response, a request log that never holds a
 * token, request-body limits, and 5xx answers that keep their stack traces to the server's log.
 */
import { request as httpRequest } from 'node:http';
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HSTS } from '#server/middleware/security-headers';
import { type Environment, startEnvironment, type Parsed } from '../helpers/environment';
import { insertJam } from '../helpers/factories';

let env: Environment;

beforeAll(async () => {
  env = await startEnvironment({ ITINERARY_PAGE_CACHE: 'off' });
});
afterAll(() => env?.close());

const DIST = resolve(import.meta.dirname, '../..', process.env.ITINERARY_DIST ?? 'dist');
const anAsset = () => `/_astro/${readdirSync(resolve(DIST, 'client/_astro')).find((file) => file.endsWith('.js'))}`;

describe('security headers', () => {
  const kinds = () => [
    ['a server-rendered page', '/explore'],
    ['a prerendered page', '/about'],
    ['a prerendered page with a trailing slash', '/about/'],
    ['an API answer', '/api/jams'],
    ['an API error', '/api/me'],
    ['a script bundle', anAsset()],
    ['a public file', '/favicon.svg'],
    ['the 404 page', '/no-such-page'],
    ['a feed', '/rss.xml'],
  ];

  it('are on every kind of response: nosniff, a referrer policy, no framing', async () => {
    for (const [kind, path] of kinds()) {
      const response = await fetch(`${env.app.url}${path}`);
      expect(response.status, kind).toBeLessThan(500);
      expect(response.headers.get('x-content-type-options'), kind).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), kind).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-frame-options'), kind).toBe('DENY');
      expect(response.headers.get('content-security-policy'), kind).toContain("frame-ancestors 'none'");
      expect(response.headers.get('strict-transport-security'), `${kind} over http`).toBeNull();
    }
  });

  it.each(['/', '/explore', '/about', '/about/', '/hu/faq', '/login', '/no-such-page', '/api/jams', '/favicon.svg'])(
    'give %s a script policy of hashes, without unsafe-inline or unsafe-eval',
    async (path) => {
      const csp = (await fetch(`${env.app.url}${path}`)).headers.get('content-security-policy') ?? '';
      const directives: Record<string, string[]> = Object.fromEntries(
        csp
          .split(';')
          .map((part) => part.trim().split(/\s+/))
          .map(([name, ...values]) => [name, values]),
      );
      expect(directives['script-src']).toContain("'self'");
      expect(directives['script-src']!.some((value) => value.startsWith("'sha256-"))).toBe(true);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
      expect(directives['object-src']).toEqual(["'none'"]);
      expect(directives['base-uri']).toEqual(["'self'"]);
      expect(directives['frame-ancestors']).toEqual(["'none'"]);
    },
  );

  it('add HSTS when the site is served over https', async () => {
    const https = await startEnvironment({ PUBLIC_SITE_URL: 'https://itinerary.example' });
    try {
      for (const path of ['/', '/about', '/api/jams', '/favicon.svg']) {
        expect((await fetch(`${https.app.url}${path}`)).headers.get('strict-transport-security'), path).toBe(HSTS);
      }
    } finally {
      await https.close();
    }
  });
});

describe('the request log', () => {
  it('has one line per request with method, path without query, status and time', async () => {
    await env.request('/api/jams?q=secret-search');
    // The server writes its log lines once per turn of its event loop, so the line may follow the answer.
    await expect.poll(() => env.app.logs()).toMatch(/^GET \/api\/jams 200 \d+\.\dms$/m);
    expect(env.app.logs()).not.toContain('secret-search');
  });

  it('never holds a session token, a login token or a provider code, however they were sent', async () => {
    const user = await env.login('log_watcher');
    const other = await env.login('log_watcher_2');
    await env.request('/api/auth/me', { headers: { authorization: `Bearer ${user.token}` } });
    await env.request('/api/auth/me', { as: user });
    await env.request(`/confirm-login?token=${other.token}`);
    await env.request('/api/auth/callback?privateCode=provider-secret-code-123');
    await env.request(`/api/auth/remove?token=${other.token}`, { method: 'POST' });
    await env.request(`/api/auth/remove?token=${user.token}`, { method: 'POST' });
    // Two removals answered: both lines are in once the second has come (lines keep their order).
    await expect.poll(() => env.app.logs().match(/^POST \/api\/auth\/remove 200 /gm)?.length).toBe(2);
    const logs = env.app.logs();
    for (const secret of [user.token, other.token, 'provider-secret-code-123']) expect(logs).not.toContain(secret);
  });
});

/**
 * Sends a body in chunks without announcing its length, as a streaming client would, and stops
 * sending once the server has answered (as browsers do), at a pace that lets the answer arrive
 * before the server drops the rest of the connection.
 */
function sendChunked(path: string, contentType: string, bytes: number, cookie = ''): Promise<{ status: number; body: Parsed }> {
  const { port } = new URL(env.app.url);
  return new Promise((resolvePromise, reject) => {
    let answered = false;
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path,
        headers: { origin: env.app.url, 'content-type': contentType, 'transfer-encoding': 'chunked', cookie },
      },
      (response) => {
        answered = true;
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolvePromise({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.alloc(16 * 1024, 'a');
    let sent = 0;
    const sendMore = () => {
      if (answered || request.destroyed) return;
      if (sent >= bytes) return void request.end();
      sent += chunk.length;
      request.write(chunk, () => setTimeout(sendMore, 2));
    };
    sendMore();
  });
}

describe('request bodies', () => {
  const tooLarge = { error: { status: 413, code: 'payload_too_large', message: 'The request body is too large.' } };

  it('are refused with 413 when a JSON body announces more than 64 KiB', async () => {
    const user = await env.login('big_json');
    const reply = await env.request('/api/markdown-preview', {
      method: 'POST',
      as: user,
      body: { markdown: 'x'.repeat(70_000) },
    });
    expect(reply.status).toBe(413);
    expect(reply.body).toEqual(tooLarge);
  });

  it.each([
    ['a JSON endpoint', '/api/markdown-preview', 'application/json'],
    ['a form endpoint', '/api/auth/confirm', 'application/x-www-form-urlencoded'],
    ['a multipart form', '/api/auth/cancel', 'multipart/form-data; boundary=x'],
  ])('are cut off past 64 KiB when streamed without a length to %s', async (_what, path, contentType) => {
    const user = await env.login('big_stream');
    const reply = await sendChunked(path, contentType, 2 * 1024 * 1024, user.headers.cookie);
    expect(reply.status).toBe(413);
    expect(reply.body).toEqual(tooLarge);
    expect((await fetch(`${env.app.url}/api/health`)).status).toBe(200);
  });
});

describe('server errors', () => {
  it('answer 500 without a stack trace, and log the trace on the server', async () => {
    await insertJam(env.db, { slug: 'before-the-break' });
    await env.db.$client.execute('ALTER TABLE jams RENAME TO jams_broken_on_purpose');
    try {
      const api = await env.request('/api/jams');
      expect(api.status).toBe(500);
      expect(api.body).toEqual({
        error: { status: 500, code: 'internal', message: 'Something went wrong on our side. Please try again later.' },
      });
      const page = await fetch(`${env.app.url}/explore`);
      expect(page.status).toBe(500);
      const html = await page.text();
      for (const leak of [/\bat \S+ \(/, /node_modules/, /jams_broken_on_purpose|no such table/i, /SQLITE/]) {
        expect(JSON.stringify(api.body)).not.toMatch(leak);
        expect(html).not.toMatch(leak);
      }
      expect(env.app.logs()).toMatch(/no such table: jams/);
      expect(env.app.logs()).toMatch(/^\s+at .+\(.+:\d+:\d+\)$/m);
    } finally {
      await env.db.$client.execute('ALTER TABLE jams_broken_on_purpose RENAME TO jams');
    }
  });
});
