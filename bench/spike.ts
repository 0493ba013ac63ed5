/**
 * `npm run bench:spike`: the last minute before a big jam's deadline. 500 logged-in users send
 * 1,000 submissions (each tries twice: one entry per user per jam, so exactly 500 must be
 * accepted and 500 refused with 409) and 10,000 upvotes (20 each, at random entries that are
 * not their own) to one running jam, spread over SPIKE_SECONDS. Then the database is checked
 * against every answer. SPIKE_TARGET=workerd sends it to the Cloudflare build in workerd
 * (`wrangler dev`, offline) on a libSQL server (sqld) instead of our Node server on a file.
 * SPIKE_JUDGING=themes runs the theme rounds' spike instead (bench/theme-spike.ts). See bench/README.md.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { jams } from '#db/schema';
import { migrateDatabase, openDatabase } from '#server/node/database';
import { buildIfStale } from '../scripts/build-if-stale';
import { freePort } from '../tests/helpers/ports';
import { startSqld } from '../tests/helpers/sqld';
import { startWorkerd } from '../tests/helpers/workerd';
import { loadAverage, machine, table, writeSection } from './results';
import { DATA, ROOT, build, startApp } from './servers';
import {
  SUBMISSIONS_PER_USER,
  USERS,
  VOTES_PER_USER,
  checkWrites,
  createWriters,
  runSpike,
  startScratchForWriters,
  writeTables,
  writeTargets,
} from './writers';

// SPIKE_JUDGING=themes: a jam's theme vote instead (bench/theme-spike.ts), then nothing of the deadline's.
if (process.env.SPIKE_JUDGING === 'themes') {
  await import('./theme-spike');
  process.exit();
}

const SPIKE_SECONDS = Number(process.env.SPIKE_SECONDS ?? 50);
const SERVERS = Number(process.env.SPIKE_SERVERS ?? 1);
const ON_WORKERD = process.env.SPIKE_TARGET === 'workerd';
/** SPIKE_JUDGING=ratings: the jam is judged by ratings on its default criteria, and each "vote" rates. */
const RATINGS = process.env.SPIKE_JUDGING === 'ratings';
const SLUG = 'deadline-spike-jam';

const loadAtStart = loadAverage();
const path = join(DATA, 'spike.db');
const sqld = ON_WORKERD ? await startSqld() : undefined;
if (ON_WORKERD) buildIfStale('cloudflare');
else {
  build();
  for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true });
}
const databaseUrl = sqld?.url ?? `file:${path}`;
const database = await openDatabase(databaseUrl);
await migrateDatabase(database, join(ROOT, 'db/migrations'));

const { people, tokens } = await createWriters(database);
const [jam] = await database
  .insert(jams)
  .values({
    slug: SLUG,
    name: 'Deadline Spike Jam',
    description: 'The last minute.',
    startsAt: new Date(Date.now() - 7 * 86_400_000),
    endsAt: new Date(Date.now() + 3_600_000),
    ...(RATINGS ? { judging: 'ratings' as const } : {}),
  })
  .returning({ id: jams.id, criteria: jams.criteria });
const scratch = await startScratchForWriters(people);

// SPIKE_SERVERS=2 runs two app processes on the same database file, each user sticking to one,
// as behind a load balancer: the scale-out that README "Deploying" describes, on one machine.
const apps = ON_WORKERD
  ? [await startWorkerdOn(databaseUrl, scratch.url)]
  : await Promise.all(
      Array.from({ length: SERVERS }, (_, i) =>
        startApp(`app-spike-${i + 1}`, { DATABASE_URL: databaseUrl, SCRATCH_API_URL: scratch.url }),
      ),
    );

console.log(
  `Spike: ${(USERS * (SUBMISSIONS_PER_USER + VOTES_PER_USER)).toLocaleString('en')} requests over ${SPIKE_SECONDS} s …`,
);
const spike = await runSpike({
  slug: SLUG,
  seconds: SPIKE_SECONDS,
  tokens,
  urlFor: (user) => apps[user % apps.length]!.url,
  criteria: RATINGS ? jam!.criteria.map((criterion) => criterion.id) : undefined,
});
await Promise.all(apps.map((app) => app.stop()));
await scratch.close();

// Check every answer against what the database holds.
const check = await checkWrites(database, { jamId: jam!.id, people, spike, withinSeconds: 60, ratingsJam: RATINGS });
database.$client.close();
await sqld?.stop();

const where = ON_WORKERD
  ? 'the Cloudflare build in workerd (`wrangler dev --local`, its Rate Limiting bindings) on a libSQL server (sqld, default limits)'
  : `${SERVERS === 1 ? 'one app server' : `${SERVERS} app servers`} on an embedded database (WAL), page cache on`;

const variables = `${ON_WORKERD ? 'SPIKE_TARGET=workerd ' : ''}${RATINGS ? 'SPIKE_JUDGING=ratings ' : ''}`;
const report = `## ${variables}npm run bench:spike

${machine(loadAtStart)}.
${USERS} users with sessions, one running jam${RATINGS ? ' judged by ratings on 5 criteria' : ''}, the Scratch API fake knowing 2 projects per user; requests sent on a fixed
schedule (not waiting for each other) over ${SPIKE_SECONDS} s; ${where}.

${writeTables(spike, check)}

${table(['target', 'measured', 'target met?'], writeTargets(check))}`;

console.log(`\n${report}\n`);
for (const problem of check.problems.slice(0, 20)) console.error(problem);
writeSection(`spike${ON_WORKERD ? '-workerd' : ''}${RATINGS ? '-ratings' : ''}`, report);
if (check.problems.length > 0) process.exitCode = 1;

/** The Worker in workerd, its variables as the smoke suite's workerd target sets them. */
async function startWorkerdOn(url: string, scratchApiUrl: string) {
  const port = await freePort();
  const site = `http://127.0.0.1:${port}`;
  const worker = await startWorkerd({
    port,
    vars: {
      DATABASE_URL: url,
      SCRATCH_API_URL: scratchApiUrl,
      PUBLIC_SITE_URL: site,
      ITINERARY_ADMINS: '',
      ITINERARY_DEV_LOGIN: '0',
    },
  });
  return { url: site, stop: () => worker.stop() };
}
