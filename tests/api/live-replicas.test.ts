/**
 * A live jam on two servers (issue 44, ADR 044), each on its own embedded replica of one sqld: an
 * entry submitted through either server reaches the streams of both, within a sync interval and a
 * poll, with the same event id everywhere.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sessions, users } from '#db/schema';
import { type Database, migrateDatabase, openDatabase } from '#server/node/database';
import { SESSION_COOKIE, SESSION_LIFETIME_MS, generateSessionToken, hashToken } from '#server/auth/session';
import { type Fakes, startFakes } from '../fakes';
import { type RunningApp, startApp } from '../helpers/app';
import { type OpenStream, openStream } from '../helpers/event-stream';
import { insertJam } from '../helpers/factories';
import { type RunningSqld, startSqld } from '../helpers/sqld';

let sqld: RunningSqld;
let database: Database;
let fakes: Fakes;
let folder: string;
let first: RunningApp;
let second: RunningApp;
const cookies: Record<string, string> = {};
const streams: OpenStream[] = [];

beforeAll(async () => {
  sqld = await startSqld();
  database = await openDatabase(sqld.url);
  await migrateDatabase(database);
  for (const name of ['pixel_pioneer', 'cat_coder']) {
    const [user] = await database.insert(users).values({ name }).returning();
    const token = generateSessionToken();
    await database
      .insert(sessions)
      .values({ id: hashToken(token), userId: user!.id, expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS) });
    cookies[name] = `${SESSION_COOKIE}=${token}`;
  }
  fakes = await startFakes();
  folder = mkdtempSync(join(tmpdir(), 'itinerary-live-replicas-'));
  const env = (file: string) => ({
    ...fakes.env,
    DATABASE_URL: sqld.url,
    DATABASE_REPLICA: `file:${join(folder, file)}`,
    DATABASE_SYNC_INTERVAL: '1',
  });
  [first, second] = await Promise.all([startApp(env('a.db')), startApp(env('b.db'))]);
}, 120_000);

afterAll(async () => {
  await Promise.all(streams.map((stream) => stream.close()));
  await Promise.all([first?.stop(), second?.stop()]);
  database?.$client.close();
  await fakes?.close();
  await sqld?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

const submit = (app: RunningApp, slug: string, name: string, scratchId: number) =>
  fetch(`${app.url}/api/jams/${slug}/entries`, {
    method: 'POST',
    headers: { origin: app.url, cookie: cookies[name]!, 'content-type': 'application/json' },
    body: JSON.stringify({ url: `https://scratch.mit.edu/projects/${scratchId}` }),
  });

/** Whether `app`'s replica has the jam yet (its stream answers 200, not 404). */
async function watchWhenSynced(app: RunningApp, slug: string): Promise<OpenStream> {
  for (let tries = 0; tries < 50; tries++) {
    const stream = await openStream(`${app.url}/api/jams/${slug}/events`);
    if (stream.response.status === 200) {
      streams.push(stream);
      return stream;
    }
    await stream.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the jam never reached ${app.url}'s replica`);
}

it('delivers an entry submitted through either server to the streams of both, with the same id', async () => {
  const jam = await insertJam(database);
  const [onFirst, onSecond] = [await watchWhenSynced(first, jam.slug), await watchWhenSynced(second, jam.slug)];
  await Promise.all([onFirst.next((e) => e.event === 'ready'), onSecond.next((e) => e.event === 'ready')]);

  expect((await submit(first, jam.slug, 'pixel_pioneer', 100000001)).status).toBe(201);
  expect((await submit(second, jam.slug, 'cat_coder', 100000002)).status).toBe(201);
  const titles = async (stream: OpenStream) => {
    await stream.next((e) => e.event === 'counts' && (e.data as { entries: number }).entries === 2, 6000);
    return stream.events
      .filter((e) => e.event === 'entry-added')
      .map((e) => [e.id, (e.data as { entry: { title: string } }).entry.title]);
  };
  const [seenFirst, seenSecond] = await Promise.all([titles(onFirst), titles(onSecond)]);
  expect(seenFirst.map(([, title]) => title)).toEqual(['Pixel Quest', 'Cat Platformer']);
  expect(seenSecond).toEqual(seenFirst);
});
