/**
 * `npm run bench`: throughput and latency of the public pages on the large database, with the
 * page cache on and off, against two baselines measured in the same run. See bench/README.md.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { measureDistributed } from './distributed';
import { measureEdge } from './edge';
import { measureLive } from './live';
import { BENCH_DATABASE, BIG_JAM_SLUG, JAM_COUNT, generateBenchDatabase } from './generate';
import { type Load, load, serverTime } from './measure';
import { loadAverage, machine, table, writeSection } from './results';
import { type SearchTime, searchRows, searchTimes } from './search';
import { DATA, type Server, build, buildAstroHello, startApp, startAstroHello, startBaseline } from './servers';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;
const PER_PAGE = 10;
const LAST_PAGE = Math.ceil(JAM_COUNT / PER_PAGE);
const MIDDLE_PAGE = LAST_PAGE / 2;

interface Page {
  name: string;
  path: string;
  headers?: Record<string, string>;
}

const PAGES: Page[] = [
  { name: 'home', path: '/' },
  { name: 'explore, page 1', path: '/explore' },
  { name: `explore, page ${MIDDLE_PAGE.toLocaleString('en')} (deepest)`, path: `/explore?page=${MIDDLE_PAGE}` },
  { name: 'big jam page', path: `/jams/${BIG_JAM_SLUG}` },
  // As browsers ask for it: brotli, stored compressed in the page cache or compressed per request.
  { name: 'big jam page, brotli', path: `/jams/${BIG_JAM_SLUG}`, headers: { 'accept-encoding': 'gzip, deflate, br' } },
  { name: 'GET /api/jams', path: '/api/jams' },
  { name: '/api/health', path: '/api/health' },
];
const SERVER_TIME_PAGES = [1, MIDDLE_PAGE, LAST_PAGE];

type Mode = 'on' | 'off';
const MODES: Record<Mode, Record<string, string>> = {
  on: { ITINERARY_PAGE_CACHE: 'on' },
  off: { ITINERARY_PAGE_CACHE: 'off' },
};

type Row = { name: string } & Partial<Record<Mode, Load>>;

async function check(server: Server, page: Page, mode: Mode): Promise<Buffer> {
  // fetch asks for compressed bodies and decodes them: fine for checking status and headers.
  await fetch(server.url + page.path);
  const response = await fetch(server.url + page.path);
  if (response.status !== 200) throw new Error(`${page.path} answered ${response.status}`);
  const cacheHeader = response.headers.get('x-page-cache');
  const cacheable = !page.path.startsWith('/api/');
  if (mode !== 'off' && cacheable && cacheHeader !== 'hit')
    throw new Error(`${page.path} was not served from the page cache (${cacheHeader})`);
  if (mode === 'off' && cacheHeader === 'hit') throw new Error(`${page.path} came from the page cache although it is off`);
  return Buffer.from(await response.arrayBuffer());
}

interface Floors {
  baseline: () => Promise<Server>;
  astroHello: Server;
}

/**
 * Runs every row on a fresh server in `mode`; the two floors (bytes from memory, Astro's hello world)
 * are measured right after the jam page, so all three see the same machine.
 */
async function measureServer(mode: Mode, rows: Row[], floors: Floors) {
  const server = await startApp(`app-${mode}`, { DATABASE_URL: `file:${BENCH_DATABASE}`, ...MODES[mode] });
  try {
    for (const [index, page] of PAGES.entries()) {
      const body = await check(server, page, mode);
      if (mode === 'off' && page.name === 'big jam page') writeFileSync(join(DATA, 'jam-page.html'), body);
      console.log(`${mode}: ${page.name} (${(body.byteLength / 1024).toFixed(0)} KiB)`);
      rows[index]![mode] = await load(server.url + page.path, {
        connections: CONNECTIONS,
        seconds: SECONDS,
        headers: page.headers ?? {},
      });
      if (page.name === 'big jam page') {
        console.log(`${mode}: node:http baseline`);
        row(BASELINE)[mode] = await load((await floors.baseline()).url, { connections: CONNECTIONS, seconds: SECONDS });
        console.log(`${mode}: Astro hello world`);
        row(ASTRO_HELLO)[mode] = await load(floors.astroHello.url, { connections: CONNECTIONS, seconds: SECONDS });
      }
    }
    if (mode !== 'off') return { times: [], searches: [] };
    const times = [];
    for (const page of SERVER_TIME_PAGES) {
      console.log(`off: explore page ${page}, one request at a time`);
      times.push({ page, ...(await serverTime(`${server.url}/explore?page=${page}`)) });
    }
    return { times, searches: await searchTimes(server.url) };
  } finally {
    await server.stop();
  }
}

const fmt = (n: number | undefined, digits = 0) =>
  n === undefined ? '—' : n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const cells = (l?: Load) => [fmt(l?.rps), l ? `${l.p50} / ${l.p99}` : '—'];
const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');
const ratio = (a: Load | undefined, b: Load | undefined) => (a && b ? a.rps / b.rps : Number.NaN);

const BASELINE = 'node:http baseline (jam page bytes from memory)';
const ASTRO_HELLO = 'Astro hello world, server-rendered (bench/astro-hello)';
const rows: Row[] = [...PAGES.map((page) => ({ name: page.name })), { name: BASELINE }, { name: ASTRO_HELLO }];
const row = (name: string) => rows.find((candidate) => candidate.name === name)!;

/** The Node build on the embedded database: every row, the floors and the targets; writes the `bench` section. */
async function measureNode(loadAtStart: string): Promise<number> {
  buildAstroHello();
  // Started once (the baseline from the bytes the first server sent for the jam page), idle between their rows.
  let baselineServer: Server | undefined;
  const astroHello = await startAstroHello();
  const floors: Floors = {
    baseline: async () => (baselineServer ??= await startBaseline(join(DATA, 'jam-page.html'))),
    astroHello,
  };
  let times: { page: number; p50: number; p99: number }[] = [];
  let searches: SearchTime[] = [];
  try {
    ({ times, searches } = await measureServer('off', rows, floors));
    await measureServer('on', rows, floors);
  } finally {
    await baselineServer?.stop();
    await astroHello.stop();
  }

  const failures = rows.flatMap((r) => [r.on, r.off]).reduce((sum, l) => sum + (l?.failures ?? 0), 0);
  const cachedPages = PAGES.filter((page) => !page.path.startsWith('/api/') && !page.headers);
  const jamVsHealth = ratio(row('big jam page').off, row('/api/health').off);
  /** Issue 16's miss goals: the jam page ≥ 0.25× Astro's hello world, home and explore ≥ 0.3×. */
  const missGoal = (page: Page) => (page.path.startsWith('/jams/') ? 0.25 : 0.3);

  const loadTable = table(
    ['', 'cache on: req/s', 'p50 / p99 ms', 'cache off: req/s', 'p50 / p99 ms'],
    rows.map((r) => [r.name, ...cells(r.on), ...cells(r.off)]),
  );
  const ratioTable = table(
    ['target', 'measured', 'target met?'],
    [
      ...cachedPages.map((page) => {
        const measured = ratio(row(page.name).on, row(BASELINE).on);
        return [`${page.name}, cached ≥ 0.6× node:http baseline`, `${fmt(measured, 2)}×`, verdict(measured >= 0.6)];
      }),
      ...cachedPages.map((page) => {
        const measured = ratio(row(page.name).off, row(ASTRO_HELLO).off);
        const goal = missGoal(page);
        return [`${page.name}, cache miss ≥ ${goal}× Astro hello world`, `${fmt(measured, 2)}×`, verdict(measured >= goal)];
      }),
      ['big jam page uncached ≥ 0.5× /api/health (same server)', `${fmt(jamVsHealth, 2)}×`, verdict(jamVsHealth >= 0.5)],
      ...times.map((t) => [
        `explore page ${t.page.toLocaleString('en')}, uncached, p50 server time < 10 ms`,
        `${fmt(t.p50, 2)} ms (p99 ${fmt(t.p99, 2)})`,
        verdict(t.p50 < 10),
      ]),
      ...searchRows(searches),
    ],
  );

  const report = `## npm run bench

${machine(loadAtStart)}.
${CONNECTIONS} connections, ${SECONDS} s per row after a 1 s warm-up, no \`Accept-Encoding\` (identity bodies, like the baseline)
except the brotli row; ${JAM_COUNT.toLocaleString('en')} jams, the big jam with 10,000 entries and 90,000 votes. Failed requests: ${failures}.
"cache on" includes the fast path \`scripts/start.ts\` asks before Astro (\`src/server/node/page-cache-fast-path.ts\`).
The two floors — the bytes from memory and Astro's own hello world (\`bench/astro-hello\`, same adapter, no
middleware) — are measured in each server's run right after its jam page row; each ratio uses the floors of the same run.

${loadTable}

Server time: one request at a time on one keep-alive connection, ${PER_PAGE} jams per page, 200 requests after 20 warm-up ones.

${ratioTable}`;
  console.log(`\n${report}\n`);
  writeSection('bench', report);
  return failures;
}

/** `BENCH_ONLY=edge` or `distributed` runs only that part (bench/edge.ts, bench/distributed.ts); a plain run writes all three sections. */
const ONLY = process.env.BENCH_ONLY;
if (ONLY !== undefined && ONLY !== 'edge' && ONLY !== 'distributed' && ONLY !== 'live')
  throw new Error(`BENCH_ONLY must be edge, distributed or live (got ${JSON.stringify(ONLY)})`);
// The live jam needs no large database: its own small one.
if (ONLY === 'live') process.exit(await measureLive());
const loadAtStart = loadAverage();
console.log(`Generating the large database (${JAM_COUNT.toLocaleString('en')} jams) …`);
await generateBenchDatabase();
build();
let failures = ONLY === undefined ? await measureNode(loadAtStart) : 0;
if (ONLY === undefined || ONLY === 'edge') failures += await measureEdge({ connections: CONNECTIONS, seconds: SECONDS });
if (ONLY === undefined) failures += await measureLive();
if (ONLY === undefined || ONLY === 'distributed')
  failures += await measureDistributed({ connections: CONNECTIONS, seconds: SECONDS });
if (failures > 0) process.exitCode = 1;
