/**
 * Scale-out (README "Deploying"): two stateless app servers share one libSQL server. Each keeps
 * its own page cache, so a page the *other* server cached may stay stale for at most
 * ITINERARY_PAGE_CACHE_TTL seconds; the API and the writing server are never stale.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '#db/schema';
import { type Database, migrateDatabase, openDatabase } from '#server/node/database';
import { SESSION_COOKIE, SESSION_LIFETIME_MS, generateSessionToken, hashToken } from '#server/auth/session';
import { type RunningApp, startApp } from '../helpers/app';
import { insertJam } from '../helpers/factories';
import { type RunningSqld, startSqld } from '../helpers/sqld';

const TTL_SECONDS = 2;

let sqld: RunningSqld;
let database: Database;
let first: RunningApp;
let second: RunningApp;
let cookie: string;

beforeAll(async () => {
  sqld = await startSqld();
  database = await openDatabase(sqld.url);
  await migrateDatabase(database);
  const env = { DATABASE_URL: sqld.url, ITINERARY_PAGE_CACHE: 'on', ITINERARY_PAGE_CACHE_TTL: String(TTL_SECONDS) };
  [first, second] = await Promise.all([startApp(env), startApp(env)]);
  const [admin] = await database.insert(users).values({ name: 'scale_admin', isAdmin: true }).returning();
  const token = generateSessionToken();
  await database
    .insert(sessions)
    .values({ id: hashToken(token), userId: admin!.id, expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS) });
  cookie = `${SESSION_COOKIE}=${token}`;
}, 120_000);

afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
  database?.$client.close();
  await sqld?.stop();
});

const page = async (app: RunningApp, path: string) => {
  const response = await fetch(app.url + path);
  return { status: response.status, cache: response.headers.get('x-page-cache'), html: await response.text() };
};

async function edit(app: RunningApp, slug: string, description: string) {
  const response = await fetch(`${app.url}/api/jams/${slug}`, {
    method: 'PATCH',
    headers: { origin: app.url, cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ description }),
  });
  expect(response.status).toBe(200);
}

describe('two app servers on one libSQL server', () => {
  it('both serve the same jam from the shared database', async () => {
    const jam = await insertJam(database, { description: 'Shared by both servers' });
    for (const app of [first, second]) {
      const reply = await page(app, `/jams/${jam.slug}`);
      expect(reply.status).toBe(200);
      expect(reply.html).toContain('Shared by both servers');
    }
  });

  it('shows a write through one server on the other within the page-cache TTL, and at once through the API', async () => {
    const jam = await insertJam(database, { description: 'Before the edit' });
    await page(second, `/jams/${jam.slug}`);
    const cached = await page(second, `/jams/${jam.slug}`);
    expect(cached.cache).toBe('hit');
    expect(cached.html).toContain('Before the edit');

    const wroteAt = Date.now();
    await edit(first, jam.slug, 'After the edit');

    expect((await page(first, `/jams/${jam.slug}`)).html).toContain('After the edit');
    const api = await fetch(`${second.url}/api/jams/${jam.slug}`).then((r) => r.json());
    expect(api.description).toBe('After the edit');

    // The page was cached before the write, so once the TTL has passed the next request re-renders
    // it; readers meanwhile get the old copy (stale-while-revalidate) until that render is done,
    // which on a busy machine can take a second or two (timed by when the request started).
    let seenAt: number | null = null;
    while (Date.now() - wroteAt < (TTL_SECONDS + 5) * 1000) {
      const askedAt = Date.now();
      if ((await page(second, `/jams/${jam.slug}`)).html.includes('After the edit')) {
        seenAt = askedAt;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(seenAt, 'the other server never showed the edit').not.toBeNull();
    expect(seenAt! - wroteAt).toBeLessThanOrEqual(TTL_SECONDS * 1000 + 2500);
  });

  it('lists a jam created through one server on the other once its cached list expires', async () => {
    expect((await page(second, '/explore?q=Scale')).html).not.toContain('Scale Out Jam');
    const created = await fetch(`${first.url}/api/jams`, {
      method: 'POST',
      headers: { origin: first.url, cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Scale Out Jam',
        description: 'Created through the first server.',
        startsAt: new Date(Date.now() + 3_600_000).toISOString(),
        endsAt: new Date(Date.now() + 7_200_000).toISOString(),
      }),
    });
    expect(created.status).toBe(201);
    expect((await page(first, '/explore?q=Scale')).html).toContain('Scale Out Jam');
    await new Promise((resolve) => setTimeout(resolve, TTL_SECONDS * 1000 + 200));
    expect((await page(second, '/explore?q=Scale')).html).toContain('Scale Out Jam');
  });
});
