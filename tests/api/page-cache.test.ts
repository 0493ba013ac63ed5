import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jams } from '#db/schema';
import { type Environment, type TestUser, startEnvironment } from '../helpers/environment';
import { insertJam, insertManager } from '../helpers/factories';

let env: Environment;
let manager: TestUser;

beforeAll(async () => {
  env = await startEnvironment({ ITINERARY_PAGE_CACHE_TTL: '600' });
  manager = await env.login('cache_manager');
});
afterAll(() => env?.close());

describe('the page cache', () => {
  it('serves a public page from memory the second time, with an ETag that answers 304', async () => {
    const jam = await insertJam(env.db);
    const first = await env.request(`/jams/${jam.slug}`);
    expect(first.headers.get('x-page-cache')).toBe('miss');
    const second = await env.request(`/jams/${jam.slug}`);
    expect(second.headers.get('x-page-cache')).toBe('hit');
    expect(second.body).toBe(first.body);
    const etag = second.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    const notModified = await env.request(`/jams/${jam.slug}`, { headers: { 'if-none-match': etag } });
    expect(notModified.status).toBe(304);
    expect(second.headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=\d+(, stale-while-revalidate=\d+)?$/);
  });

  it('drops a jam page as soon as the jam is edited through the API', async () => {
    const jam = await insertJam(env.db, { description: 'Before the edit' });
    await insertManager(env.db, jam.id, manager.id);
    expect((await env.request(`/jams/${jam.slug}`)).body).toContain('Before the edit');
    expect((await env.request(`/jams/${jam.slug}`)).headers.get('x-page-cache')).toBe('hit');
    const edit = await env.request(`/api/jams/${jam.slug}`, {
      method: 'PATCH',
      body: { description: 'After the edit' },
      as: manager,
    });
    expect(edit.status).toBe(200);
    const page = await env.request(`/jams/${jam.slug}`);
    expect(page.headers.get('x-page-cache')).toBe('miss');
    expect(page.body).toContain('After the edit');
  });

  it('drops the lists when a jam changes, so explore shows a renamed jam at once', async () => {
    const jam = await insertJam(env.db, { name: 'Listed Before' });
    await insertManager(env.db, jam.id, manager.id);
    expect((await env.request('/explore?q=Listed')).body).toContain('Listed Before');
    await env.request(`/api/jams/${jam.slug}`, { method: 'PATCH', body: { name: 'Listed After' }, as: manager });
    expect((await env.request('/explore?q=Listed')).body).toContain('Listed After');
  });

  it('reveals a mystery body at the start without any write', async () => {
    const startsAt = new Date(Date.now() + 2500);
    const jam = await insertJam(env.db, {
      mystery: true,
      body: 'SURPRISE THEME',
      startsAt,
      endsAt: new Date(Date.now() + 3_600_000),
    });
    const before = await env.request(`/jams/${jam.slug}`);
    expect(before.body).not.toContain('SURPRISE THEME');
    expect((await env.request(`/jams/${jam.slug}`)).headers.get('x-page-cache')).toBe('hit');
    await new Promise((resolve) => setTimeout(resolve, startsAt.getTime() - Date.now() + 300));
    const after = await env.request(`/jams/${jam.slug}`);
    expect(after.body).toContain('SURPRISE THEME');
  });

  it('tells shared caches that the root page varies by locale cookie and language', async () => {
    const home = await env.request('/');
    expect(home.status).toBe(200);
    expect(home.headers.get('vary')).toBe('Accept-Encoding, Cookie, Accept-Language');
    expect((await env.request('/explore')).headers.get('vary')).toBe('Accept-Encoding');
  });

  it('never caches pages that depend on the visitor', async () => {
    const admin = await env.login('cache_admin', { isAdmin: true });
    const page = await env.request('/jams/new', { as: admin });
    expect(page.status).toBe(200);
    expect(page.headers.get('x-page-cache')).toBeNull();
    const jam = (await env.db.select().from(jams).limit(1))[0]!;
    const api = await env.request(`/api/jams/${jam.slug}/viewer`, { as: admin });
    expect(api.headers.get('cache-control')).toBe('private, no-store');
    expect(await env.db.select().from(jams).where(eq(jams.id, jam.id))).toHaveLength(1);
  });
});
