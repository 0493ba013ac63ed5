/**
 * `npm run bench:profile`: where the CPU of an uncached render goes. The built app (page cache off,
 * the large database) is first measured as `npm run bench` measures it, beside Astro's hello world;
 * then started again under `node --cpu-prof`, loaded page by page, and each page's samples are put
 * in categories (bench/cpu-profile.ts). See bench/README.md.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { type Breakdown, CATEGORIES, type CpuProfile, breakdown } from './cpu-profile';
import { BENCH_DATABASE, BIG_JAM_SLUG, generateBenchDatabase } from './generate';
import { type Load, load } from './measure';
import { loadAverage, machine, table, writeSection } from './results';
import { DATA, type Server, build, buildAstroHello, startApp, startAstroHello } from './servers';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;
/** Microseconds between samples (V8's default is 1,000). */
const INTERVAL = 250;
const PROFILES = join(DATA, 'profiles');
/** PROFILE_PATHS=/login,/faq: other pages instead (a closer look; RESULTS.md is then left alone). */
const OTHER_PATHS = process.env.PROFILE_PATHS?.split(',');
const PAGES = OTHER_PATHS?.map((path) => ({ name: path, path })) ?? [
  { name: 'home', path: '/' },
  { name: 'explore', path: '/explore' },
  { name: 'big jam page', path: `/jams/${BIG_JAM_SLUG}` },
];
/** Issue 40 §3: an uncached render at a quarter of Astro's hello world rate, at least. */
const GOAL = 0.25;
const UNCACHED = { DATABASE_URL: `file:${BENCH_DATABASE}`, ITINERARY_PAGE_CACHE: 'off' };

async function checkUncached(server: Server, path: string): Promise<void> {
  const response = await fetch(server.url + path);
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  if (response.headers.get('x-page-cache') === 'hit') throw new Error(`${path} came from the page cache although it is off`);
}

/** CPU seconds a process has used so far (user + system, all its threads), from /proc (USER_HZ = 100). */
function cpuSeconds(pid: number | undefined): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

interface Rate extends Load {
  /** CPU milliseconds the server spent per answer (all its threads), over the measured seconds. */
  cpuMs: number;
}

/** `load` (a 1 s warm-up, then SECONDS), with the server's CPU over the measured part. */
async function rate(server: Server, path: string): Promise<Rate> {
  let cpuAtStart = 0;
  const measured = await load(server.url + path, {
    connections: CONNECTIONS,
    seconds: SECONDS,
    beforeMeasuring: () => (cpuAtStart = cpuSeconds(server.process.pid)),
  });
  return { ...measured, cpuMs: ((cpuSeconds(server.process.pid) - cpuAtStart) * 1000) / measured.requests };
}

interface Rates {
  pages: Rate[];
  /** Astro's hello world, measured right after each page (both servers run; the idle one waits). */
  hellos: Rate[];
}

/**
 * Each page's req/s as `npm run bench` measures it, each followed by Astro's hello world: on a
 * shared machine the load changes by the minute, and each ratio compares two rows taken together.
 */
async function throughput(): Promise<Rates> {
  const [app, hello] = [await startApp('app-profile-rate', UNCACHED), await startAstroHello()];
  const rates: Rates = { pages: [], hellos: [] };
  try {
    for (const page of PAGES) {
      await checkUncached(app, page.path);
      console.log(`req/s: ${page.name}, then Astro hello world`);
      rates.pages.push(await rate(app, page.path));
      rates.hellos.push(await rate(hello, '/'));
    }
    return rates;
  } finally {
    await app.stop();
    await hello.stop();
  }
}

/** CLOCK_MONOTONIC in microseconds: the clock V8 stamps its samples with. */
const now = () => Number(process.hrtime.bigint() / 1000n);

interface Profiled {
  name: string;
  requests: number;
  /** The server's CPU per request under the profiler (ms, all threads). */
  cpuMs: number;
  breakdown: Breakdown;
}

/** The app under --cpu-prof: a warm-up, then SECONDS of load per page; the samples of each window, attributed. */
async function profile(): Promise<Profiled[]> {
  rmSync(PROFILES, { recursive: true, force: true });
  mkdirSync(PROFILES, { recursive: true });
  const app = await startApp('app-profile', {
    ...UNCACHED,
    NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${PROFILES} --cpu-prof-interval=${INTERVAL}`,
  });
  const pid = app.process.pid;
  const windows: { name: string; requests: number; cpuMs: number; from: number; to: number }[] = [];
  try {
    for (const page of PAGES) {
      await checkUncached(app, page.path);
      console.log(`profile: ${page.name}`);
      const url = app.url + page.path;
      await autocannon({ url, connections: CONNECTIONS, duration: 1 });
      const [from, cpu] = [now(), cpuSeconds(pid)];
      const { requests } = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
      const cpuMs = ((cpuSeconds(pid) - cpu) * 1000) / requests.total;
      windows.push({ name: page.name, requests: requests.total, cpuMs, from, to: now() });
    }
  } finally {
    await app.stop(); // the profile is written as the process exits
  }
  const file = readdirSync(PROFILES).find((name) => name.includes(`.${pid}.`) && name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no .cpuprofile of the server (pid ${pid}) in ${PROFILES}`);
  // Beside the profile, for a closer look (e.g. in Chrome's DevTools, which take .cpuprofile files).
  writeFileSync(join(PROFILES, 'windows.json'), JSON.stringify({ profile: file, windows }, null, 2));
  const data = JSON.parse(readFileSync(join(PROFILES, file), 'utf8')) as CpuProfile;
  if (windows.some((w) => w.from < data.startTime || w.to > data.endTime))
    throw new Error('the load windows fall outside the profile: its clock is not CLOCK_MONOTONIC here');
  return windows.map(({ from, to, ...w }) => ({ ...w, breakdown: breakdown(data, from, to) }));
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const percent = (part: number, whole: number) => `${fmt((100 * part) / whole)} %`;

function report(rates: Rates | null, profiled: Profiled[], loadAtStart: string): string {
  const rateTable = !rates
    ? '(req/s not measured: PROFILE_RATES=0)'
    : table(
        [
          'uncached (page cache off)',
          'req/s',
          'p50 / p99 ms',
          'server CPU ms per request',
          'hello world right after: req/s',
          'its CPU ms per request',
          'req/s ÷ hello world',
          'hello world CPU ÷ page CPU',
          `goal: req/s ≥ ${GOAL}× hello world`,
        ],
        PAGES.map((page, i) => {
          const [r, hello] = [rates.pages[i]!, rates.hellos[i]!];
          return [
            `${page.name} (\`${page.path}\`)`,
            fmt(r.rps),
            `${r.p50} / ${r.p99}`,
            fmt(r.cpuMs, 2),
            fmt(hello.rps),
            fmt(hello.cpuMs, 2),
            `**${fmt(r.rps / hello.rps, 2)}×**`,
            `${fmt(hello.cpuMs / r.cpuMs, 2)}×`,
            r.rps / hello.rps >= GOAL ? 'met' : '**missed**',
          ];
        }),
      );
  const ms = (p: Profiled, samples: number) => (p.cpuMs * samples) / p.breakdown.busySamples;
  const cpuTable = table(
    ['self ms per request (share) · total share', ...profiled.map((p) => p.name)],
    [
      ...CATEGORIES.map((category) => [
        category,
        ...profiled.map(
          (p) =>
            `${fmt(ms(p, p.breakdown.self[category]), 2)} (${percent(p.breakdown.self[category], p.breakdown.busySamples)}) · ${percent(p.breakdown.total[category], p.breakdown.busySamples)}`,
        ),
      ]),
      ['**server CPU per request (ms)**', ...profiled.map((p) => `**${fmt(p.cpuMs, 2)}**`)],
      [
        'requests profiled; samples (main thread busy)',
        ...profiled.map(
          (p) => `${fmt(p.requests)}; ${fmt(p.breakdown.samples)} (${percent(p.breakdown.busySamples, p.breakdown.samples)})`,
        ),
      ],
    ],
  );
  return `## npm run bench:profile

${machine(loadAtStart)}.
The built app (\`scripts/launch.ts\`, as \`npm start\`) on the large database with the page cache off (\`ITINERARY_PAGE_CACHE=off\`):
every request renders. ${CONNECTIONS} connections, ${SECONDS} s per row after a 1 s warm-up, no \`Accept-Encoding\`;
Astro's hello world (\`bench/astro-hello\`) measured right after each page. The server's CPU per request (user + system
of all its threads, from \`/proc\`) depends less on what else the machine is doing than req/s does: both ratios are given.

${rateTable}

Then the same server again under \`node --cpu-prof\` (a sample every ${INTERVAL} µs), each page loaded the same way; the samples
of its ${SECONDS} s are attributed by walking up each sample's stack (bench/cpu-profile.ts; bundled frames named through the
build's hidden source maps). **Self**: the innermost frame that has a category (V8's builtins and Node's helpers count
for their caller); **total**: the category is anywhere on the stack (shares overlap). Milliseconds: the self share of
the main thread's busy samples times the server's CPU per request in that window (under the profiler, which costs a little).

${cpuTable}`;
}

const loadAtStart = loadAverage();
if (!existsSync(BENCH_DATABASE) || process.env.BENCH_REGENERATE !== '0') await generateBenchDatabase();
if (process.env.BENCH_BUILD !== '0') build({ sourceMaps: true });
if (process.env.PROFILE_RATES !== '0') buildAstroHello();
/** PROFILE_RATES=0: only the profile, printed (a quicker look while changing code); RESULTS.md is left alone. */
const withRates = process.env.PROFILE_RATES !== '0';
const rates = withRates ? await throughput() : null;
const profiled = await profile();
for (const { name, breakdown: b } of profiled) {
  const top = [...b.leaves].sort((x, y) => y[1] - x[1]).slice(0, Number(process.env.PROFILE_TOP ?? 30));
  console.log(`\n${name}: the frames with the most self time`);
  for (const [leaf, samples] of top) console.log(`${fmt((100 * samples) / b.busySamples, 1).padStart(5)} %  ${leaf}`);
  console.log(`\n${name}: the files and packages with the most time on the stack (total)`);
  const files = [...b.files].sort((x, y) => y[1] - x[1]).slice(0, Number(process.env.PROFILE_TOP ?? 30));
  for (const [file, samples] of files) console.log(`${fmt((100 * samples) / b.busySamples, 1).padStart(5)} %  ${file}`);
}
const markdown = report(rates, profiled, loadAtStart);
console.log(`\n${markdown}\n`);
if (withRates && !OTHER_PATHS) writeSection('profile', markdown);
