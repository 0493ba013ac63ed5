/**
 * `npm start` with several server processes on one machine (ITINERARY_PROCESSES, ADR 045): one port,
 * one page cache in effect, one count per rate limit, and all of them gone with their primary.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '#db/schema';
import { SESSION_COOKIE, SESSION_LIFETIME_MS, generateSessionToken, hashToken } from '#server/auth/session';
import { migrateDatabase, openDatabase } from '#server/node/database';
import { type RunningApp, startApp } from '../helpers/app';
import { insertEntry, insertJam } from '../helpers/factories';
import { RATE_LIMITS } from '#server/http/rate-limits';

const folder = mkdtempSync(join(tmpdir(), 'itinerary-cluster-'));
const databaseUrl = `file:${join(folder, 'cluster.db')}`;
let app: RunningApp;
let slug: string;
let entryId: number;
const cookies: Record<'admin' | 'player', string> = { admin: '', player: '' };

/** A request on a connection of its own, so the cluster's primary hands each to the next server process. */
function fresh(
  method: string,
  path: string,
  { cookie, body }: { cookie?: string; body?: unknown } = {},
): Promise<{ status: number; text: string; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(`${app.url}${path}`, {
      method,
      agent: false,
      headers: {
        origin: app.url,
        ...(cookie ? { cookie } : {}),
        ...(payload ? { 'content-type': 'application/json' } : {}),
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, text, headers: res.headers }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** The process ids of a primary's server processes. */
const serversOf = (primary: number) =>
  execFileSync('ps', ['-o', 'pid=', '--ppid', String(primary)], { encoding: 'utf8' })
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((pid) => pid > 0);

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

beforeAll(async () => {
  const database = await openDatabase(databaseUrl);
  await migrateDatabase(database);
  const [admin, player, maker] = await database
    .insert(users)
    .values([{ name: 'cluster_admin', isAdmin: true }, { name: 'cluster_player' }, { name: 'cluster_maker' }])
    .returning();
  const jam = await insertJam(database, { name: 'Two Servers Jam' });
  slug = jam.slug;
  entryId = (await insertEntry(database, jam.id, maker!.id, 700_001)).id;
  for (const [who, user] of [
    ['admin', admin!],
    ['player', player!],
  ] as const) {
    const token = generateSessionToken();
    await database
      .insert(sessions)
      .values({ id: hashToken(token), userId: user.id, expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS) });
    cookies[who] = `${SESSION_COOKIE}=${token}`;
  }
  database.$client.close();
  app = await startApp({ DATABASE_URL: databaseUrl, ITINERARY_PROCESSES: '2' });
});

afterAll(async () => {
  await app?.stop();
  rmSync(folder, { recursive: true, force: true });
});

describe('several server processes on one machine', () => {
  it('listen on one port and say so once', () => {
    const lines = app.logs().match(/^Itinerary listening on .*$/gm);
    expect(lines).toEqual([`Itinerary listening on ${app.url} (2 server processes)`]);
    expect(serversOf(app.process.pid!)).toHaveLength(2);
  });

  it('never show a jam page from before an edit made through another process', async () => {
    const sources: string[] = [];
    for (let i = 0; i < 8; i++) {
      const page = await fresh('GET', `/jams/${slug}`);
      expect(page.text).toContain('Two Servers Jam');
      sources.push(String(page.headers['x-page-cache']));
    }
    // Each process rendered the page once (connections go to them in turn) and keeps it.
    expect(sources.filter((source) => source === 'miss')).toEqual(['miss', 'miss']);
    expect(sources.slice(-4)).toEqual(['hit', 'hit', 'hit', 'hit']);

    const edited = await fresh('PATCH', `/api/jams/${slug}`, {
      cookie: cookies.admin,
      body: { description: 'Edited through one of the two' },
    });
    expect(edited.status).toBe(200);
    for (let i = 0; i < 4; i++) {
      const page = await fresh('GET', `/jams/${slug}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain('Edited through one of the two');
    }
  });

  it('read a write made through another process at once', async () => {
    for (let round = 0; round < 3; round++) {
      const method = round % 2 === 0 ? 'PUT' : 'DELETE';
      const changed = await fresh(method, `/api/jams/${slug}/participation`, { cookie: cookies.player });
      expect(changed.status).toBe(200);
      for (let i = 0; i < 4; i++) {
        const viewer = await fresh('GET', `/api/jams/${slug}/viewer`, { cookie: cookies.player });
        expect(JSON.parse(viewer.text).joined).toBe(method === 'PUT');
      }
    }
  });

  it('take writes through both at once in turn, none refused, and then agree on what was written last', async () => {
    const edits = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        fresh('PATCH', `/api/jams/${slug}`, { cookie: cookies.admin, body: { description: `Edit number ${i}` } }),
      ),
    );
    expect(edits.map((edit) => edit.status)).toEqual(edits.map(() => 200));
    const seen = new Set<string>();
    for (let i = 0; i < 4; i++) seen.add(JSON.parse((await fresh('GET', `/api/jams/${slug}`)).text).description);
    expect(seen.size).toBe(1);
    expect([...seen][0]).toMatch(/^Edit number \d+$/);
  });

  it('count a rate limit once for all of them', async () => {
    const path = `/api/jams/${slug}/entries/${entryId}/play`;
    const { capacity, perMs } = RATE_LIMITS.plays;
    // The bucket refills evenly (a token a second here): on a slow machine the requests themselves take
    // seconds, so as many more pass as refilled meanwhile. Counted per process, twice the capacity would.
    const started = Date.now();
    const answers: { status: number; text: string }[] = [];
    while (answers.length < 2 * capacity && answers.at(-1)?.status !== 429)
      answers.push(await fresh('PUT', path, { cookie: cookies.player }));
    const refilled = Math.ceil(((Date.now() - started) * capacity) / perMs);
    const past = answers.at(-1)!;
    const allowed = answers.slice(0, -1);
    expect(past.status).toBe(429);
    expect(JSON.parse(past.text).error.code).toBe('rate_limited');
    expect(allowed.map((answer) => answer.status)).toEqual(allowed.map(() => 204));
    expect(allowed.length).toBeGreaterThanOrEqual(capacity);
    expect(allowed.length).toBeLessThanOrEqual(capacity + refilled);
  });

  it('end with their primary, even when it is killed without a word', async () => {
    const other = await startApp({ DATABASE_URL: databaseUrl, ITINERARY_PROCESSES: '2' });
    const servers = serversOf(other.process.pid!);
    expect(servers).toHaveLength(2);
    await other.stop('SIGKILL');
    await expect.poll(() => servers.filter(alive), { timeout: 5000 }).toEqual([]);
  });

  it('finish their requests and exit on SIGTERM', async () => {
    const servers = serversOf(app.process.pid!);
    expect(await app.stop()).toBe(0);
    expect(servers.filter(alive)).toEqual([]);
  });
});
