/**
 * Embedded replicas (README "More than one machine", ADR 032): two app servers, each on its own
 * embedded replica of one sqld. Reads are local, writes go to the primary; the writer reads its write
 * at once, the other server within the sync interval (not the page cache's TTL, set to ten minutes
 * here). With the primary down, pages and reads still answer from the replicas and writes get 503;
 * once it is back, writes succeed again and nothing acknowledged before was lost.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { jams, sessions, users, votes } from '#db/schema';
import { type Database, migrateDatabase, openDatabase } from '#server/node/database';
import { SESSION_COOKIE, SESSION_LIFETIME_MS, generateSessionToken, hashToken } from '#server/auth/session';
import { type RunningApp, startApp } from '../helpers/app';
import { insertEntry, insertJam, insertVote } from '../helpers/factories';
import { type RunningSqld, startSqld } from '../helpers/sqld';

const SYNC_SECONDS = 1;
/** ITINERARY_DB_DEADLINE_MS of both servers: a frozen primary holds no write longer (ADR 047). */
const DEADLINE_MS = 3000;
/** How long after a write the other server must show it: a sync interval, plus a loaded machine's render. */
const SHOWN_WITHIN_MS = SYNC_SECONDS * 1000 + 2500;
const OUTAGE_LINE = /primary database at \S+ cannot be reached/g;

let sqld: RunningSqld;
let database: Database;
let folder: string;
let first: RunningApp;
let second: RunningApp;
let cookie: string;

beforeAll(async () => {
  sqld = await startSqld();
  database = await openDatabase(sqld.url);
  await migrateDatabase(database);
  // Written before the servers start: each syncs its replica once before its first request.
  const [admin] = await database.insert(users).values({ name: 'replica_admin', isAdmin: true }).returning();
  const token = generateSessionToken();
  await database
    .insert(sessions)
    .values({ id: hashToken(token), userId: admin!.id, expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS) });
  cookie = `${SESSION_COOKIE}=${token}`;
  folder = mkdtempSync(join(tmpdir(), 'itinerary-replicas-'));
  const env = (file: string) => ({
    DATABASE_URL: sqld.url,
    DATABASE_REPLICA: `file:${join(folder, file)}`,
    DATABASE_SYNC_INTERVAL: String(SYNC_SECONDS),
    ITINERARY_PAGE_CACHE: 'on',
    ITINERARY_PAGE_CACHE_TTL: '600',
    ITINERARY_DB_DEADLINE_MS: String(DEADLINE_MS),
  });
  [first, second] = await Promise.all([startApp(env('a.db')), startApp(env('b.db'))]);
}, 120_000);

afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
  database?.$client.close();
  await sqld?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const page = async (app: RunningApp, path: string) => {
  const response = await fetch(app.url + path);
  return { status: response.status, cache: response.headers.get('x-page-cache'), html: await response.text() };
};

const apiJam = async (app: RunningApp, slug: string, asWho?: string) => {
  const response = await fetch(`${app.url}/api/jams/${slug}`, { headers: asWho ? { cookie: asWho } : {} });
  return { status: response.status, body: (await response.json()) as { description?: string } };
};

const edit = (app: RunningApp, slug: string, description: string) =>
  fetch(`${app.url}/api/jams/${slug}`, {
    method: 'PATCH',
    headers: { origin: app.url, cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ description }),
  });

/** When `app`'s page first showed `text` (ms since epoch, when the request started), or null within `withinMs`. */
async function shownAt(app: RunningApp, path: string, text: string, withinMs = 5000): Promise<number | null> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    const askedAt = Date.now();
    const reply = await page(app, path);
    if (reply.status === 200 && reply.html.includes(text)) return askedAt;
    await sleep(100);
  }
  return null;
}

/** Whether `app`'s API finds the jam within `withinMs` (its replica has synced it). */
/** Whether the jam (with `description`, when given) reached the server's replica, read as a visitor through the API. */
async function apiShownAt(app: RunningApp, slug: string, description?: string, withinMs = 5000): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    const reply = await apiJam(app, slug);
    if (reply.status === 200 && (description === undefined || reply.body.description === description)) return true;
    await sleep(100);
  }
  return false;
}

const outageLines = (app: RunningApp) => app.logs().match(OUTAGE_LINE)?.length ?? 0;

let slug: string;
let keptSlug: string;

describe('two app servers on embedded replicas of one libSQL server', () => {
  it('lets the writer read their write at once, and the other server drops its cached page within the sync interval', async () => {
    const jam = await insertJam(database, { description: 'Before the edit' });
    slug = jam.slug;
    for (const app of [first, second]) {
      expect(await shownAt(app, `/jams/${slug}`, 'Before the edit'), 'the jam never reached a replica').not.toBeNull();
    }
    const cached = await page(second, `/jams/${slug}`);
    expect(cached.cache).toBe('hit');
    expect(cached.html).toContain('Before the edit');

    const wroteAt = Date.now();
    expect((await edit(first, slug, 'After the edit')).status).toBe(200);

    // The writer, at once (their reads go to the primary until the replica has the write); the page
    // they wrote on, once the sync the write asked for has come.
    expect((await apiJam(first, slug, cookie)).body.description).toBe('After the edit');
    expect(await shownAt(first, `/jams/${slug}`, 'After the edit', 2000)).not.toBeNull();

    // The other server: its sync brings the write and drops the page it cached for ten minutes.
    const seenAt = await shownAt(second, `/jams/${slug}`, 'After the edit');
    expect(seenAt, 'the other server never showed the edit').not.toBeNull();
    expect(seenAt! - wroteAt).toBeLessThanOrEqual(SHOWN_WITHIN_MS);
    expect((await apiJam(second, slug)).body.description).toBe('After the edit');
  });

  it('answers pages and reads from the replica while the primary is down, and refuses writes with 503', async () => {
    // Acknowledged through the second server just before the outage: it must survive it.
    const kept = await insertJam(database, { description: 'Placeholder' });
    keptSlug = kept.slug;
    expect(await shownAt(second, `/jams/${keptSlug}`, 'Placeholder'), 'the jam never reached a replica').not.toBeNull();
    // The first server's replica too (through the API, which is never cached, so its page stays unasked).
    expect(await apiShownAt(first, keptSlug), 'the jam never reached the first replica').toBe(true);
    expect((await edit(second, keptSlug, 'Acknowledged before the outage')).status).toBe(200);
    // A write is answered at its commit; the sync it asked for brings it to the writer's replica a moment later.
    expect(
      await apiShownAt(second, keptSlug, 'Acknowledged before the outage'),
      'the write never reached its server’s replica',
    ).toBe(true);

    await sqld.halt();

    for (const app of [first, second]) {
      const cached = await page(app, `/jams/${slug}`);
      expect(cached.status).toBe(200);
      expect(cached.html).toContain('After the edit');
      // Never asked of the first server, dropped by its own write on the second: rendered from the replica.
      const rendered = await page(app, `/jams/${keptSlug}`);
      expect(rendered.status).toBe(200);
      expect(rendered.cache).toBe('miss');
      if (app === second) expect(rendered.html).toContain('Acknowledged before the outage');
      expect((await page(app, '/explore')).status).toBe(200);
      expect(await apiJam(app, slug)).toEqual({ status: 200, body: expect.objectContaining({ description: 'After the edit' }) });
      expect((await fetch(`${app.url}/api/jams`)).status).toBe(200);
      // A logged-in read: the session is read from the replica too.
      const me = await fetch(`${app.url}/api/me`, { headers: { cookie } });
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ user: { name: 'replica_admin' } });
    }

    for (const app of [first, second]) {
      const refused = await edit(app, slug, 'Written during the outage');
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await refused.json()).toEqual({
        error: {
          status: 503,
          code: 'upstream_unavailable',
          message: 'The database is busy or unreachable right now. Please try again in a moment.',
        },
      });
    }

    // A few sync intervals of outage: each server says so once, and keeps answering.
    await sleep(SYNC_SECONDS * 3000 + 500);
    for (const app of [first, second]) {
      expect(outageLines(app)).toBe(1);
      expect(app.process.exitCode).toBeNull();
      expect((await page(app, `/jams/${slug}`)).status).toBe(200);
    }
  });

  it('takes writes again once the primary is back, shows them on both servers, and lost nothing acknowledged', async () => {
    await sqld.restart();

    // The first write may meet a connection the old primary left behind; within seconds one succeeds.
    let status = 0;
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && status !== 200) {
      status = (await edit(first, slug, 'After the outage')).status;
      if (status !== 200) await sleep(250);
    }
    expect(status).toBe(200);
    const wroteAt = Date.now();
    // The writer reads the write at once; everyone's page shows it once the sync after it has come.
    expect((await apiJam(first, slug, cookie)).body.description).toBe('After the outage');
    expect(await shownAt(first, `/jams/${slug}`, 'After the outage', 2000)).not.toBeNull();
    const seenAt = await shownAt(second, `/jams/${slug}`, 'After the outage', 8000);
    expect(seenAt, 'the other server never showed the write after the outage').not.toBeNull();
    expect(seenAt! - wroteAt).toBeLessThanOrEqual(SHOWN_WITHIN_MS);

    // The write acknowledged before the outage is on the primary and on both replicas; the refused one nowhere.
    const [onPrimary] = await database.select({ description: jams.description }).from(jams).where(eq(jams.slug, keptSlug));
    expect(onPrimary?.description).toBe('Acknowledged before the outage');
    for (const app of [first, second]) {
      expect(await shownAt(app, `/jams/${keptSlug}`, 'Acknowledged before the outage')).not.toBeNull();
      expect(app.logs()).toMatch(/primary database at \S+ answers again/);
    }
    const descriptions = await database.select({ description: jams.description }).from(jams);
    expect(descriptions.map((row) => row.description)).not.toContain('Written during the outage');

    // The second server writes too, and the first shows it.
    expect((await edit(second, keptSlug, 'Written through the second')).status).toBe(200);
    expect(await shownAt(first, `/jams/${keptSlug}`, 'Written through the second')).not.toBeNull();
  });
});

const createJam = (app: RunningApp, name: string, key?: string) => {
  const startsAt = Date.now() + 2 * 86_400_000;
  return fetch(`${app.url}/api/jams`, {
    method: 'POST',
    headers: { origin: app.url, cookie, 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
    body: JSON.stringify({
      name,
      description: 'Made for the replicas test.',
      body: '',
      imageUrl: '',
      startsAt: new Date(startsAt).toISOString(),
      endsAt: new Date(startsAt + 7 * 86_400_000).toISOString(),
      mystery: false,
    }),
  });
};

describe('writes on replicas: never refused for a replica behind, never held by a frozen primary (issue 54)', () => {
  it('takes a write through one server right after a create through the other', async () => {
    let behind = 0;
    for (let round = 1; round <= 3; round += 1) {
      const made = await createJam(first, `Made on the first ${round}`);
      expect(made.status).toBe(201);
      const { slug: madeSlug } = (await made.json()) as { slug: string };
      // The second server's replica has most likely not synced it yet (a sync a second)…
      if ((await apiJam(second, madeSlug)).status === 404) behind += 1;
      // …and the write is run again after a sync begun after its refusal instead of answering 404.
      const edited = await edit(second, madeSlug, `Edited through the second ${round}`);
      expect(edited.status).toBe(200);
      expect(((await edited.json()) as { description: string }).description).toBe(`Edited through the second ${round}`);
    }
    expect(behind, 'the second replica was never behind: the case was not tried').toBeGreaterThan(0);
  });

  it('answers every write within the deadline and a second while the primary is frozen (SIGSTOP), reads from the replicas', async () => {
    const frozen = sqld.process;
    frozen.kill('SIGSTOP');
    try {
      const timed = async (send: () => Promise<Response>) => {
        const started = performance.now();
        const answer = await send();
        return { status: answer.status, retryAfter: answer.headers.get('retry-after'), ms: performance.now() - started };
      };
      const writes = await Promise.all(
        [first, second].flatMap((app, index) => [
          timed(() => edit(app, slug, `Written during the freeze ${index}`)),
          timed(() => createJam(app, `Made during the freeze ${index}`, `freeze-${index}`)),
          timed(() => edit(app, keptSlug, `Also written during the freeze ${index}`)),
        ]),
      );
      for (const write of writes) {
        expect(write.status).toBe(503);
        expect(write.retryAfter).toMatch(/^\d+$/);
        expect(write.ms).toBeLessThanOrEqual(DEADLINE_MS + 1000);
      }
      console.log(`Writes under a frozen primary answered 503 in ${writes.map((write) => Math.round(write.ms)).join(', ')} ms`);
      for (const app of [first, second]) {
        expect((await apiJam(app, slug)).status).toBe(200);
        expect((await page(app, `/jams/${slug}`)).status).toBe(200);
      }
    } finally {
      frozen.kill('SIGCONT');
    }
    // Thawed: a retry with the same key stores the jam once, whether or not the frozen write went through after all.
    let status = 0;
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && status !== 201 && status !== 409) {
      status = (await createJam(first, 'Made during the freeze 0', 'freeze-0')).status;
      if (status !== 201 && status !== 409) await sleep(250);
    }
    expect([201, 409]).toContain(status);
    const made = await database.select({ id: jams.id }).from(jams).where(eq(jams.name, 'Made during the freeze 0'));
    expect(made).toHaveLength(1);
  });
});

describe('a vote refused by a replica a sync behind (ADR 047, ADR 054)', () => {
  it('confirms a vote over the limit once synced, and counts the vote when the primary had one taken back', async () => {
    const [voter, ...makers] = await database
      .insert(users)
      .values(['replica_voter', 'maker_a', 'maker_b', 'maker_c', 'maker_d'].map((name) => ({ name })))
      .returning();
    const token = generateSessionToken();
    await database
      .insert(sessions)
      .values({ id: hashToken(token), userId: voter!.id, expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS) });
    const asVoter = `${SESSION_COOKIE}=${token}`;
    const jam = await insertJam(database);
    const made = [];
    for (const [n, maker] of makers.entries()) made.push(await insertEntry(database, jam.id, maker.id, 910_000 + n));
    for (const entry of made.slice(0, 3)) await insertVote(database, jam.id, entry.id, voter!.id);
    const used = async () => {
      const response = await fetch(`${second.url}/api/jams/${jam.slug}/my-votes`, { headers: { cookie: asVoter } });
      return response.status === 200 ? ((await response.json()) as { used: number }).used : null;
    };
    const vote = (entryId: number) =>
      fetch(`${second.url}/api/jams/${jam.slug}/entries/${entryId}/vote`, {
        method: 'PUT',
        headers: { origin: second.url, cookie: asVoter },
      });
    await expect.poll(used, { timeout: 5000 }).toBe(3);

    const over = await vote(made[3]!.id);
    expect(over.status).toBe(409);
    expect(((await over.json()) as { error: { message: string } }).error.message).toBe(
      'You have used all 3 of your votes in this jam.',
    );

    let behind = 0;
    for (let round = 0; round < 3; round += 1) {
      // Taken back through another server (straight on the primary): `second`'s replica still shows three votes.
      const taken = made[round]!;
      await database.delete(votes).where(and(eq(votes.entryId, taken.id), eq(votes.voterId, voter!.id)));
      const target = made[(round + 3) % 4]!;
      if ((await used()) === 3) behind += 1;
      const counted = await vote(target.id);
      expect(counted.status).toBe(200);
      expect(((await counted.json()) as { used: number; entryIds: number[] }).entryIds).toContain(target.id);
      await sleep(1500); // the voter's reads go to the replica again once a sync brought their vote
    }
    expect(behind, 'the replica was never behind: the case was not tried').toBeGreaterThan(0);
  });
});

describe('page changes passed between the servers (ADR 056)', () => {
  it('re-renders no page on either server for a vote while the jam runs (no page shows it), as an edit would', async () => {
    const [voter, maker] = await database
      .insert(users)
      .values(['quiet_voter', 'quiet_maker'].map((name) => ({ name })))
      .returning();
    const token = generateSessionToken();
    await database
      .insert(sessions)
      .values({ id: hashToken(token), userId: voter!.id, expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS) });
    const jam = await insertJam(database, { description: 'Votes here change no page' });
    const entry = await insertEntry(database, jam.id, maker!.id, 920_000);
    const path = `/jams/${jam.slug}`;
    for (const app of [first, second]) {
      expect(await shownAt(app, path, 'Votes here change no page'), 'the jam never reached a replica').not.toBeNull();
      await expect.poll(async () => (await page(app, path)).cache, { timeout: 5000 }).toBe('hit');
    }

    const voted = await fetch(`${first.url}/api/jams/${jam.slug}/entries/${entry.id}/vote`, {
      method: 'PUT',
      headers: { origin: first.url, cookie: `${SESSION_COOKIE}=${token}` },
    });
    expect(voted.status).toBe(200);
    await expect.poll(async () => (await database.select().from(votes).where(eq(votes.voterId, voter!.id))).length).toBe(1);
    await sleep(SYNC_SECONDS * 1000 + 1500); // both replicas have synced the vote's frames by now
    // Before ADR 056 any sync that brought frames made every cached page due: the first reader's answer was a miss.
    for (const app of [first, second]) expect((await page(app, path)).cache).toBe('hit');
  });
});
