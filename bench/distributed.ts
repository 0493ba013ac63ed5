/**
 * The distributed part of `npm run bench` (`BENCH_ONLY=distributed`): the pages a host serves from
 * one machine or several, page cache off, on every way the database can be reached — the Node build
 * on the embedded file, on an embedded replica of a libSQL server, on the server itself with 0 and
 * 20 ms added to each round trip (a delaying proxy inside the bench), and the workerd build on the
 * server with 0 and 20 ms. Writes its own section of RESULTS.md. See bench/README.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { OTHER_BUILDS, buildIfStale } from '../scripts/build-if-stale';
import { SESSION_LIFETIME_MS, generateSessionToken, hashToken } from '../src/server/auth/session';
import { freePort } from '../tests/helpers/ports';
import { type RoundTripProxy, startRoundTripProxy } from '../tests/helpers/round-trip-proxy';
import { startWorkerd } from '../tests/helpers/workerd';
import { BENCH_DATABASE, BIG_JAM_SLUG } from './generate';
import { type Load, load } from './measure';
import { loadAverage, machine, table, writeSection } from './results';
import { type Server, startApp, startSqldWith } from './servers';

const DELAY_MS = 20;
/** Goals: a replica at least this share of the file's rate; 20 ms per round trip adds at most this much to a p50. */
const REPLICA_GOAL = 0.9;
const DELAY_GOAL_MS = 45;

interface Target {
  name: string;
  /** Starts the server; `database` is the libSQL server's address (through the proxy where the target wants delay). */
  start(database: { sqld: string; proxy: string }): Promise<Server>;
  delayMs?: number;
}

const settings = (databaseUrl: string, extra: Record<string, string> = {}) => ({
  DATABASE_URL: databaseUrl,
  ITINERARY_PAGE_CACHE: 'off',
  ...extra,
});

async function startWorker(databaseUrl: string): Promise<Server> {
  const port = await freePort();
  return startWorkerd({
    dist: OTHER_BUILDS.cloudflare.folder,
    port,
    vars: {
      ...settings(databaseUrl),
      ITINERARY_ADMINS: '',
      ITINERARY_DEV_LOGIN: '0',
      PUBLIC_SITE_URL: `http://127.0.0.1:${port}`,
    },
    timeoutMs: 120_000,
  });
}

const replicaFolder = () => mkdtempSync(join(tmpdir(), 'itinerary-bench-replica-'));

const TARGETS: Target[] = [
  { name: 'Node, embedded file', start: () => startApp('distributed-file', settings(`file:${BENCH_DATABASE}`)) },
  {
    name: 'Node, embedded replica of sqld',
    start: async ({ sqld }) => {
      const folder = replicaFolder();
      const server = await startApp(
        'distributed-replica',
        settings(sqld, { DATABASE_REPLICA: `file:${join(folder, 'replica.db')}` }),
      );
      return { ...server, stop: async () => (await server.stop(), rmSync(folder, { recursive: true, force: true })) };
    },
  },
  { name: 'Node on sqld, +0 ms', start: ({ proxy }) => startApp('distributed-remote', settings(proxy)), delayMs: 0 },
  {
    name: `Node on sqld, +${DELAY_MS} ms`,
    start: ({ proxy }) => startApp('distributed-remote-delay', settings(proxy)),
    delayMs: DELAY_MS,
  },
  { name: 'workerd on sqld, +0 ms', start: ({ proxy }) => startWorker(proxy), delayMs: 0 },
  { name: `workerd on sqld, +${DELAY_MS} ms`, start: ({ proxy }) => startWorker(proxy), delayMs: DELAY_MS },
];

interface Page {
  name: string;
  path: string;
  signedIn?: boolean;
}

/** A session for a bench user and the addresses of an entry and its author's profile, written into the file. */
async function prepareDatabase(): Promise<{ cookie: string; pages: Page[] }> {
  const client = createClient({ url: `file:${BENCH_DATABASE}` });
  try {
    const entry = (
      await client.execute({
        sql: `select e.id, u.name from entries e join jams j on j.id = e.jam_id join users u on u.id = e.submitter_id
              where j.slug = ? order by e.id limit 1`,
        args: [BIG_JAM_SLUG],
      })
    ).rows[0]!;
    const token = generateSessionToken();
    await client.execute({
      sql: 'insert into sessions (id, user_id, expires_at, created_at) values (?, (select id from users where name = ?), ?, ?)',
      args: [hashToken(token), String(entry.name), Date.now() + SESSION_LIFETIME_MS, Date.now()],
    });
    await client.execute('pragma wal_checkpoint(truncate)');
    return {
      cookie: `itinerary-token=${token}`,
      pages: [
        { name: 'home', path: '/' },
        { name: 'explore, page 1', path: '/explore' },
        { name: 'big jam page', path: `/jams/${BIG_JAM_SLUG}` },
        { name: 'an entry page', path: `/jams/${BIG_JAM_SLUG}/entries/${String(entry.id)}` },
        { name: 'a profile', path: `/users/${String(entry.name)}` },
        { name: '/api/auth/me, signed in', path: '/api/auth/me', signedIn: true },
      ],
    };
  } finally {
    client.close();
  }
}

type Result = Load | { error: string };
const isLoad = (r?: Result): r is Load => r !== undefined && 'rps' in r;
const fmt = (n: number | undefined, digits = 0) =>
  n === undefined ? '—' : n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function measurePage(url: string, headers: Record<string, string>, options: { connections: number; seconds: number }) {
  try {
    const first = await fetch(url, { headers });
    await first.arrayBuffer();
    if (first.status !== 200) throw new Error(`answered ${first.status}`);
    return await load(url, { ...options, headers });
  } catch (error) {
    return { error: String(error).replace(/^Error: /, '') };
  }
}

/** Measures every target on one sqld and writes the `distributed` section; returns the failed requests. */
export async function measureDistributed(options: { connections: number; seconds: number }): Promise<number> {
  const loadAtStart = loadAverage();
  buildIfStale('cloudflare');
  const { cookie, pages } = await prepareDatabase();
  const sqld = await startSqldWith(BENCH_DATABASE);
  let proxy: RoundTripProxy | undefined;
  const results = new Map<string, Result>();
  try {
    proxy = await startRoundTripProxy(sqld.url);
    for (const target of TARGETS) {
      proxy.setDelay(target.delayMs ?? 0);
      console.log(`distributed: ${target.name}`);
      const server = await target.start({ sqld: sqld.url, proxy: proxy.url });
      try {
        for (const page of pages) {
          const result = await measurePage(server.url + page.path, page.signedIn ? { cookie } : {}, options);
          results.set(`${target.name}|${page.name}`, result);
          console.log(`  ${page.name}: ${isLoad(result) ? `${fmt(result.rps)} req/s, p50 ${result.p50} ms` : result.error}`);
        }
      } finally {
        await server.stop();
      }
    }
  } finally {
    await proxy?.close();
    await sqld.stop();
  }

  const get = (target: string, page: string) => results.get(`${target}|${page}`);
  const cell = (r?: Result) => (isLoad(r) ? [fmt(r.rps), `${r.p50} / ${r.p99}`] : ['—', r?.error ?? '—']);
  const failures = [...results.values()].reduce((sum, r) => sum + (isLoad(r) ? r.failures : 1), 0);
  const loadTable = table(
    ['page', 'target', 'req/s', 'p50 / p99 ms'],
    pages.flatMap((page) => TARGETS.map((t) => [page.name, t.name, ...cell(get(t.name, page.name))])),
  );
  const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');
  const goals = pages.flatMap((page) => {
    const file = get(TARGETS[0]!.name, page.name);
    const replica = get(TARGETS[1]!.name, page.name);
    const rows: string[][] = [];
    if (isLoad(file) && isLoad(replica)) {
      const ratio = replica.rps / file.rps;
      rows.push([`${page.name}: replica ≥ ${REPLICA_GOAL}× file`, `${fmt(ratio, 2)}×`, verdict(ratio >= REPLICA_GOAL)]);
    } else rows.push([`${page.name}: replica ≥ ${REPLICA_GOAL}× file`, 'not measured', '**missed**']);
    for (const host of ['Node', 'workerd']) {
      const at0 = get(`${host} on sqld, +0 ms`, page.name);
      const delayed = get(`${host} on sqld, +${DELAY_MS} ms`, page.name);
      const name = `${page.name}, ${host}: p50 at +${DELAY_MS} ms ≤ p50 at +0 ms + ${DELAY_GOAL_MS} ms`;
      if (!isLoad(at0) || !isLoad(delayed)) rows.push([name, 'not measured', '**missed**']);
      else
        rows.push([
          name,
          `${delayed.p50} ms vs ${at0.p50} ms (+${delayed.p50 - at0.p50})`,
          verdict(delayed.p50 <= at0.p50 + DELAY_GOAL_MS),
        ]);
    }
    return rows;
  });
  const report = `## npm run bench: distributed (one machine or several)

${machine(loadAtStart)}.
The same 100,000-jam database as the Node section, page cache off, ${options.connections} connections, ${options.seconds} s per row after a
1 s warm-up. Targets: the Node build on the embedded file; on an embedded replica (\`DATABASE_REPLICA\`) of one sqld
serving a copy of it; on that sqld over HTTP through a proxy in the bench that adds 0 or ${DELAY_MS} ms to each round trip;
and the workerd build (\`wrangler dev --local\`) on the same proxy. The entry page and the profile are the big jam's first
entry and its author's; \`/api/auth/me\` is asked with that author's session. Failed requests: ${failures}.

${loadTable}

${table(['goal', 'measured', 'goal met?'], goals)}`;
  console.log(`\n${report}\n`);
  writeSection('distributed', report);
  return failures;
}
