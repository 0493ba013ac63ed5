/**
 * `npm run bench:spike`: the last minute before a big jam's deadline. 500 logged-in users send
 * 1,000 submissions (each tries twice: one entry per user per jam, so exactly 500 must be
 * accepted and 500 refused with 409) and 10,000 upvotes (20 each, at random entries that are
 * not their own) to one running jam, spread over SPIKE_SECONDS. Then the database is checked
 * against every answer. See bench/README.md.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { jams } from '#db/schema';
import { migrateDatabase, openDatabase } from '#server/node/database';
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

const SPIKE_SECONDS = Number(process.env.SPIKE_SECONDS ?? 50);
const SERVERS = Number(process.env.SPIKE_SERVERS ?? 1);
const SLUG = 'deadline-spike-jam';

const loadAtStart = loadAverage();
build();
const path = join(DATA, 'spike.db');
for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true });
const database = await openDatabase(`file:${path}`);
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
  })
  .returning({ id: jams.id });
const scratch = await startScratchForWriters(people);

// SPIKE_SERVERS=2 runs two app processes on the same database file, each user sticking to one,
// as behind a load balancer: the scale-out that README "Deploying" describes, on one machine.
const apps = await Promise.all(
  Array.from({ length: SERVERS }, (_, i) =>
    startApp(`app-spike-${i + 1}`, { DATABASE_URL: `file:${path}`, SCRATCH_API_URL: scratch.url }),
  ),
);

console.log(
  `Spike: ${(USERS * (SUBMISSIONS_PER_USER + VOTES_PER_USER)).toLocaleString('en')} requests over ${SPIKE_SECONDS} s …`,
);
const spike = await runSpike({ slug: SLUG, seconds: SPIKE_SECONDS, tokens, urlFor: (user) => apps[user % apps.length]!.url });
await Promise.all(apps.map((app) => app.stop()));
await scratch.close();

// Check every answer against what the database holds.
const check = await checkWrites(database, { jamId: jam!.id, people, spike, withinSeconds: 60 });
database.$client.close();

const report = `## npm run bench:spike

${machine(loadAtStart)}.
${USERS} users with sessions, one running jam, the Scratch API fake knowing 2 projects per user; requests sent on a fixed
schedule (not waiting for each other) over ${SPIKE_SECONDS} s; ${SERVERS === 1 ? 'one app server' : `${SERVERS} app servers`} on an embedded database (WAL), page cache on.

${writeTables(spike, check)}

${table(['target', 'measured', 'target met?'], writeTargets(check))}`;

console.log(`\n${report}\n`);
for (const problem of check.problems.slice(0, 20)) console.error(problem);
writeSection('spike', report);
if (check.problems.length > 0) process.exitCode = 1;
