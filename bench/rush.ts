/**
 * `npm run bench:rush`: a deadline rush on the large database. For BENCH_SECONDS (60), at once:
 * 200 visitors' keep-alive connections read the big jam's page (entry pages 1–5), home and
 * explore; 50 logged-in readers read the viewer and my-votes API of the big jam; and the writers
 * of `bench:spike` (500 users, 1,000 submissions, 10,000 votes), with 5,000 plays of theirs (each
 * beside its entry page's viewer document, as the page asks), write to the big jam. Reports the
 * reads per route, the page cache's hit rate, the spike's write checks, and where the servers'
 * time went (bench/where-time-goes.ts). Two targets (RUSH_TARGET, default both, one after the other):
 * `file`, `npm start` on the embedded file with one server process per core (RUSH_PROCESSES to
 * change it); `replicas`, three Node servers behind the bench's round-robin, each on an embedded
 * replica of one `sqld`. See bench/README.md.
 * RUSH_ONLY=reads (or writes) runs one side alone, for comparison.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { join } from 'node:path';
import { desc, eq, sql } from 'drizzle-orm';
import { entries, jams } from '#db/schema';
import { type Database, openDatabase } from '#server/node/database';
import { BENCH_DATABASE, BIG_JAM_SLUG, JAM_COUNT, generateBenchDatabase } from './generate';
import { type ReadResult, type ReaderGroup, type RouteResult, readInWorker } from './readers';
import { loadAverage, machine, table, writeSection } from './results';
import { DATA, SQLD_NICENESS, SQLD_PRIORITY, type Server, build, startApp, startBaseline, startSqldWith } from './servers';
import { type CostCase, measureCosts, readLoadReports, treeCpuSeconds, whereTimeGoes } from './where-time-goes';
import {
  PLAYS_PER_USER,
  SUBMISSIONS_PER_USER,
  USERS,
  VOTES_PER_USER,
  checkWrites,
  createSessions,
  projectOf,
  createWriters,
  runSpike,
  type Spike,
  type WriteCheck,
  sessionCookie,
  startScratchForWriters,
  writeTables,
} from './writers';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
/** How long the same visitors read bench/baseline.ts after the rush: the machine's limit in this run. */
const LIMIT_SECONDS = 15;
/** Keep-alive connections the writers' client opens to each server before the rush, as a load balancer's pool. */
const WARM_CONNECTIONS = 100;
/** `reads` or `writes`: one side alone, for comparison; printed, not written to RESULTS.md. */
const ONLY = process.env.RUSH_ONLY;
if (ONLY !== undefined && ONLY !== 'reads' && ONLY !== 'writes') throw new Error('RUSH_ONLY must be reads or writes');
type Target = 'file' | 'replicas';
const TARGETS = (process.env.RUSH_TARGET ?? 'file,replicas').split(',') as Target[];
for (const target of TARGETS)
  if (target !== 'file' && target !== 'replicas') throw new Error('RUSH_TARGET must be file, replicas or both');
/** Server processes of the `file` target's `npm start` (its default: one per core). */
const PROCESSES = process.env.RUSH_PROCESSES ?? 'auto';
const REPLICA_SERVERS = 3;
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

/** Issue 52's goals, and the moonshot beside them. */
const GOALS = { writeP99: 1000, readP99: 500, hits: 0.95, jamPageShare: 0.2 };
const MOONSHOT = { writeP99: 200, readP99: 50, jamPageShare: 0.3 };

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

/** A page's body exactly as sent (compressed as the headers ask), which fetch() would decode; on a connection of its own. */
function bodyAsSent(url: string, headers: Record<string, string>): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const percent = (share: number) => `${fmt(share * 100, 1)} %`;
const sum = (list: RouteResult[], pick: (route: RouteResult) => number) => list.reduce((total, route) => total + pick(route), 0);
const count = (record: Record<string, number>, keys: (key: string) => boolean) =>
  Object.entries(record).reduce((total, [key, n]) => total + (keys(key) ? n : 0), 0);
const failed = (route: RouteResult) => count(route.statuses, (status) => status !== '200');
const visitorsOf = (reads: ReadResult) => reads.routes.filter((route) => route.group === 'visitors');
/** The share of the pages' answers whose `x-page-cache` was `key`. */
const cacheShareOf = (routes: RouteResult[], key: string) =>
  sum(routes, (route) => route.cache[key] ?? 0) / sum(routes, (route) => route.requests);

/** The servers of a target, started on the generated database (copied into sqld for `replicas`). */
async function startServers(
  target: Target,
  env: Record<string, string>,
): Promise<{ apps: Server[]; database: Database; sqld?: Server }> {
  if (target === 'file') {
    const app = await startApp('app-rush', { DATABASE_URL: `file:${BENCH_DATABASE}`, ITINERARY_PROCESSES: PROCESSES, ...env });
    return { apps: [app], database: await openDatabase(`file:${BENCH_DATABASE}`) };
  }
  const sqld = await startSqldWith(BENCH_DATABASE);
  const apps = await Promise.all(
    Array.from({ length: REPLICA_SERVERS }, (_, i) => {
      const replica = join(DATA, `rush-replica-${i + 1}.db`);
      for (const suffix of ['', '-wal', '-shm', '-info', '-client_wal_index']) rmSync(replica + suffix, { force: true });
      return startApp(`app-rush-${i + 1}`, {
        DATABASE_URL: sqld.url,
        DATABASE_REPLICA: `file:${replica}`,
        ITINERARY_PROCESSES: '1',
        ...env,
      });
    }),
  );
  return { apps, database: await openDatabase(sqld.url), sqld };
}

/** What one server's CPU per answer is, alone, for each kind of request the rush sends. */
function costCases(
  writerCookies: string[],
  readerCookies: string[],
  entryIds: number[],
  projectOf: (writer: number) => number,
): CostCase[] {
  const slug = BIG_JAM_SLUG;
  const entry = (i: number) => entryIds[(i * 7) % entryIds.length]!;
  return [
    {
      name: 'big jam page, cached (hit or stale)',
      route: /^GET \/jams\/[^/ ]+(\?entries)? \[(hit|stale)\]$/,
      request: () => ({ method: 'GET', path: JAM_PATH }),
    },
    {
      name: 'home and explore, cached',
      route: /^GET \/(explore)? \[(hit|stale)\]$/,
      request: (i) => ({ method: 'GET', path: i % 2 ? '/' : '/explore' }),
    },
    {
      name: 'big jam page, rendered (a miss)',
      route: /^GET \/jams\/[^/ ]+(\?entries)? \[miss\]$/,
      // Entry pages nobody read yet: each one a render.
      request: (i) => ({ method: 'GET', path: `${JAM_PATH}?entries=${ENTRY_PAGES + 1 + (i % 400)}` }),
    },
    {
      name: 'GET viewer',
      route: /^GET \/api\/jams\/[^/]+\/viewer$/,
      request: (i) => ({ method: 'GET', path: `/api/jams/${slug}/viewer`, cookie: readerCookies[i % readerCookies.length] }),
    },
    {
      name: 'GET viewer?entry= (beside a play)',
      route: /^GET \/api\/jams\/[^/]+\/viewer\?entry$/,
      request: (i) => ({
        method: 'GET',
        path: `/api/jams/${slug}/viewer?entry=${entry(i)}`,
        cookie: writerCookies[(i * 13) % writerCookies.length],
      }),
    },
    {
      name: 'GET my-votes',
      route: /^GET \/api\/jams\/[^/]+\/my-votes$/,
      request: (i) => ({ method: 'GET', path: `/api/jams/${slug}/my-votes`, cookie: readerCookies[i % readerCookies.length] }),
    },
    {
      name: 'PUT play',
      route: /^PUT \/api\/jams\/[^/]+\/entries\/\{id\}\/play$/,
      request: (i) => ({
        method: 'PUT',
        path: `/api/jams/${slug}/entries/${entry(i + 3)}/play`,
        cookie: writerCookies[(i * 13 + 5) % writerCookies.length],
      }),
    },
    {
      name: 'POST entries (a second submission: 409, as half in the rush)',
      route: /^POST \/api\/jams\/[^/]+\/entries$/,
      request: (i) => {
        const writer = (i * 17) % writerCookies.length;
        return {
          method: 'POST',
          path: `/api/jams/${slug}/entries`,
          cookie: writerCookies[writer],
          body: { url: `https://scratch.mit.edu/projects/${projectOf(writer)}/` },
        };
      },
    },
    {
      name: 'PUT vote (over the limit: 409, as most in the rush)',
      route: /^PUT \/api\/jams\/[^/]+\/entries\/\{id\}\/vote$/,
      request: (i) => ({
        method: 'PUT',
        path: `/api/jams/${slug}/entries/${entry(i)}/vote`,
        cookie: writerCookies[(i * 11) % writerCookies.length],
      }),
    },
  ];
}

interface RushResult {
  target: Target;
  reads: ReadResult | null;
  spike: Spike | null;
  check: WriteCheck | null;
  limit: number | null;
  serverCpu: number;
  benchCpu: number;
  wall: number;
  machineDuring: { busy: number; steal: number };
  timeGoes: string;
  loadAtStart: string;
  servers: number;
}

async function rush(target: Target): Promise<RushResult> {
  const loadAtStart = loadAverage();
  console.log(`Generating the large database (${JAM_COUNT.toLocaleString('en')} jams) …`);
  await generateBenchDatabase();
  const file = await openDatabase(`file:${BENCH_DATABASE}`);
  const [jam] = await file.select({ id: jams.id }).from(jams).where(eq(jams.slug, BIG_JAM_SLUG));
  if (!jam) throw new Error(`${BIG_JAM_SLUG} is missing from the generated database`);
  const { people, tokens } = await createWriters(file);
  // bench_user_00001 … 00050: each has an entry in the big jam and has cast all 3 votes there.
  const readerCookies = (
    await createSessions(
      file,
      Array.from({ length: LOGGED_IN }, (_, i) => i + 1),
    )
  ).map(sessionCookie);
  // sqld takes the file as it is on disk: everything in it, nothing left in the WAL.
  await file.run(sql`pragma wal_checkpoint(truncate)`);
  file.$client.close();

  const reports = join(DATA, `load-reports-${target}`);
  rmSync(reports, { recursive: true, force: true });
  const scratch = await startScratchForWriters(people);
  const { apps, database, sqld } = await startServers(target, {
    SCRATCH_API_URL: scratch.url,
    ITINERARY_PAGE_CACHE: 'on',
    ITINERARY_LOAD_REPORT: reports,
  });
  const urls = apps.map((app) => app.url);
  const jamPageAsSent = join(DATA, 'jam-page-rush.br');
  let reads: ReadResult | null = null;
  let spike: Spike | null = null;
  let check: WriteCheck | null = null;
  let timeGoes = '';
  let serverCpu = Number.NaN;
  let benchCpu = Number.NaN;
  let wall = Number.NaN;
  let machineDuring = { busy: Number.NaN, steal: Number.NaN };

  const groups: ReaderGroup[] = [
    { name: 'visitors', connections: VISITORS, routes: PAGES, headers: BROWSER },
    { name: 'logged in', connections: LOGGED_IN, routes: API, headers: BROWSER, cookies: readerCookies },
  ];
  // Whatever fails, the servers stop (a run that threw once left sqld and three servers running).
  try {
    // Before the rush the site has been read for a while: every page is cached (and its compressed copies made) in every process.
    for (const url of urls)
      for (const group of groups)
        for (const route of group.routes)
          for (let i = 0; i < 4; i++) {
            // A connection each, so that each server process of a cluster gets its turn.
            const { status } = await bodyAsSent(url + route.path, {
              ...group.headers,
              ...(group.cookies ? { cookie: group.cookies[0]! } : {}),
            });
            if (status !== 200) throw new Error(`${route.path} answered ${status}`);
          }
    // The bytes the visitors get for the big jam's page, for the in-memory limit after the rush.
    writeFileSync(jamPageAsSent, (await bodyAsSent(urls[0]! + JAM_PATH, BROWSER)).body);
    await new Promise((resolve) => setTimeout(resolve, 1000));

    const writeCount = USERS * (SUBMISSIONS_PER_USER + VOTES_PER_USER + PLAYS_PER_USER);
    console.log(
      `Rush on ${target === 'file' ? `the embedded file (ITINERARY_PROCESSES=${PROCESSES})` : `${REPLICA_SERVERS} servers on replicas of sqld`}${ONLY ? ` (${ONLY} only)` : ''}: ${ONLY === 'writes' ? 'no' : VISITORS} visitors and ${ONLY === 'writes' ? 'no' : LOGGED_IN} logged-in readers, ${ONLY === 'reads' ? 0 : writeCount.toLocaleString('en')} writes, over ${SECONDS} s …`,
    );
    const serverCpuOf = () => apps.reduce((total, app) => total + treeCpuSeconds(app.process.pid), 0);
    let serverCpuBefore = 0;
    let clientCpuBefore = process.cpuUsage();
    let machineBefore = machineCpu();
    let began = performance.now();
    let readers = null as ReturnType<typeof readInWorker> | null;
    // The rush starts once the writers' connections are open (the load balancer's pool, WARM_CONNECTIONS).
    const start = () => {
      serverCpuBefore = serverCpuOf();
      clientCpuBefore = process.cpuUsage();
      machineBefore = machineCpu();
      began = performance.now();
      readers = ONLY === 'writes' ? null : readInWorker({ urls, seconds: SECONDS, groups });
    };
    try {
      if (ONLY === 'reads') start();
      else
        spike = await runSpike({
          slug: BIG_JAM_SLUG,
          seconds: SECONDS,
          tokens,
          urlFor: (user) => urls[user % urls.length]!,
          playsPerUser: PLAYS_PER_USER,
          warmConnections: WARM_CONNECTIONS,
          onStart: start,
        });
    } finally {
      readers?.stop();
    }
    reads = (await readers?.result) ?? null;
    serverCpu = serverCpuOf() - serverCpuBefore;
    const clientCpu = process.cpuUsage(clientCpuBefore);
    benchCpu = (clientCpu.user + clientCpu.system) / 1e6;
    wall = (performance.now() - began) / 1000;
    const machineAfter = machineCpu();
    machineDuring = { busy: machineAfter.busy - machineBefore.busy, steal: machineAfter.steal - machineBefore.steal };

    check = spike && (await checkWrites(database, { jamId: jam.id, people, spike, withinSeconds: SECONDS + 10 }));
    // Each kind of request alone, on the first server, after the rush: what it costs.
    const entryIds = (
      await database
        .select({ id: entries.id })
        .from(entries)
        .where(eq(entries.jamId, jam.id))
        .orderBy(desc(entries.id))
        .limit(400)
    ).map((row) => row.id);
    const costs = await measureCosts(
      urls[0]!,
      apps[0]!.process.pid!,
      costCases(tokens.map(sessionCookie), readerCookies, entryIds, (writer) => projectOf(writer, 1)),
    );
    await Promise.all(apps.map((app) => app.stop()));
    timeGoes = whereTimeGoes({ reports: readLoadReports(reports), costs, serverCpu, seconds: wall });
  } finally {
    await Promise.all(apps.map((app) => app.stop()));
    await scratch.close();
    database.$client.close();
    await sqld?.stop();
  }
  const limit = ONLY === 'writes' ? null : await inMemoryLimit(jamPageAsSent, groups[0]!);
  return {
    target,
    reads,
    spike,
    check,
    limit,
    serverCpu,
    benchCpu,
    wall,
    machineDuring,
    timeGoes,
    loadAtStart,
    servers: apps.length,
  };
}

/**
 * The machine's limit in this run: the same visitors' connections reading bench/baseline.ts, which
 * answers every request with the big jam page's bytes (as the app sent them) from memory.
 */
async function inMemoryLimit(jamPageAsSent: string, visitors: ReaderGroup): Promise<number> {
  const baseline = await startBaseline(jamPageAsSent);
  try {
    const { result, stop } = readInWorker({ urls: [baseline.url], seconds: LIMIT_SECONDS, groups: [visitors] });
    stop();
    const limit = await result;
    return limit.routes.reduce((total, route) => total + route.requests, 0) / limit.seconds;
  } finally {
    await baseline.stop();
  }
}

/** The reads per route, and the page cache's answers. */
function readSection(reads: ReadResult, limit: number | null): string {
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

Page cache over the visitors' ${fmt(pageAnswers)} answers: **${percent(cacheShare('hit'))} hits** (the previous page counts as a hit
while its counts' re-render runs within the refresh lag), ${percent(cacheShare('stale'))} stale (older than that lag, standing in while
one request re-renders it), ${percent(cacheShare('miss'))} misses (rendered for that request):
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

/** Issue 52's checks of one run: its goal and the moonshot beside it. */
function targets({ reads, check, limit }: RushResult): string[][] {
  const verdict = (met: boolean) => (met ? 'met' : '**missed**');
  const rows: string[][] = [];
  if (check) {
    const ok = check.problems.length === 0;
    rows.push([
      'nothing lost or doubled, vote limit exact, play counts exact, no 5xx',
      ok ? 'all checks passed' : check.problems.slice(0, 3).join('; '),
      verdict(ok),
      '',
    ]);
    rows.push([
      `write p99 ≤ ${fmt(GOALS.writeP99)} ms (moonshot < ${MOONSHOT.writeP99} ms)`,
      `${fmt(check.p99, 1)} ms`,
      verdict(check.p99 <= GOALS.writeP99),
      verdict(check.p99 < MOONSHOT.writeP99),
    ]);
  }
  if (reads) {
    const visitorRoutes = visitorsOf(reads);
    const slowest = reads.routes.reduce((worst, route) => (route.p99 > worst.p99 ? route : worst));
    const hits = cacheShareOf(visitorRoutes, 'hit');
    rows.push([
      `read p99 ≤ ${GOALS.readP99} ms, slowest route (moonshot < ${MOONSHOT.readP99} ms)`,
      `${fmt(slowest.p99, 1)} ms (${slowest.name})`,
      verdict(slowest.p99 <= GOALS.readP99),
      verdict(slowest.p99 < MOONSHOT.readP99),
    ]);
    rows.push(['page cache hits ≥ 95 % (stale answers not counted)', percent(hits), verdict(hits >= GOALS.hits), '']);
    if (limit) {
      const jamPageRate =
        sum(
          visitorRoutes.filter((route) => route.path.startsWith(JAM_PATH)),
          (route) => route.requests,
        ) / reads.seconds;
      rows.push([
        `big jam page reads ≥ ${GOALS.jamPageShare}× the in-memory limit of this run (moonshot ≥ ${MOONSHOT.jamPageShare}×)`,
        `${fmt(jamPageRate / limit, 2)}× (${fmt(jamPageRate)} of ${fmt(limit)} answers/s)`,
        verdict(jamPageRate / limit >= GOALS.jamPageShare),
        verdict(jamPageRate / limit >= MOONSHOT.jamPageShare),
      ]);
    }
    const readFailures = sum(reads.routes, failed) + reads.errors;
    rows.push([
      'reads: no 5xx, no failed request',
      `${sum(reads.routes, (route) => count(route.statuses, (status) => status.startsWith('5')))} 5xx, ${readFailures} not 200 or failed`,
      verdict(readFailures === 0),
      '',
    ]);
  }
  return rows;
}

function reportOf(result: RushResult): string {
  const { target, reads, spike, check, limit, serverCpu, benchCpu, wall, machineDuring, timeGoes, loadAtStart, servers } = result;
  const name = target === 'file' ? 'npm run bench:rush' : 'npm run bench:rush: three servers on embedded replicas of sqld';
  const where =
    target === 'file'
      ? `started as \`npm start\` does on the embedded file (ITINERARY_PROCESSES=${PROCESSES}: server processes sharing the port through node:cluster, page cache on in each, changes passed between them, cached pages answered before Astro)`
      : `${servers} Node servers started as \`npm start\` does (one process each), each on an embedded replica (DATABASE_REPLICA, synced every second) of one \`sqld\` holding the same database (\`--max-log-size 2000\`${SQLD_PRIORITY ? `, at nice ${SQLD_NICENESS}: the priority stands in for the machine of its own it has in production` : ''}), page cache on; the bench sends each writer to one server (user i to server i mod ${servers}) and spreads the readers' connections over them in turn, as a round-robin load balancer would`;
  return `## ${name}${ONLY ? ` (RUSH_ONLY=${ONLY})` : ''}

${machine(loadAtStart)}.
${JAM_COUNT.toLocaleString('en')} jams, the big jam (\`${JAM_PATH}\`, running) with 10,000 entries and 90,000 votes; ${where}. ${
    ONLY === 'reads'
      ? 'No writers.'
      : `The writers of
\`bench:spike\` (${USERS} new users: ${(USERS * SUBMISSIONS_PER_USER).toLocaleString('en')} submissions, ${(USERS * VOTES_PER_USER).toLocaleString('en')} upvotes), and ${(USERS * PLAYS_PER_USER).toLocaleString('en')} plays (opened players, each with the entry page's viewer document beside it, as the page asks) of the same users, write to the big jam on a fixed schedule
spread over ${SECONDS} s, on ${WARM_CONNECTIONS} keep-alive connections to each server opened before the rush (a load balancer's pool) and more as needed.`
  } ${
    reads
      ? `${ONLY ? 'For' : 'At the same time, from the start until the last write is answered'} (${fmt(reads.seconds, 1)} s), ${VISITORS} visitors'
keep-alive connections (no cookie, \`Accept-Encoding: gzip, deflate, br\`) cycle over the big jam's page with entries
pages 1–${ENTRY_PAGES}, home and explore, and ${LOGGED_IN} logged-in readers' connections (a session each, users who have an entry and
3 votes in the jam) cycle over its \`viewer\` and \`my-votes\` API; each connection sends its next request as soon as the
previous answer has come (closed loop: the readers take whatever the servers have left). The readers run in a worker thread
of the benchmark process, the writers and the Scratch API fake in its main thread.`
      : 'No readers.'
  } CPU over the run: the servers
${fmt(serverCpu, 1)} s in ${fmt(wall, 1)} s (${fmt(serverCpu / wall, 2)} cores), the benchmark process ${fmt(benchCpu, 1)} s, everything else on the machine
${fmt(Math.max(0, machineDuring.busy - serverCpu - benchCpu), 1)} s; stolen by the hypervisor: ${fmt(machineDuring.steal, 1)} s.

${[reads && readSection(reads, limit), spike && check && writeSectionOf(spike, check)].filter(Boolean).join('\n\n')}

### Where the time goes

${timeGoes}

${table(['check', 'measured', 'goal (issue 52)', 'moonshot'], targets(result))}`;
}

build();
for (const target of TARGETS) {
  const result = await rush(target);
  const report = reportOf(result);
  console.log(`\n${report}\n`);
  for (const problem of result.check?.problems.slice(0, 20) ?? []) console.error(problem);
  if (!ONLY) writeSection(target === 'file' ? 'rush' : 'rush-replicas', report);
  const readFailures = result.reads ? sum(result.reads.routes, failed) + result.reads.errors : 0;
  if ((result.check?.problems.length ?? 0) > 0 || readFailures > 0) process.exitCode = 1;
}
