/**
 * `npm run bench:spike`: the last minute before a big jam's deadline. 500 logged-in users send
 * 1,000 submissions (each tries twice: one entry per user per jam, so exactly 500 must be
 * accepted and 500 refused with 409) and 10,000 upvotes (20 each, at random entries that are
 * not their own) to one running jam, spread over SPIKE_SECONDS. Then the database is checked
 * against every answer. See bench/README.md.
 */
import { rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { entries, jams, sessions, users, votes } from '#db/schema';
import { VOTE_LIMIT } from '#lib/schemas/entries';
import { migrateDatabase, openDatabase } from '#server/platform/db';
import { SESSION_COOKIE, SESSION_LIFETIME_MS, generateSessionToken, hashToken } from '#server/auth/session';
import { startScratchApi } from '../tests/fakes/scratch-api';
import { loadAverage, machine, table, writeSection } from './results';
import { DATA, ROOT, build, startApp } from './servers';

const USERS = 500;
const SUBMISSIONS_PER_USER = 2;
const VOTES_PER_USER = 20;
const SPIKE_SECONDS = Number(process.env.SPIKE_SECONDS ?? 50);
const SERVERS = Number(process.env.SPIKE_SERVERS ?? 1);
const SLUG = 'deadline-spike-jam';
const PROJECT_BASE = 880_000_000;

type Kind = 'submit' | 'vote';
interface Answer {
  kind: Kind;
  user: number;
  status: number;
  ms: number;
  entryId?: number;
  project?: number;
}

/** A small deterministic random source, so two runs send the same spike. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const loadAtStart = loadAverage();
build();
const path = join(DATA, 'spike.db');
for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true });
const database = await openDatabase(`file:${path}`);
await migrateDatabase(database, join(ROOT, 'db/migrations'));

const names = Array.from({ length: USERS }, (_, i) => `spike_user_${String(i + 1).padStart(3, '0')}`);
const people = await database
  .insert(users)
  .values(names.map((name) => ({ name })))
  .returning({ id: users.id, name: users.name });
const tokens = people.map(() => generateSessionToken());
await database.insert(sessions).values(
  people.map((person, i) => ({
    id: hashToken(tokens[i]!),
    userId: person.id,
    expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS),
  })),
);
await database.insert(jams).values({
  slug: SLUG,
  name: 'Deadline Spike Jam',
  description: 'The last minute.',
  startsAt: new Date(Date.now() - 7 * 86_400_000),
  endsAt: new Date(Date.now() + 3_600_000),
});

const scratch = await startScratchApi();
const projectOf = (user: number, attempt: number) => PROJECT_BASE + user * SUBMISSIONS_PER_USER + attempt;
await fetch(`${scratch.url}/__fixtures`, {
  method: 'POST',
  body: JSON.stringify({
    users: names.map((username, i) => ({ username, id: 50_000 + i })),
    projects: names.flatMap((author, user) =>
      Array.from({ length: SUBMISSIONS_PER_USER }, (_, attempt) => ({
        id: projectOf(user, attempt),
        title: `Last-minute game ${user}-${attempt}`,
        author,
        shared: true,
      })),
    ),
  }),
});

// SPIKE_SERVERS=2 runs two app processes on the same database file, each user sticking to one,
// as behind a load balancer: the scale-out that README "Deploying" describes, on one machine.
const apps = await Promise.all(
  Array.from({ length: SERVERS }, (_, i) =>
    startApp(`app-spike-${i + 1}`, { DATABASE_URL: `file:${path}`, SCRATCH_API_URL: scratch.url }),
  ),
);
const appFor = (user: number) => apps[user % apps.length]!;

// The schedule: each user submits twice within the first 60 % of the spike, and votes 20 times
// from 10 % on, always for an entry already accepted (and not their own) when the vote is sent.
const next = random(8);
type Planned = { at: number; kind: Kind; user: number; attempt: number };
const plan: Planned[] = [];
for (let user = 0; user < USERS; user++) {
  const first = next() * 0.6 * SPIKE_SECONDS * 1000;
  for (let attempt = 0; attempt < SUBMISSIONS_PER_USER; attempt++)
    plan.push({ at: first + attempt * next() * 2000, kind: 'submit', user, attempt });
  for (let n = 0; n < VOTES_PER_USER; n++)
    plan.push({ at: (0.1 + 0.9 * next()) * SPIKE_SECONDS * 1000, kind: 'vote', user, attempt: n });
}
plan.sort((a, b) => a.at - b.at);

const accepted: { id: number; user: number }[] = [];
const answers: Answer[] = [];
// node:http with keep-alive rather than fetch: the client shares the two cores with the server,
// and fetch costs it several times more CPU per request.
const agent = new Agent({ keepAlive: true, maxSockets: 256 });

/** One request as a browser would send it (cookie, Origin, compression accepted); the status and the JSON answer. */
function call(method: string, path: string, user: number, body?: unknown): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const app = appFor(user);
    const req = request(`${app.url}${path}`, {
      method,
      agent,
      headers: {
        origin: app.url,
        cookie: `${SESSION_COOKIE}=${tokens[user]}`,
        'accept-encoding': 'gzip, deflate, br',
        ...(payload ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : {}),
      },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const text = (
          encoding === 'br'
            ? brotliDecompressSync(raw)
            : encoding === 'gzip'
              ? gunzipSync(raw)
              : encoding === 'deflate'
                ? inflateSync(raw)
                : raw
        ).toString();
        resolve({ status: res.statusCode!, json: text ? JSON.parse(text) : null });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

async function send(step: Planned): Promise<void> {
  const started = performance.now();
  if (step.kind === 'submit') {
    const project = projectOf(step.user, step.attempt);
    const { status, json } = await call('POST', `/api/jams/${SLUG}/entries`, step.user, {
      url: `https://scratch.mit.edu/projects/${project}/`,
    });
    const id = (json as { id?: number } | null)?.id;
    answers.push({ kind: 'submit', user: step.user, status, ms: performance.now() - started, project, entryId: id });
    if (status === 201 && id) accepted.push({ id, user: step.user });
    return;
  }
  const choices = accepted.filter((entry) => entry.user !== step.user);
  if (choices.length === 0) throw new Error('no entry to vote for yet: the schedule starts votes too early');
  const entry = choices[Math.floor(next() * choices.length)]!;
  const { status } = await call('PUT', `/api/jams/${SLUG}/entries/${entry.id}/vote`, step.user);
  answers.push({ kind: 'vote', user: step.user, status, ms: performance.now() - started, entryId: entry.id });
}

console.log(`Spike: ${plan.length.toLocaleString('en')} requests over ${SPIKE_SECONDS} s …`);
const began = performance.now();
const failures: unknown[] = [];
await Promise.all(
  plan.map(
    (step) =>
      new Promise<void>((resolve) => {
        setTimeout(
          () =>
            send(step)
              .catch((error) => failures.push(error))
              .finally(resolve),
          step.at,
        );
      }),
  ),
);
const elapsed = (performance.now() - began) / 1000;
agent.destroy();
await Promise.all(apps.map((app) => app.stop()));
await scratch.close();

// Check every answer against what the database holds.
const storedEntries = await database.select().from(entries);
const storedVotes = await database.select().from(votes);
database.$client.close();
const userIndex = new Map(people.map((person, i) => [person.id, i]));
const problems: string[] = [];
const count = (kind: Kind, status: (s: number) => boolean) => answers.filter((a) => a.kind === kind && status(a.status)).length;

const submitted = answers.filter((a) => a.kind === 'submit' && a.status === 201);
if (submitted.length !== USERS) problems.push(`${submitted.length} submissions accepted, expected exactly ${USERS}`);
if (count('submit', (s) => s === 409) !== USERS * (SUBMISSIONS_PER_USER - 1))
  problems.push(`${count('submit', (s) => s === 409)} submissions refused with 409, expected ${USERS}`);
if (storedEntries.length !== submitted.length)
  problems.push(`${storedEntries.length} entries stored for ${submitted.length} accepted`);
for (const answer of submitted) {
  const rows = storedEntries.filter(
    (entry) =>
      entry.id === answer.entryId && entry.scratchId === answer.project && userIndex.get(entry.submitterId) === answer.user,
  );
  if (rows.length !== 1) problems.push(`accepted entry ${answer.entryId} stored ${rows.length} times`);
}

const acknowledged = new Set(answers.filter((a) => a.kind === 'vote' && a.status === 200).map((a) => `${a.user}:${a.entryId}`));
const stored = storedVotes.map((vote) => `${userIndex.get(vote.voterId)}:${vote.entryId}`);
if (new Set(stored).size !== stored.length) problems.push('a vote is stored twice');
for (const key of acknowledged) if (!stored.includes(key)) problems.push(`acknowledged vote ${key} is not stored`);
for (const key of stored) if (!acknowledged.has(key)) problems.push(`vote ${key} is stored but was never acknowledged`);
const perUser = new Map<number, number>();
for (const vote of storedVotes) perUser.set(vote.voterId, (perUser.get(vote.voterId) ?? 0) + 1);
const overLimit = [...perUser.values()].filter((n) => n > VOTE_LIMIT).length;
if (overLimit > 0) problems.push(`${overLimit} users have more than ${VOTE_LIMIT} votes`);
const triedDistinct = new Map<number, Set<number>>();
for (const a of answers)
  if (a.kind === 'vote') triedDistinct.set(a.user, (triedDistinct.get(a.user) ?? new Set()).add(a.entryId!));
const underLimit = people.filter(
  (person, i) => (triedDistinct.get(i)?.size ?? 0) >= VOTE_LIMIT && perUser.get(person.id) !== VOTE_LIMIT,
).length;
if (underLimit > 0)
  problems.push(`${underLimit} users who tried ${VOTE_LIMIT}+ different entries do not have exactly ${VOTE_LIMIT} votes`);
const serverErrors = answers.filter((a) => a.status >= 500).length;
if (serverErrors > 0) problems.push(`${serverErrors} answers were 5xx`);
const limited = answers.filter((a) => a.status === 429).length;
if (limited > 0) problems.push(`${limited} answers were 429 (rate limited)`);
if (failures.length > 0) problems.push(`${failures.length} requests failed: ${String(failures[0])}`);
if (elapsed > 60) problems.push(`the spike took ${elapsed.toFixed(1)} s, more than 60 s`);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
};
const latencyRow = (label: string, list: Answer[]) => [
  label,
  list.length.toLocaleString('en'),
  percentile(
    list.map((a) => a.ms),
    50,
  ).toFixed(1),
  percentile(
    list.map((a) => a.ms),
    99,
  ).toFixed(1),
  Math.max(0, ...list.map((a) => a.ms)).toFixed(1),
];
const p99 = percentile(
  answers.map((a) => a.ms),
  99,
);
const statuses = (kind: Kind) =>
  Object.entries(
    Object.groupBy(
      answers.filter((a) => a.kind === kind),
      (a) => String(a.status),
    ),
  )
    .map(([status, list]) => `${list!.length.toLocaleString('en')}× ${status}`)
    .join(', ');

const report = `## npm run bench:spike

${machine(loadAtStart)}.
${USERS} users with sessions, one running jam, the Scratch API fake knowing 2 projects per user; requests sent on a fixed
schedule (not waiting for each other) over ${SPIKE_SECONDS} s; ${SERVERS === 1 ? 'one app server' : `${SERVERS} app servers`} on an embedded database (WAL), page cache on.

| | |
|---|---|
| requests | ${answers.length.toLocaleString('en')} in ${elapsed.toFixed(1)} s = ${(answers.length / elapsed).toFixed(0)} requests/s |
| submissions | ${statuses('submit')} |
| votes | ${statuses('vote')} |
| entries stored | ${storedEntries.length} |
| votes stored | ${storedVotes.length.toLocaleString('en')} (${acknowledged.size.toLocaleString('en')} distinct acknowledged) |
| users over the vote limit | ${overLimit} |
| 5xx answers | ${serverErrors} |
| lost or duplicated writes | ${problems.some((p) => /stored/.test(p)) ? '**yes**' : 'none'} |

${table(
  ['latency', 'requests', 'p50 ms', 'p99 ms', 'max ms'],
  [
    latencyRow(
      'submissions',
      answers.filter((a) => a.kind === 'submit'),
    ),
    latencyRow(
      'votes',
      answers.filter((a) => a.kind === 'vote'),
    ),
    latencyRow('all', answers),
  ],
)}

| target | measured | target met? |
|---|---:|---:|
| 0 lost or duplicated writes, vote limit exact, no 5xx | ${problems.length === 0 ? 'all checks passed' : problems.slice(0, 3).join('; ')} | ${problems.length === 0 ? 'met' : '**missed**'} |
| p99 < 200 ms | ${p99.toFixed(1)} ms | ${p99 < 200 ? 'met' : '**missed**'} |`;

console.log(`\n${report}\n`);
for (const problem of problems.slice(0, 20)) console.error(problem);
writeSection('spike', report);
if (problems.length > 0) process.exitCode = 1;
