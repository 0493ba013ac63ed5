/**
 * `npm run bench`: throughput and latency of the public pages on the large database, with the
 * page cache on and off, against two baselines measured in the same run. See bench/README.md.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH_DATABASE, BIG_JAM_SLUG, JAM_COUNT, generateBenchDatabase } from './generate';
import { type Load, load, serverTime } from './measure';
import { loadAverage, machine, table, writeSection } from './results';
import { DATA, type Server, build, startApp, startBaseline } from './servers';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;
const PER_PAGE = 10;
const LAST_PAGE = Math.ceil(JAM_COUNT / PER_PAGE);
const MIDDLE_PAGE = LAST_PAGE / 2;

const BROWSER_ENCODING = { 'accept-encoding': 'gzip, deflate, br' };
const PAGES: { name: string; path: string; headers?: Record<string, string> }[] = [
  { name: 'home', path: '/' },
  { name: 'explore, page 1', path: '/explore' },
  { name: `explore, page ${MIDDLE_PAGE.toLocaleString('en')} (deepest)`, path: `/explore?page=${MIDDLE_PAGE}` },
  { name: 'big jam page', path: `/jams/${BIG_JAM_SLUG}` },
  // As browsers ask for it: brotli, stored compressed in the page cache or compressed per request.
  { name: 'big jam page, brotli', path: `/jams/${BIG_JAM_SLUG}`, headers: BROWSER_ENCODING },
  { name: 'GET /api/jams', path: '/api/jams' },
];
const SERVER_TIME_PAGES = [1, MIDDLE_PAGE, LAST_PAGE];

type Row = { name: string; on?: Load; off?: Load; baseline?: Load };

async function check(server: Server, path: string, cache: 'on' | 'off'): Promise<Buffer> {
  // fetch asks for compressed bodies and decodes them: fine for checking status and headers.
  await fetch(server.url + path);
  const response = await fetch(server.url + path);
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  const cacheHeader = response.headers.get('x-page-cache');
  if (cache === 'on' && !path.startsWith('/api/') && cacheHeader !== 'hit') throw new Error(`${path} was not served from the page cache (${cacheHeader})`);
  if (cache === 'off' && cacheHeader === 'hit') throw new Error(`${path} came from the page cache although it is off`);
  return Buffer.from(await response.arrayBuffer());
}

async function measureServer(cache: 'on' | 'off', rows: Row[]) {
  const server = await startApp(`app-cache-${cache}`, { DATABASE_URL: `file:${BENCH_DATABASE}`, ITINERARY_PAGE_CACHE: cache });
  try {
    for (const [index, page] of PAGES.entries()) {
      const body = await check(server, page.path, cache);
      if (cache === 'off' && page.path.startsWith('/jams/') && !page.headers) writeFileSync(join(DATA, 'jam-page.html'), body);
      console.log(`cache ${cache}: ${page.name} (${(body.byteLength / 1024).toFixed(0)} KiB)`);
      rows[index]![cache] = await load(server.url + page.path, { connections: CONNECTIONS, seconds: SECONDS, headers: page.headers ?? {} });
    }
    console.log(`cache ${cache}: /api/health`);
    const health = await load(`${server.url}/api/health`, { connections: CONNECTIONS, seconds: SECONDS });
    rows.find((row) => row.name === '/api/health')![cache] = health;
    if (cache === 'on') return [];
    const times = [];
    for (const page of SERVER_TIME_PAGES) {
      console.log(`cache off: explore page ${page}, one request at a time`);
      times.push({ page, ...(await serverTime(`${server.url}/explore?page=${page}`)) });
    }
    return times;
  } finally {
    await server.stop();
  }
}

const fmt = (n: number | undefined, digits = 0) => (n === undefined ? '—' : n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits }));
const cells = (l?: Load) => [fmt(l?.rps), l ? `${l.p50} / ${l.p99}` : '—'];
const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');

const loadAtStart = loadAverage();
console.log(`Generating the large database (${JAM_COUNT.toLocaleString('en')} jams) …`);
await generateBenchDatabase();
build();

const rows: Row[] = [...PAGES.map((page) => ({ name: page.name })), { name: '/api/health' }, { name: 'node:http baseline (jam page bytes from memory)' }];
await measureServer('on', rows);
const times = await measureServer('off', rows);
console.log('baseline: node:http with the jam page in memory');
const baseline = await startBaseline(join(DATA, 'jam-page.html'));
try {
  rows.at(-1)!.baseline = await load(baseline.url, { connections: CONNECTIONS, seconds: SECONDS });
} finally {
  await baseline.stop();
}

const failures = rows.flatMap((row) => [row.on, row.off, row.baseline]).reduce((sum, l) => sum + (l?.failures ?? 0), 0);
const baselineRps = rows.at(-1)!.baseline!.rps;
const jamRow = rows.find((row) => row.name === 'big jam page')!;
const healthOff = rows.find((row) => row.name === '/api/health')!.off!;
const cachedRatios = PAGES.filter((page) => !page.path.startsWith('/api/') && !page.headers).map((page) => {
  const row = rows.find((candidate) => candidate.name === page.name)!;
  return { name: page.name, ratio: row.on!.rps / baselineRps };
});
const jamVsHealth = jamRow.off!.rps / healthOff.rps;

const loadTable = table(
  ['', 'cache on: req/s', 'p50 / p99 ms', 'cache off: req/s', 'p50 / p99 ms'],
  rows.map((row) => [row.name, ...cells(row.on ?? row.baseline), ...cells(row.off)]),
);
const ratioTable = table(
  ['target', 'measured', 'target met?'],
  [
    ...cachedRatios.map(({ name, ratio }) => [`${name}, cached ≥ 0.5× node:http baseline`, `${fmt(ratio, 2)}×`, verdict(ratio >= 0.5)]),
    ['big jam page uncached ≥ 0.5× /api/health (same server)', `${fmt(jamVsHealth, 2)}×`, verdict(jamVsHealth >= 0.5)],
    ...times.map((t) => [`explore page ${t.page.toLocaleString('en')}, uncached, p50 server time < 10 ms`, `${fmt(t.p50, 2)} ms (p99 ${fmt(t.p99, 2)})`, verdict(t.p50 < 10)]),
  ],
);

const report = `## npm run bench

${machine(loadAtStart)}.
${CONNECTIONS} connections, ${SECONDS} s per row after a 1 s warm-up, no \`Accept-Encoding\` (identity bodies, like the baseline) except the brotli row;
${JAM_COUNT.toLocaleString('en')} jams, the big jam with 10,000 entries and 90,000 votes. Failed requests: ${failures}.

${loadTable}

Server time: one request at a time on one keep-alive connection, ${PER_PAGE} jams per page, 200 requests after 20 warm-up ones.

${ratioTable}`;
console.log(`\n${report}\n`);
writeSection('bench', report);
if (failures > 0) process.exitCode = 1;
