/**
 * `npm run bench:rush`: a deadline rush on the large database. For BENCH_SECONDS (60), at once:
 * 200 visitors' keep-alive connections read the big jam's page (entry pages 1–5), home and
 * explore; 50 logged-in readers read the viewer and my-votes API of the big jam; and the writers
 * of `bench:spike` (500 users, 1,000 submissions, 10,000 votes), with 5,000 plays of theirs, write to the big jam. Reports the
 * reads per route, the page cache's hit rate, and the spike's write checks. See bench/README.md.
 * RUSH_ONLY=reads (or writes) runs one side alone, for comparison.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { jams } from '#db/schema';
import { openDatabase } from '#server/node/database';
import { BENCH_DATABASE, BIG_JAM_SLUG, JAM_COUNT, generateBenchDatabase } from './generate';
import { type ReadResult, type ReaderGroup, type RouteResult, readInWorker } from './readers';
import { loadAverage, machine, table, writeSection } from './results';
import { DATA, build, startApp, startBaseline } from './servers';
import {
  PLAYS_PER_USER,
  SUBMISSIONS_PER_USER,
  USERS,
  VOTES_PER_USER,
  checkWrites,
  createSessions,
  createWriters,
  runSpike,
  type Spike,
  type WriteCheck,
  sessionCookie,
  startScratchForWriters,
  writeTables,
  writeTargets,
} from './writers';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
/** How long the same visitors read bench/baseline.ts after the rush: the machine's limit in this run. */
const LIMIT_SECONDS = 15;
/** `reads` or `writes`: one side alone, for comparison; printed, not written to RESULTS.md. */
const ONLY = process.env.RUSH_ONLY;
if (ONLY !== undefined && ONLY !== 'reads' && ONLY !== 'writes') throw new Error('RUSH_ONLY must be reads or writes');
const VISITORS = 200;
const LOGGED_IN = 50;
const ENTRY_PAGES = 5;
const JAM_PATH = `/jams/${BIG_JAM_SLUG}`;

const BROWSER = { 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'en-US,en;q=0.9' };
const PAGES = [
  ...Array.from({ length: ENTRY_PAGES }, (_, i) => ({
    name: `big jam page, entries page ${i + 1}`,
    path: i === 0 ? JAM_PATH : `${JAM_PATH}?entries=${i + 1}`,
  })),
  { name: 'home', path: '/' },
  { name: 'explore', path: '/explore' },
];
const API = [
  { name: 'GET viewer', path: `/api/jams/${BIG_JAM_SLUG}/viewer` },
  { name: 'GET my-votes', path: `/api/jams/${BIG_JAM_SLUG}/my-votes` },
];

/** CPU seconds a process has used so far (user + system, all its threads), from /proc. */
function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in USER_HZ (100 on Linux)
  } catch {
    return Number.NaN;
  }
}

/** The whole machine's busy and stolen CPU seconds so far, from /proc/stat (USER_HZ = 100). */
function machineCpu(): { busy: number; steal: number } {
  try {
    const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    return { busy: (user! + nice! + system! + irq! + softirq!) / 100, steal: steal! / 100 };
  } catch {
    return { busy: Number.NaN, steal: Number.NaN };
  }
}

/** A page's body exactly as sent (compressed as the headers ask), which fetch() would decode. */
function bodyAsSent(url: string, headers: Record<string, string>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve(Buffer.concat(chunks)));
      res.on('error', reject);
    }).on('error', reject);
  });
}

const loadAtStart = loadAverage();
console.log(`Generating the large database (${JAM_COUNT.toLocaleString('en')} jams) …`);
await generateBenchDatabase();
build();

const database = await openDatabase(`file:${BENCH_DATABASE}`);
const [jam] = await database.select({ id: jams.id }).from(jams).where(eq(jams.slug, BIG_JAM_SLUG));
if (!jam) throw new Error(`${BIG_JAM_SLUG} is missing from the generated database`);
const { people, tokens } = await createWriters(database);
// bench_user_00001 … 00050: each has an entry in the big jam and has cast all 3 votes there.
const readerCookies = (
  await createSessions(
    database,
    Array.from({ length: LOGGED_IN }, (_, i) => i + 1),
  )
).map(sessionCookie);
const scratch = await startScratchForWriters(people);
const app = await startApp('app-rush', {
  DATABASE_URL: `file:${BENCH_DATABASE}`,
  SCRATCH_API_URL: scratch.url,
  ITINERARY_PAGE_CACHE: 'on',
});

const groups: ReaderGroup[] = [
  { name: 'visitors', connections: VISITORS, routes: PAGES, headers: BROWSER },
  { name: 'logged in', connections: LOGGED_IN, routes: API, headers: BROWSER, cookies: readerCookies },
];
// Before the rush the site has been read for a while: every page is cached (and its compressed copies made).
for (const group of groups) {
  for (const route of group.routes) {
    for (let i = 0; i < 2; i++) {
      const response = await fetch(app.url + route.path, {
        headers: { ...group.headers, ...(group.cookies ? { cookie: group.cookies[0]! } : {}) },
        redirect: 'manual',
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${route.path} answered ${response.status}`);
    }
  }
}
// The bytes the visitors get for the big jam's page, for the in-memory limit after the rush.
const jamPageAsSent = join(DATA, 'jam-page-rush.br');
writeFileSync(jamPageAsSent, await bodyAsSent(app.url + JAM_PATH, BROWSER));
await new Promise((resolve) => setTimeout(resolve, 1000));

const writeCount = USERS * (SUBMISSIONS_PER_USER + VOTES_PER_USER + PLAYS_PER_USER);
console.log(
  `Rush${ONLY ? ` (${ONLY} only)` : ''}: ${ONLY === 'writes' ? 'no' : VISITORS} visitors and ${ONLY === 'writes' ? 'no' : LOGGED_IN} logged-in readers, ${ONLY === 'reads' ? 0 : writeCount.toLocaleString('en')} writes, over ${SECONDS} s …`,
);
const serverCpuBefore = cpuSeconds(app.process.pid);
const clientCpuBefore = process.cpuUsage();
const machineBefore = machineCpu();
let reads: ReadResult | null = null;
let spike: Spike | null = null;
let serverCpu = Number.NaN;
let clientCpu = { user: Number.NaN, system: Number.NaN };
let wall = Number.NaN;
let machineDuring = { busy: Number.NaN, steal: Number.NaN };
const began = performance.now();
try {
  // The readers go on until the last write has been answered, however late.
  const readers = ONLY === 'writes' ? null : readInWorker({ url: app.url, seconds: SECONDS, groups });
  try {
    if (ONLY !== 'reads')
      spike = await runSpike({
        slug: BIG_JAM_SLUG,
        seconds: SECONDS,
        tokens,
        urlFor: () => app.url,
        playsPerUser: PLAYS_PER_USER,
      });
  } finally {
    readers?.stop();
  }
  reads = (await readers?.result) ?? null;
} finally {
  serverCpu = cpuSeconds(app.process.pid) - serverCpuBefore;
  clientCpu = process.cpuUsage(clientCpuBefore);
  wall = (performance.now() - began) / 1000;
  const machineAfter = machineCpu();
  machineDuring = { busy: machineAfter.busy - machineBefore.busy, steal: machineAfter.steal - machineBefore.steal };
  await app.stop();
  await scratch.close();
}

/**
 * The machine's limit in this run: the same visitors' connections reading bench/baseline.ts, which
 * answers every request with the big jam page's bytes (as the app sent them) from memory.
 */
async function inMemoryLimit(): Promise<number> {
  const baseline = await startBaseline(jamPageAsSent);
  try {
    const { result, stop } = readInWorker({ url: baseline.url, seconds: LIMIT_SECONDS, groups: [groups[0]!] });
    stop();
    const limit = await result;
    return limit.routes.reduce((total, route) => total + route.requests, 0) / limit.seconds;
  } finally {
    await baseline.stop();
  }
}
const limit = ONLY === 'writes' ? null : await inMemoryLimit();

const check = spike && (await checkWrites(database, { jamId: jam.id, people, spike, withinSeconds: SECONDS + 10 }));
database.$client.close();

const fmt = (n: number, digits = 0) => n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const benchCpu = (clientCpu.user + clientCpu.system) / 1e6;
const percent = (share: number) => `${fmt(share * 100, 1)} %`;
const sum = (list: RouteResult[], pick: (route: RouteResult) => number) => list.reduce((total, route) => total + pick(route), 0);
const count = (record: Record<string, number>, keys: (key: string) => boolean) =>
  Object.entries(record).reduce((total, [key, n]) => total + (keys(key) ? n : 0), 0);
const failed = (route: RouteResult) => count(route.statuses, (status) => status !== '200');
const readFailures = reads ? sum(reads.routes, failed) + reads.errors : 0;

const visitorsOf = (reads: ReadResult) => reads.routes.filter((route) => route.group === 'visitors');
/** The share of the pages' answers whose `x-page-cache` was `key`. */
const cacheShareOf = (routes: RouteResult[], key: string) =>
  sum(routes, (route) => route.cache[key] ?? 0) / sum(routes, (route) => route.requests);

/** The reads per route, and the page cache's answers. */
function readSection(reads: ReadResult): string {
  const cacheCell = (route: RouteResult) =>
    route.group === 'visitors' ? ['hit', 'stale', 'miss'].map((key) => fmt(route.cache[key] ?? 0)).join(' / ') : '—';
  const totalRow = (label: string, list: RouteResult[]) => {
    const requests = sum(list, (route) => route.requests);
    return [
      `**${label}**`,
      fmt(requests),
      `**${fmt(requests / reads.seconds)}**`,
      '',
      '',
      '',
      fmt(sum(list, (route) => route.bytes) / requests / 1024, 1),
      '',
      fmt(sum(list, failed)),
    ];
  };
  const visitorRoutes = visitorsOf(reads);
  const apiRoutes = reads.routes.filter((route) => route.group !== 'visitors');
  const pageAnswers = sum(visitorRoutes, (route) => route.requests);
  const cacheShare = (key: string) => cacheShareOf(visitorRoutes, key);
  const connections = VISITORS + LOGGED_IN;
  const readsPerSecond = sum(reads.routes, (route) => route.requests) / reads.seconds;
  return `### Reads

${table(
  ['route', 'answers', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'KiB sent', 'x-page-cache hit / stale / miss', 'non-200'],
  [
    ...reads.routes.map((route) => [
      `${route.name} (\`${route.path}\`)`,
      fmt(route.requests),
      fmt(route.rps),
      fmt(route.p50, 1),
      fmt(route.p99, 1),
      fmt(route.max, 1),
      fmt(route.bytes / route.requests / 1024, 1),
      cacheCell(route),
      fmt(failed(route)),
    ]),
    totalRow('visitors, all pages', visitorRoutes),
    totalRow('logged in, all API reads', apiRoutes),
    totalRow('all reads', reads.routes),
  ],
)}

Page cache over the visitors' ${fmt(pageAnswers)} answers: **${percent(cacheShare('hit'))} hits**, ${percent(cacheShare('stale'))} stale (the previous page
while one request re-renders it after new entries), ${percent(cacheShare('miss'))} misses (rendered for that request):
**${percent(cacheShare('hit') + cacheShare('stale'))} answered from the cache** without a render.
With ${connections} closed-loop connections the mean wait is fixed by the throughput (Little's law: ${connections} connections ÷
${fmt(readsPerSecond)} answers/s = ${fmt((connections / readsPerSecond) * 1000)} ms), so a read p99 under 50 ms would take over ${fmt(connections / 0.05)} answers/s.
The in-memory limit: after the rush, the same ${VISITORS} visitors' connections read \`bench/baseline.ts\` for ${LIMIT_SECONDS} s, a bare
node:http server answering every request with the big jam page's bytes as the app sent them (brotli) from memory:
${limit ? `**${fmt(limit)} answers/s**` : 'not measured'}.
Connection errors: ${reads.errors}${reads.firstError ? ` (first: ${reads.firstError})` : ''}.`;
}

function writeSectionOf(spike: Spike, check: WriteCheck): string {
  return `### Writes

${writeTables(spike, check)}`;
}

/** Issue 16's goals for the readers: throughput against the limit of this run, latency, cache hits. */
function readTargets(reads: ReadResult, limit: number): string[][] {
  const visitorRoutes = visitorsOf(reads);
  const jamPageRate =
    sum(
      visitorRoutes.filter((route) => route.path.startsWith(JAM_PATH)),
      (route) => route.requests,
    ) / reads.seconds;
  const slowest = reads.routes.reduce((worst, route) => (route.p99 > worst.p99 ? route : worst));
  const hits = cacheShareOf(visitorRoutes, 'hit');
  const verdict = (met: boolean) => (met ? 'met' : '**missed**');
  return [
    [
      'big jam page reads ≥ 0.3× the in-memory limit of this run',
      `${fmt(jamPageRate / limit, 2)}× (${fmt(jamPageRate)} of ${fmt(limit)} answers/s)`,
      verdict(jamPageRate / limit >= 0.3),
    ],
    ['read p99 < 50 ms (slowest route)', `${fmt(slowest.p99, 1)} ms (${slowest.name})`, verdict(slowest.p99 < 50)],
    ['page cache hit rate ≥ 95 % (stale answers not counted)', percent(hits), verdict(hits >= 0.95)],
  ];
}

const checks = [
  ...(check ? writeTargets(check) : []),
  ...(reads && limit ? readTargets(reads, limit) : []),
  ...(reads
    ? [
        [
          'reads: no 5xx, no failed request',
          `${sum(reads.routes, (route) => count(route.statuses, (status) => status.startsWith('5')))} 5xx, ${readFailures} not 200 or failed`,
          readFailures === 0 ? 'met' : '**missed**',
        ],
      ]
    : []),
];

const report = `## npm run bench:rush${ONLY ? ` (RUSH_ONLY=${ONLY})` : ''}

${machine(loadAtStart)}.
${JAM_COUNT.toLocaleString('en')} jams, the big jam (\`${JAM_PATH}\`, running) with 10,000 entries and 90,000 votes; one app server
started as \`npm start\` does (one Node process, page cache on, cached pages answered before Astro). ${
  ONLY === 'reads'
    ? 'No writers.'
    : `The writers of
\`bench:spike\` (${USERS} new users: ${(USERS * SUBMISSIONS_PER_USER).toLocaleString('en')} submissions, ${(USERS * VOTES_PER_USER).toLocaleString('en')} upvotes), and ${(USERS * PLAYS_PER_USER).toLocaleString('en')} plays (opened players) of the same users, write to the big jam on a fixed schedule
spread over ${SECONDS} s.`
} ${
  reads
    ? `${ONLY ? 'For' : 'At the same time, from the start until the last write is answered'} (${fmt(reads.seconds, 1)} s), ${VISITORS} visitors'
keep-alive connections (no cookie, \`Accept-Encoding: gzip, deflate, br\`) cycle over the big jam's page with entries
pages 1–${ENTRY_PAGES}, home and explore, and ${LOGGED_IN} logged-in readers' connections (a session each, users who have an entry and
3 votes in the jam) cycle over its \`viewer\` and \`my-votes\` API; each connection sends its next request as soon as the
previous answer has come (closed loop: the readers take whatever the server has left). The readers run in a worker thread
of the benchmark process, the writers and the Scratch API fake in its main thread.`
    : 'No readers.'
} CPU over the run: the server
${fmt(serverCpu, 1)} s in ${fmt(wall, 1)} s (${fmt(serverCpu / wall, 2)} cores), the benchmark process ${fmt(benchCpu, 1)} s, everything else on the machine
${fmt(Math.max(0, machineDuring.busy - serverCpu - benchCpu), 1)} s; stolen by the hypervisor: ${fmt(machineDuring.steal, 1)} s.

${[reads && readSection(reads), spike && check && writeSectionOf(spike, check)].filter(Boolean).join('\n\n')}

${table(['check', 'measured', 'met?'], checks)}`;

console.log(`\n${report}\n`);
for (const problem of check?.problems.slice(0, 20) ?? []) console.error(problem);
if (!ONLY) writeSection('rush', report);
if ((check?.problems.length ?? 0) > 0 || readFailures > 0) process.exitCode = 1;
