/**
 * Cross-site request forgery: another site's page makes the visitor's browser send a write with
 * the visitor's cookie. Every write endpoint must refuse it — form posts and fetches alike — with
 * a 403 in the API's error shape and no change; the same call from our own pages must work.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUSALS } from '#server/auth/refusals';
import { type Environment, startEnvironment } from '../helpers/environment';
import { mutatingRoutes, routeKey } from './api-routes';
import { expectUnchanged, snapshot } from './db-snapshot';
import { type Encoding, ROWS, buildScene, rowKey, send } from './endpoints';

let env: Environment;

beforeAll(async () => {
  env = await startEnvironment();
  await env.login('csrf_keeper', { isAdmin: true });
});
afterAll(() => env?.close());

const EVIL = 'https://evil.example';

/** How another site can make a browser send a write. */
const CROSS_SITE: Array<{ how: string; encoding: Encoding; headers: Record<string, string | null> }> = [
  { how: 'a form post (urlencoded) from another site', encoding: 'urlencoded', headers: { origin: EVIL } },
  { how: 'a form post (multipart) from another site', encoding: 'multipart', headers: { origin: EVIL } },
  { how: 'a form post (text/plain carrying JSON) from another site', encoding: 'text', headers: { origin: EVIL } },
  { how: 'a fetch from another site', encoding: 'json', headers: { origin: EVIL, 'sec-fetch-site': 'cross-site' } },
  { how: 'a fetch from the same host on another port', encoding: 'json', headers: { origin: 'http://127.0.0.1:1' } },
  { how: 'a request from a sandboxed frame (Origin: null)', encoding: 'urlencoded', headers: { origin: 'null' } },
  {
    how: 'a request without Origin but with a foreign Referer',
    encoding: 'json',
    headers: { origin: null, referer: `${EVIL}/trap.html` },
  },
  {
    how: 'a request without Origin marked Sec-Fetch-Site: cross-site',
    encoding: 'json',
    headers: { origin: null, 'sec-fetch-site': 'cross-site' },
  },
  {
    how: 'a request without Origin marked Sec-Fetch-Site: same-site',
    encoding: 'json',
    headers: { origin: null, 'sec-fetch-site': 'same-site' },
  },
];

describe('cross-site writes', () => {
  it('are tested on every endpoint that can change something', () => {
    expect(ROWS.map(rowKey).sort()).toEqual(mutatingRoutes().map(routeKey).sort());
  });

  it.each(ROWS.map((row) => [rowKey(row), row] as const))(
    '%s refuses every cross-site variant with 403 and changes nothing, and works from our own pages',
    async (_key, row) => {
      // An administrator's cookie: without the origin check, each of these would go through.
      const scene = await buildScene(env, 'admin', row.jam);
      await row.prepare?.(scene, env);
      const before = await snapshot(env.db.$client);
      for (const variant of CROSS_SITE) {
        const reply = await send(env, row.call(scene), scene.me, { encoding: variant.encoding, headers: variant.headers });
        expect(reply.status, variant.how).toBe(403);
        expect(reply.body, variant.how).toEqual({ error: { status: 403, code: 'forbidden', message: REFUSALS['cross-site'] } });
      }
      await expectUnchanged(env.db.$client, before);

      const same = await send(env, row.call(scene), scene.me, { headers: { 'sec-fetch-site': 'same-origin' } });
      if (row.allowed.includes('admin')) {
        expect(same.status, JSON.stringify(same.body)).toBe(row.status);
        await row.effect(scene, env, same);
      } else {
        expect(same.status).toBe(row.refusal?.status);
      }
    },
  );

  it('lets a same-origin request through when the browser sends no Origin, only our Referer', async () => {
    const scene = await buildScene(env, 'admin');
    const reply = await send(
      env,
      { method: 'PUT', path: `/api/jams/${scene.jam.slug}/featured`, json: { featured: true } },
      scene.me,
      {
        headers: { origin: null, referer: `${env.app.url}/jams/${scene.jam.slug}`, 'sec-fetch-site': 'same-origin' },
      },
    );
    expect(reply.status).toBe(200);
    expect(reply.body.featured).toBe(true);
  });

  it('lets clients that are not browsers (no Origin, Referer or Sec-Fetch-Site) use their token', async () => {
    const scene = await buildScene(env, 'user');
    const reply = await send(env, { method: 'POST', path: '/api/markdown-preview', json: { markdown: 'hi' } }, null, {
      headers: { origin: null, authorization: `Bearer ${scene.me!.token}` },
    });
    expect(reply.status).toBe(200);
  });

  it('leaves reads alone: another site may still read the public API', async () => {
    const reply = await env.request('/api/jams', { headers: { origin: EVIL, 'sec-fetch-site': 'cross-site' } });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('access-control-allow-origin')).toBe('*');
  });
});
