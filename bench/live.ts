/**
 * `npm run bench:live` (also `BENCH_ONLY=live npm run bench`): a live jam (issue 44, ADR 044) on one
 * Node server. STREAMS (2,000) open streams on one jam: the server's memory per stream and its CPU at
 * rest; then ENTRIES (200) entries submitted over a minute through the API: from each write's
 * acknowledgement to its `entry-added` at every stream, p50 and p99. Writes its section of
 * bench/RESULTS.md. Goals: p99 ≤ 2 s, ≤ 20 KB per open stream.
 */
import { type ClientRequest, get } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jams, sessions, users } from '../db/schema';
import { SESSION_COOKIE, SESSION_LIFETIME_MS, generateSessionToken, hashToken } from '../src/server/auth/session';
import { migrateDatabase, openDatabase } from '../src/server/node/database';
import { startScratchApi } from '../tests/fakes/scratch-api';
import { loadAverage, machine, table, writeSection } from './results';
import { build, startApp } from './servers';

const STREAMS = Number(process.env.LIVE_STREAMS ?? 2000);
const ENTRIES = Number(process.env.LIVE_ENTRIES ?? 200);
const RUSH_MS = Number(process.env.LIVE_RUSH_SECONDS ?? 60) * 1000;
const REST_SECONDS = 10;
const GOAL_P99_MS = 2000;
const GOAL_KB_PER_STREAM = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);
const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

export async function measureLive(): Promise<number> {
  const loadAtStart = loadAverage();
  const folder = mkdtempSync(join(tmpdir(), 'itinerary-bench-live-'));
  const databaseUrl = `file:${join(folder, 'live.db')}`;
  const database = await openDatabase(databaseUrl);
  await migrateDatabase(database);
  const now = Date.now();
  await database.insert(jams).values({
    slug: 'live-bench',
    name: 'Live Bench',
    description: 'd',
    body: 'b',
    startsAt: new Date(now - 60_000),
    endsAt: new Date(now + 3_600_000),
  });
  const names = Array.from({ length: ENTRIES }, (_, i) => `live_bench_${String(i + 1).padStart(4, '0')}`);
  const people = await database
    .insert(users)
    .values(names.map((name) => ({ name })))
    .returning();
  const cookies = people.map((person) => {
    const token = generateSessionToken();
    return { person, token, cookie: `${SESSION_COOKIE}=${token}` };
  });
  await database.insert(sessions).values(
    cookies.map(({ person, token }) => ({
      id: hashToken(token),
      userId: person.id,
      expiresAt: new Date(now + SESSION_LIFETIME_MS),
    })),
  );
  const scratch = await startScratchApi();
  await fetch(`${scratch.url}/__fixtures`, {
    method: 'POST',
    body: JSON.stringify({
      users: names.map((username, i) => ({ username, id: 700_000 + i })),
      projects: names.map((author, i) => ({ id: 700_000_000 + i, title: `Live ${i + 1}`, author, shared: true })),
    }),
  });
  build();
  const app = await startApp('app-live', {
    DATABASE_URL: databaseUrl,
    SCRATCH_API_URL: scratch.url,
    ITINERARY_LIVE_STREAMS: String(STREAMS + 100),
  });
  const pid = app.process.pid!;
  try {
    // Warm: a few streams opened and closed, so what is measured is the streams, not the first request's code.
    await fetch(`${app.url}/jams/live-bench`).then((r) => r.arrayBuffer());
    await sleep(1000);
    const rssBefore = rssKb(pid);

    // Each stream's arrival time per entry id.
    const arrivals: Map<number, number>[] = [];
    const requests: ClientRequest[] = [];
    let open = 0;
    await new Promise<void>((resolve, reject) => {
      for (let i = 0; i < STREAMS; i++) {
        const seen = new Map<number, number>();
        arrivals.push(seen);
        const request = get(`${app.url}/api/jams/live-bench/events`, { agent: false }, (res) => {
          if (res.statusCode !== 200) return reject(new Error(`stream ${i} answered ${res.statusCode}`));
          let buffer = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            buffer += chunk;
            let end: number;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              if (block.includes('event: ready') && ++open === STREAMS) resolve();
              if (block.includes('event: entry-added')) {
                const data = JSON.parse(block.split('\ndata: ')[1]!) as { entry: { id: number } };
                seen.set(data.entry.id, performance.now());
              }
            }
          });
        });
        request.on('error', reject);
        requests.push(request);
      }
    });
    await sleep(2000);
    const rssOpen = rssKb(pid);
    const cpuAtRestStart = cpuSeconds(pid);
    await sleep(REST_SECONDS * 1000);
    const cpuAtRest = (cpuSeconds(pid) - cpuAtRestStart) / REST_SECONDS;

    // The rush: ENTRIES submissions spread evenly over RUSH_MS.
    const acknowledged = new Map<number, number>();
    const gap = RUSH_MS / ENTRIES;
    const started = performance.now();
    const failures: string[] = [];
    await Promise.all(
      cookies.map(async ({ cookie }, i) => {
        await sleep(Math.max(0, started + i * gap - performance.now()));
        const response = await fetch(`${app.url}/api/jams/live-bench/entries`, {
          method: 'POST',
          headers: { origin: app.url, cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ url: `https://scratch.mit.edu/projects/${700_000_000 + i}` }),
        });
        const body = (await response.json()) as { id?: number };
        if (response.status !== 201 || !body.id) failures.push(`${response.status} ${JSON.stringify(body)}`);
        else acknowledged.set(body.id, performance.now());
      }),
    );
    await sleep(3000);
    const latencies: number[] = [];
    let missing = 0;
    for (const seen of arrivals) {
      for (const [id, ackAt] of acknowledged) {
        const at = seen.get(id);
        if (at === undefined) missing++;
        else latencies.push(Math.max(0, at - ackAt));
      }
    }
    latencies.sort((a, b) => a - b);
    const rssAfter = rssKb(pid);
    for (const request of requests) request.destroy();

    const kbPerStream = (rssOpen - rssBefore) / STREAMS;
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    const met = p99 <= GOAL_P99_MS && kbPerStream <= GOAL_KB_PER_STREAM && missing === 0 && failures.length === 0;
    const report = `## npm run bench:live (a live jam, issue 44)

${machine(loadAtStart)}. One Node server (\`npm start\`'s build) on an embedded file,
${STREAMS.toLocaleString('en')} streams of one jam opened from the bench process, then ${ENTRIES} entries submitted
through the API over ${RUSH_MS / 1000} s (one every ${Math.round(gap)} ms). Latency: from the submit's 201 at the
bench to its \`entry-added\` at each stream (${latencies.length.toLocaleString('en')} deliveries).

${table(
  ['measure', 'value', 'goal'],
  [
    ['server memory (RSS) before the streams', `${(rssBefore / 1024).toFixed(1)} MB`, ''],
    [`with ${STREAMS.toLocaleString('en')} streams open`, `${(rssOpen / 1024).toFixed(1)} MB`, ''],
    ['memory per open stream', `${kbPerStream.toFixed(1)} KB`, `≤ ${GOAL_KB_PER_STREAM} KB`],
    ['CPU at rest with the streams open', `${(cpuAtRest * 100).toFixed(1)} % of a core`, ''],
    ['write acknowledged → event at every stream, p50', `${p50.toFixed(0)} ms`, ''],
    ['write acknowledged → event at every stream, p99', `${p99.toFixed(0)} ms`, `≤ ${GOAL_P99_MS} ms`],
    ['events missing / submits refused', `${missing} / ${failures.length}`, '0 / 0'],
    ['server memory after the rush', `${(rssAfter / 1024).toFixed(1)} MB`, ''],
  ],
)}

Goals ${met ? 'met' : 'NOT met'}. One poller reads every 500 ms, so an event waits ≤ 500 ms for its read; the
rest is writing it to every socket on one event loop (the bench's own client shares the machine's cores).
${failures.length ? `\nRefused: ${failures.slice(0, 3).join('; ')}\n` : ''}`;
    writeSection('live', report);
    console.log(report);
    return met ? 0 : 1;
  } finally {
    await app.stop();
    await scratch.close();
    database.$client.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = await measureLive();
