/**
 * A live jam (issue 44, ADR 044): `GET /api/jams/{slug}/events` streams what happens to a jam. Events
 * are written with the writes they describe, replayed after `Last-Event-ID`, never show a hidden
 * entry or a vote count, and reach a second server on the same database; a server holds a capped
 * number of streams and ends them on SIGTERM.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jamEvents } from '#db/schema';
import { type Environment, type TestUser, startEnvironment } from '../helpers/environment';
import { type OpenStream, openStream } from '../helpers/event-stream';
import { type RunningApp, startApp } from '../helpers/app';
import { insertEntry, insertJam, insertManager } from '../helpers/factories';

const HOUR = 3_600_000;
let env: Environment;
let second: RunningApp;
let pixel: TestUser, cat: TestUser, manager: TestUser;
const streams: OpenStream[] = [];

beforeAll(async () => {
  env = await startEnvironment();
  // A second server on the same database, holding at most two streams.
  second = await startApp({ DATABASE_URL: env.databaseUrl, ...env.fakes.env, ITINERARY_LIVE_STREAMS: '2' });
  pixel = await env.login('pixel_pioneer');
  cat = await env.login('cat_coder');
  manager = await env.login('live_manager');
}, 120_000);
// Each test's streams end with it, so the second server's two places are free for the next.
afterEach(async () => {
  await Promise.all(streams.splice(0).map((stream) => stream.close()));
  await new Promise((resolve) => setTimeout(resolve, 200));
});
afterAll(async () => {
  await second?.stop();
  await env?.close();
});

const watch = async (slug: string, headers: Record<string, string> = {}, app: { url: string } = env.app) => {
  const stream = await openStream(`${app.url}/api/jams/${slug}/events`, headers);
  streams.push(stream);
  return stream;
};
const submit = (slug: string, scratchId: number, as: TestUser) =>
  env.request(`/api/jams/${slug}/entries`, {
    method: 'POST',
    body: { url: `https://scratch.mit.edu/projects/${scratchId}` },
    as,
  });
const named = (name: string) => (event: { event: string }) => event.event === name;

describe('the stream', () => {
  it('is an uncompressed, uncached event stream that opens with `ready`', async () => {
    const jam = await insertJam(env.db);
    const stream = await watch(jam.slug, { 'accept-encoding': 'br, gzip' });
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers.get('cache-control')).toBe('no-store, no-transform');
    expect(stream.response.headers.get('content-encoding')).toBeNull();
    const ready = await stream.next(named('ready'));
    expect(ready.data).toEqual({ jam: jam.slug });
    expect(ready.id).toMatch(/^\d+$/);
  });

  it('answers 404 in the JSON error shape for a jam that does not exist', async () => {
    const reply = await env.request('/api/jams/no-such-jam-here/events');
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ error: { status: 404, code: 'not_found', message: 'There is no game jam at this address.' } });
  });
});

describe('events', () => {
  it('sends a submitted entry with the counts to every open stream, on both servers', async () => {
    const jam = await insertJam(env.db);
    const [here, there] = await Promise.all([watch(jam.slug), watch(jam.slug, {}, second)]);
    await Promise.all([here.next(named('ready')), there.next(named('ready'))]);
    expect((await submit(jam.slug, 100000001, pixel)).status).toBe(201);
    for (const stream of [here, there]) {
      const added = await stream.next(named('entry-added'));
      expect(added.data).toEqual({
        entry: {
          id: expect.any(Number),
          scratchId: 100000001,
          title: 'Pixel Quest',
          thumbnailUrl: 'https://cdn2.scratch.mit.edu/get_image/project/100000001_480x360.png',
          authorName: 'pixel_pioneer',
          submittedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        },
        counts: { entries: 1, participants: 1 },
      });
      const counts = await stream.next(named('counts'));
      expect(counts).toEqual({ id: added.id, event: 'counts', data: { entries: 1, participants: 1 } });
    }
  });

  it('replays what a reconnecting client missed after its Last-Event-ID, and nothing before', async () => {
    const jam = await insertJam(env.db);
    const first = await watch(jam.slug);
    const ready = await first.next(named('ready'));
    await submit(jam.slug, 100000001, pixel);
    const added = await first.next(named('entry-added'));
    await submit(jam.slug, 100000002, cat);
    await first.next((event) => event.event === 'entry-added' && event.id !== added.id);
    await first.close();

    const again = await watch(jam.slug, { 'last-event-id': ready.id! });
    const replayed = await again.next((event) => event.event === 'counts' && (event.data as { entries: number }).entries === 2);
    expect(again.events.map((event) => event.event)).toEqual(['ready', 'entry-added', 'counts', 'entry-added', 'counts']);
    expect(again.events[0]!.id).toBe(ready.id);
    const later = await watch(jam.slug, { 'last-event-id': replayed.id! });
    await later.next(named('ready'));
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(later.events.map((event) => event.event)).toEqual(['ready']);
  });

  it('sends a withdrawn entry with the counts it leaves', async () => {
    const jam = await insertJam(env.db);
    const stream = await watch(jam.slug);
    await stream.next(named('ready'));
    const entry = (await submit(jam.slug, 100000001, pixel)).body as { id: number };
    await stream.next(named('entry-added'));
    expect((await env.request(`/api/jams/${jam.slug}/entries/${entry.id}`, { method: 'DELETE', as: pixel })).status).toBe(204);
    const withdrawn = await stream.next(named('entry-withdrawn'));
    expect(withdrawn.data).toEqual({ entryId: entry.id, counts: { entries: 0, participants: 1 } });
  });

  it('never shows an entry of a jam that hides its entries: only the counts', async () => {
    const jam = await insertJam(env.db, { hiddenEntries: true });
    const stream = await watch(jam.slug);
    await stream.next(named('ready'));
    await submit(jam.slug, 100000001, pixel);
    expect((await stream.next(named('counts'))).data).toEqual({ entries: 1, participants: 1 });
    expect(stream.events.map((event) => event.event)).toEqual(['ready', 'counts']);
    const [row] = await env.db.select().from(jamEvents).where(eqJam(jam.id));
    expect(row!.data).toEqual({ entry: null, counts: { entries: 1, participants: 1 } });
  });

  it('says when the clock closes voting, and the results of an automatic jam, once however many watch', async () => {
    const now = Date.now();
    const jam = await insertJam(env.db, { startsAt: new Date(now - HOUR), endsAt: new Date(now + 1500) });
    const [here, there] = await Promise.all([watch(jam.slug), watch(jam.slug, {}, second)]);
    for (const stream of [here, there]) {
      expect((await stream.next(named('phase'))).data).toEqual({ phase: 'voting-closed' });
      expect((await stream.next(named('results'))).data).toEqual({ slug: jam.slug });
    }
    const rows = await env.db.select().from(jamEvents).where(eqJam(jam.id));
    expect(rows.map((row) => row.key)).toEqual(['phase:voting-closed', 'results']);
  });

  it('sends `results` when a manager publishes manual results, and no vote count before', async () => {
    const now = Date.now();
    const jam = await insertJam(env.db, { startsAt: new Date(now - 3 * HOUR), endsAt: new Date(now - HOUR), results: 'manual' });
    await insertManager(env.db, jam.id, manager.id);
    await insertEntry(env.db, jam.id, pixel.id, 100000001);
    const stream = await watch(jam.slug);
    await stream.next(named('ready'));
    expect((await env.request(`/api/jams/${jam.slug}/results`, { method: 'PUT', as: manager })).status).toBe(200);
    expect((await stream.next(named('results'))).data).toEqual({ slug: jam.slug });
    // Pressing again publishes nothing more.
    await env.request(`/api/jams/${jam.slug}/results`, { method: 'PUT', as: manager });
    const rows = await env.db.select().from(jamEvents).where(eqJam(jam.id));
    expect(rows.map((row) => row.kind)).toEqual(['results']);
    expect(JSON.stringify(stream.events)).not.toMatch(/vote/i);
  });
});

describe('a server’s streams', () => {
  it('are capped: past the cap, 503 with Retry-After in the JSON error shape', async () => {
    const jam = await insertJam(env.db);
    const open = [await watch(jam.slug, {}, second), await watch(jam.slug, {}, second)];
    await Promise.all(open.map((stream) => stream.next(named('ready'))));
    const refused = await fetch(`${second.url}/api/jams/${jam.slug}/events`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('10');
    expect(await refused.json()).toEqual({
      error: {
        status: 503,
        code: 'upstream_unavailable',
        message: 'Too many people are watching live on this server right now. Please try again in a moment.',
      },
    });
    await open[0]!.close();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const room = await watch(jam.slug, {}, second);
    expect(room.response.status).toBe(200);
  });

  it('end on SIGTERM, and the server exits at once', async () => {
    const jam = await insertJam(env.db);
    const stream = await watch(jam.slug, {}, second);
    await stream.next(named('ready'));
    const started = Date.now();
    const code = await second.stop('SIGTERM');
    await stream.ended;
    expect(code, second.logs().slice(-3000)).toBe(0);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

const eqJam = (jamId: number) => eq(jamEvents.jamId, jamId);
