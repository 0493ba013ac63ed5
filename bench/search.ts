/**
 * `npm run bench:search`: server time of searching the big jam's 10,000 entries (issue 35 §3) by
 * title, author and co-creator, one request at a time, uncached, through `GET
 * /api/jams/{slug}/entries?q=…` (the same `listEntries` the jam page's form calls, without the
 * page's rendering). Goal: p50 under 10 ms. `npm run bench` measures the same rows (server time).
 */
import { BENCH_DATABASE, BIG_JAM_SLUG, generateBenchDatabase } from './generate';
import { serverTime } from './measure';
import { loadAverage, machine, table, writeSection } from './results';
import { build, startApp } from './servers';

export const SEARCHES = [
  { name: 'no search (the first page, for comparison)', q: '' },
  { name: 'a title word (about 500 matches)', q: 'Cosmic' },
  { name: 'a username (10 matches)', q: 'bench_user_0424' },
  { name: 'a co-creator (1 match)', q: 'bench_user_10042' },
  { name: 'nothing matches (every entry read)', q: 'zebra' },
] as const;

export interface SearchTime {
  name: string;
  q: string;
  p50: number;
  p99: number;
}

/** Each search's p50 and p99 on a running server (page cache off). */
export async function searchTimes(base: string): Promise<SearchTime[]> {
  const times: SearchTime[] = [];
  for (const search of SEARCHES) {
    const query = search.q ? `?q=${encodeURIComponent(search.q)}` : '';
    const url = `${base}/api/jams/${BIG_JAM_SLUG}/entries${query}`;
    const response = await fetch(url);
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    console.log(`search: ${search.name}, one request at a time`);
    times.push({ ...search, ...(await serverTime(url)) });
  }
  return times;
}

const fmt = (n: number) => n.toLocaleString('en', { maximumFractionDigits: 2, minimumFractionDigits: 2 });

/** The rows as the results table shows them. */
export const searchRows = (times: SearchTime[]) =>
  times.map((t) => [
    `search the big jam: ${t.name}${t.q ? ` (\`q=${t.q}\`)` : ''}, p50 server time < 10 ms`,
    `${fmt(t.p50)} ms (p99 ${fmt(t.p99)})`,
    t.p50 < 10 ? 'met' : '**missed**',
  ]);

async function main(): Promise<void> {
  const loadAtStart = loadAverage();
  if (process.env.BENCH_REGENERATE !== '0') await generateBenchDatabase();
  if (process.env.BENCH_BUILD !== '0') build();
  const server = await startApp('app-search', { DATABASE_URL: `file:${BENCH_DATABASE}`, ITINERARY_PAGE_CACHE: 'off' });
  let times: SearchTime[];
  try {
    times = await searchTimes(server.url);
  } finally {
    await server.stop();
  }
  const report = `## npm run bench:search

${machine(loadAtStart)}.
\`GET /api/jams/${BIG_JAM_SLUG}/entries?q=…\` on the big jam (10,000 entries, 1,000 of them crediting a co-creator),
page cache off, one request at a time on one keep-alive connection, 200 requests after 20 warm-up ones; 24 entries a page.

${table(['target', 'measured', 'target met?'], searchRows(times))}`;
  console.log(`\n${report}\n`);
  writeSection('search', report);
}

if (process.argv[1]?.endsWith('bench/search.ts')) await main();
