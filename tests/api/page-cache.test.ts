import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jams } from '#db/schema';
import { refreshEveryMs } from '#server/node/page-policy';
import { type Environment, type TestUser, startEnvironment } from '../helpers/environment';
import { insertEntry, insertJam, insertManager } from '../helpers/factories';

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

  it('answers a cached page on arrival with the same security headers as a rendered one (ADR 055)', async () => {
    const jam = await insertJam(env.db);
    const rendered = await env.request(`/jams/${jam.slug}`);
    const cached = await env.request(`/jams/${jam.slug}`);
    expect([rendered.headers.get('x-page-cache'), cached.headers.get('x-page-cache')]).toEqual(['miss', 'hit']);
    for (const name of ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy']) {
      expect(cached.headers.get(name), name).toBe(rendered.headers.get(name));
      expect(cached.headers.get(name), name).toBeTruthy();
    }
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

  it("keeps a running jam's page and the lists cached through votes, whose counts nobody else sees yet", async () => {
    const jam = await insertJam(env.db, { status: 'ongoing', name: 'Vote Through Jam' });
    const author = await env.login('cache_author');
    const voter = await env.login('cache_voter');
    const entry = await insertEntry(env.db, jam.id, author.id, 870_000_001);
    await env.request(`/jams/${jam.slug}`);
    await env.request('/explore?q=Vote%20Through');
    const vote = await env.request(`/api/jams/${jam.slug}/entries/${entry.id}/vote`, { method: 'PUT', as: voter });
    expect(vote.status).toBe(200);
    // Nothing went stale, so the voter's page views need not skip the cache.
    expect(vote.headers.get('set-cookie')).toBeNull();
    expect((await env.request(`/jams/${jam.slug}`)).headers.get('x-page-cache')).toBe('hit');
    expect((await env.request('/explore?q=Vote%20Through')).headers.get('x-page-cache')).toBe('hit');
    const takeBack = await env.request(`/api/jams/${jam.slug}/entries/${entry.id}/vote`, { method: 'DELETE', as: voter });
    expect(takeBack.status).toBe(200);
    expect((await env.request(`/jams/${jam.slug}`)).headers.get('x-page-cache')).toBe('hit');
  });

  it('shows a new entry on the jam page and the lists to its author at once, and to everyone a second later', async () => {
    const jam = await insertJam(env.db, { status: 'ongoing', name: 'Counted Entries Jam' });
    await env.request(`/jams/${jam.slug}`);
    await env.request('/explore?q=Counted%20Entries');
    expect((await env.request('/explore?q=Counted%20Entries')).headers.get('x-page-cache')).toBe('hit');
    const renderedAt = Date.now();
    // A project the fake Scratch API knows, shared by its author (tests/fakes/fixtures.ts).
    const entrant = await env.login('pixel_pioneer');
    const submitted = await env.request(`/api/jams/${jam.slug}/entries`, {
      method: 'POST',
      body: { url: 'https://scratch.mit.edu/projects/100000001/' },
      as: entrant,
    });
    expect(submitted.status).toBe(201);
    const wrote = submitted.headers.get('set-cookie')!.match(/itinerary-wrote=\d+/)![0];
    expect(submitted.headers.get('set-cookie')).toContain('Max-Age=10');

    const authorsView = await env.request(`/jams/${jam.slug}`, { headers: { cookie: `${entrant.headers.cookie}; ${wrote}` } });
    expect(authorsView.headers.get('x-page-cache')).toBe('miss');
    expect(authorsView.body).toContain('Pixel Quest');
    const authorsList = await env.request('/explore?q=Counted%20Entries', { headers: { cookie: wrote } });
    expect(authorsList.headers.get('x-page-cache')).toBe('miss');

    await new Promise((resolve) => setTimeout(resolve, renderedAt + refreshEveryMs() + 50 - Date.now()));
    const visitorsView = await env.request(`/jams/${jam.slug}`);
    expect(visitorsView.body).toContain('Pixel Quest');
  });

  it('shows a join or a leave on the jam page and the lists to the joiner at once (others a second later), and drops nothing for a repeated join', async () => {
    const jam = await insertJam(env.db, { status: 'upcoming', name: 'Counted Joins Jam' });
    await env.request(`/jams/${jam.slug}`);
    await env.request('/explore?q=Counted%20Joins');
    expect((await env.request(`/jams/${jam.slug}`)).headers.get('x-page-cache')).toBe('hit');
    expect((await env.request('/explore?q=Counted%20Joins')).headers.get('x-page-cache')).toBe('hit');
    const joiner = await env.login('cache_joiner');
    const wroteCookie = (reply: { headers: Headers }) => reply.headers.get('set-cookie')?.match(/itinerary-wrote=\d+/)?.[0];

    const joined = await env.request(`/api/jams/${jam.slug}/participation`, { method: 'PUT', as: joiner });
    expect(joined.status).toBe(200);
    const afterJoin = { cookie: wroteCookie(joined)! };
    const page = await env.request(`/jams/${jam.slug}`, { headers: afterJoin });
    expect(page.headers.get('x-page-cache')).toBe('miss');
    expect(page.body).toContain('1 joined');
    expect((await env.request('/explore?q=Counted%20Joins', { headers: afterJoin })).headers.get('x-page-cache')).toBe('miss');

    // Joining again changes nothing: no page goes out of date and the answer sets no cookie.
    const again = await env.request(`/api/jams/${jam.slug}/participation`, { method: 'PUT', as: joiner });
    expect(wroteCookie(again)).toBeUndefined();
    expect((await env.request(`/jams/${jam.slug}`)).headers.get('x-page-cache')).toBe('hit');

    const leftAnswer = await env.request(`/api/jams/${jam.slug}/participation`, { method: 'DELETE', as: joiner });
    const left = await env.request(`/jams/${jam.slug}`, { headers: { cookie: wroteCookie(leftAnswer)! } });
    expect(left.headers.get('x-page-cache')).toBe('miss');
    expect(left.body).toContain('0 joined');
  });

  const together = (path: string, readers = 12) => Promise.all(Array.from({ length: readers }, () => env.request(path)));
  const sources = (replies: { headers: Headers }[]) => replies.map((reply) => reply.headers.get('x-page-cache'));

  it('renders a page once for many readers arriving together, and gives them all that render', async () => {
    const jam = await insertJam(env.db, { status: 'ongoing', name: 'Crowded Jam' });
    const replies = await together(`/jams/${jam.slug}`);
    expect(replies.map((reply) => reply.status)).toEqual(replies.map(() => 200));
    expect(sources(replies).filter((source) => source === 'miss')).toHaveLength(1);
    expect(sources(replies).filter((source) => source !== 'miss')).toEqual(replies.slice(1).map(() => 'hit'));
    expect(new Set(replies.map((reply) => reply.body)).size).toBe(1);
  });

  it('lets the previous page stand in while it is re-rendered after a new entry, rendering it once', async () => {
    const jam = await insertJam(env.db, { status: 'ongoing', name: 'Rushed Jam' });
    const before = await env.request(`/jams/${jam.slug}`);
    const entrant = await env.login('sprite_smith');
    const submitted = await env.request(`/api/jams/${jam.slug}/entries`, {
      method: 'POST',
      body: { url: 'https://scratch.mit.edu/projects/900000101/' },
      as: entrant,
    });
    expect(submitted.status).toBe(201);
    // Entries make a page's re-render due an interval after its render at the soonest (refreshEveryMs()).
    await new Promise((resolve) => setTimeout(resolve, refreshEveryMs()));
    const replies = await together(`/jams/${jam.slug}`);
    expect(sources(replies).filter((source) => source === 'miss')).toHaveLength(1);
    for (const reply of replies) {
      expect(['miss', 'hit', 'stale']).toContain(reply.headers.get('x-page-cache'));
      if (reply.headers.get('x-page-cache') === 'miss') expect(reply.body).toContain('Orbit Runner');
      // The others get the previous page while the one render runs (or the new one once it is kept).
      else if (reply.body !== before.body) expect(reply.body).toContain('Orbit Runner');
      if (reply.headers.get('x-page-cache') === 'stale') expect(reply.headers.get('cache-control')).toBe('no-cache');
    }
    // Within the lag the previous page is a hit: past it, it would only stand in as stale.
    expect(replies.filter((reply) => reply.body === before.body).length).toBeGreaterThan(0);
  });

  it("never lets an edited jam's old page stand in: the edit may have hidden its body", async () => {
    const jam = await insertJam(env.db, { status: 'upcoming', body: 'THE THEME IS BUBBLES' });
    const admin = await env.login('cache_admin', { isAdmin: true });
    expect((await env.request(`/jams/${jam.slug}`)).body).toContain('THE THEME IS BUBBLES');
    const edit = await env.request(`/api/jams/${jam.slug}/advanced`, { method: 'PUT', body: { mystery: true }, as: admin });
    expect(edit.status).toBe(200);
    const replies = await together(`/jams/${jam.slug}`);
    expect(sources(replies)).not.toContain('stale');
    for (const reply of replies) expect(reply.body).not.toContain('THE THEME IS BUBBLES');
  });

  it("never lets a page stand in past the jam's next moment, even while it is re-rendered", async () => {
    const startsAt = new Date(Date.now() + 1500);
    const jam = await insertJam(env.db, {
      mystery: true,
      body: 'STARTED THEME',
      startsAt,
      endsAt: new Date(Date.now() + 3_600_000),
    });
    expect((await env.request(`/jams/${jam.slug}`)).body).not.toContain('STARTED THEME');
    // The page expires at the start: the readers that find it expired all get the new render.
    await new Promise((resolve) => setTimeout(resolve, startsAt.getTime() - Date.now() + 100));
    const replies = await together(`/jams/${jam.slug}`);
    expect(sources(replies)).not.toContain('stale');
    for (const reply of replies) expect(reply.body).toContain('STARTED THEME');
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
