/**
 * `SPIKE_JUDGING=themes npm run bench:spike`: a jam's theme vote (ADR 043) under a crowd. SPIKE_VOTERS
 * logged-in voters (500 by default) open the theme panel and answer round 1 one suggestion at a time
 * (Yes / No / Skip on the least-seen one they have not answered, as the panel shows it), then, once the
 * final round opens, read the finalists and upvote one; a quarter of them change their mind once.
 * Round 1 takes the first 45 % of SPIKE_SECONDS, the final round opens at 50 % and the upvotes fill
 * the rest. Then the database is checked against every answer: each acknowledged answer stored once
 * with what was sent and nothing else, the counts the triggers keep equal to the rows, one upvote per
 * voter (the last acknowledged), and the leader the finalist with most upvotes (ties: the better
 * round-1 share, then the earliest suggestion).
 */
import { Agent, request } from 'node:http';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { jams, themeAnswers, themeFinalVotes, themeSuggestions } from '#db/schema';
import { migrateDatabase, openDatabase } from '#server/node/database';
import { statusCounts } from './measure';
import { acknowledges, requireDocumentedAnswers } from './acknowledged';
import { loadAverage, machine, table, writeSection } from './results';
import { DATA, ROOT, build, startApp } from './servers';
import { createWriters, percentile, random, sessionCookie } from './writers';

const SPIKE_SECONDS = Number(process.env.SPIKE_SECONDS ?? 50);
const VOTERS = Number(process.env.SPIKE_VOTERS ?? 500);
/** Round-1 answers per voter (each the next suggestion the server offers them). */
const ANSWERS = Number(process.env.SPIKE_ANSWERS ?? 8);
const SUGGESTIONS = 60;
const FINALISTS = 8;
const SLUG = 'theme-spike-jam';
const THEMES = [
  'Orbit',
  'Jungle',
  'Pixels',
  'Tiny worlds',
  'Upside down',
  'Echoes',
  'Gravity',
  'Lost and found',
  'Keys',
  'Shadows',
];

type Kind = 'mine' | 'answer' | 'pick';
interface Answer {
  kind: Kind;
  user: number;
  status: number;
  ms: number;
  suggestionId?: number;
  answer?: string;
}
interface MyTheme {
  next: { id: number } | null;
  candidates: { id: number; text: string }[];
}

const loadAtStart = loadAverage();
const path = join(DATA, 'theme-spike.db');
build();
for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true });
const databaseUrl = `file:${path}`;
const database = await openDatabase(databaseUrl);
await migrateDatabase(database, join(ROOT, 'db/migrations'));

const writers = await createWriters(database);
const people = writers.people.slice(0, VOTERS);
const tokens = writers.tokens.slice(0, VOTERS);
const hours = (n: number) => new Date(Date.now() + n * 3_600_000);
const [jam] = await database
  .insert(jams)
  .values({
    slug: SLUG,
    name: 'Theme Spike Jam',
    description: 'The crowd picks the theme.',
    startsAt: hours(24),
    endsAt: hours(72),
    themeRounds: true,
    themeFinalists: FINALISTS,
    themeSuggestFrom: hours(-48),
    themeRound1From: hours(-24),
    themeFinalFrom: hours(12),
    themeClosesAt: hours(20),
  })
  .returning({ id: jams.id });
// The suggestions, each from one of the voters (the suggesting phase is not part of the spike).
const rows = await database
  .insert(themeSuggestions)
  .values(
    Array.from({ length: SUGGESTIONS }, (_, i) => {
      const text = `${THEMES[i % THEMES.length]} ${Math.floor(i / THEMES.length) + 1}`;
      return {
        jamId: jam!.id,
        key: text.toLowerCase(),
        text,
        suggestedBy: people[i % people.length]!.id,
        createdAt: hours(-30 + i / 100),
      };
    }),
  )
  .returning({ id: themeSuggestions.id, text: themeSuggestions.text, createdAt: themeSuggestions.createdAt });

const app = await startApp('app-theme-spike', { DATABASE_URL: databaseUrl });
await requireDocumentedAnswers(app.url);
// The final round opens half-way through; set before any request, so no server has read the jam yet.
const began = Date.now();
const finalFrom = began + SPIKE_SECONDS * 500;
await database
  .update(jams)
  .set({ themeFinalFrom: new Date(finalFrom) })
  .where(eq(jams.id, jam!.id));

const agent = new Agent({ keepAlive: true, maxSockets: 256 });
let resent = 0;
function call(
  method: string,
  route: string,
  user: number,
  body?: unknown,
  again = true,
): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(`${app.url}${route}`, {
      method,
      agent,
      headers: {
        origin: app.url,
        cookie: sessionCookie(tokens[user]!),
        ...(payload ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : {}),
      },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        resolve({ status: res.statusCode!, json: text ? (JSON.parse(text) as unknown) : null });
      });
      res.on('error', reject);
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (!again || !req.reusedSocket || error.code !== 'ECONNRESET') return reject(error);
      resent++;
      call(method, route, user, body, false).then(resolve, reject);
    });
    req.end(payload);
  });
}

const answers: Answer[] = [];
const failures: unknown[] = [];
const next = random(43);
const base = `/api/jams/${SLUG}/theme`;
const sleepUntil = (moment: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, moment - Date.now())));

async function timed(kind: Kind, user: number, method: string, route: string, body?: unknown, extra: Partial<Answer> = {}) {
  const started = performance.now();
  const reply = await call(method, route, user, body);
  answers.push({ kind, user, status: reply.status, ms: performance.now() - started, ...extra });
  return reply;
}

/** One voter's evening: the panel, round-1 answers at their moments, then the finalists and an upvote (or two). */
async function voter(user: number, plan: { round1: number[]; final: number[] }) {
  await sleepUntil(began + plan.round1[0]!);
  let mine = (await timed('mine', user, 'GET', `${base}/mine`)).json as MyTheme | null;
  for (const at of plan.round1) {
    await sleepUntil(began + at);
    const suggestionId = mine?.next?.id;
    if (!suggestionId) break;
    const value = (['yes', 'yes', 'no', 'skip'] as const)[Math.floor(next() * 4)]!;
    const reply = await timed(
      'answer',
      user,
      'PUT',
      `${base}/suggestions/${suggestionId}/answer`,
      { answer: value },
      { suggestionId, answer: value },
    );
    if (acknowledges('themeAnswer', reply.status)) mine = reply.json as MyTheme;
  }
  await sleepUntil(began + plan.final[0]!);
  const finalists = ((await timed('mine', user, 'GET', `${base}/mine`)).json as MyTheme | null)?.candidates ?? [];
  for (const at of plan.final) {
    await sleepUntil(began + at);
    if (finalists.length === 0) break;
    // Earlier finalists are liked more, so the vote has a shape (and ties are rare but possible).
    const suggestionId = finalists[Math.floor(next() ** 1.5 * finalists.length)]!.id;
    await timed('pick', user, 'PUT', `${base}/pick`, { suggestionId }, { suggestionId });
  }
}

const ms = SPIKE_SECONDS * 1000;
console.log(
  `Theme spike: ${VOTERS} voters, ${ANSWERS} round-1 answers each, then an upvote (a quarter twice), over ${SPIKE_SECONDS} s …`,
);
await Promise.all(
  people.map((_, user) => {
    const start = next() * 0.3 * ms;
    const round1 = Array.from({ length: ANSWERS }, (_, n) => start + ((n + 1) * (0.45 * ms - start)) / (ANSWERS + 1));
    const first = 0.52 * ms + next() * 0.3 * ms;
    const final = next() < 0.25 ? [first, first + next() * (0.98 * ms - first)] : [first];
    return voter(user, { round1, final }).catch((error: unknown) => failures.push(error));
  }),
);
const elapsed = (Date.now() - began) / 1000;
agent.destroy();
await app.stop();

// Check every answer against what the database holds.
const problems: string[] = [];
const key = (suggestionId: number, user: number) => `${suggestionId}:${people[user]!.id}`;
const sent = new Map<string, string>();
for (const a of answers) {
  if (a.kind !== 'answer' || !acknowledges('themeAnswer', a.status)) continue;
  const k = key(a.suggestionId!, a.user);
  if (sent.has(k)) problems.push(`answer ${k} was acknowledged twice (the next suggestion was one already answered)`);
  sent.set(k, a.answer!);
}
const storedAnswers = await database.select().from(themeAnswers).where(eq(themeAnswers.jamId, jam!.id));
for (const row of storedAnswers) {
  const k = `${row.suggestionId}:${row.userId}`;
  const acknowledged = sent.get(k);
  if (acknowledged === undefined) problems.push(`answer ${k} is stored but was never acknowledged`);
  else if (acknowledged !== row.answer) problems.push(`answer ${k} holds ${row.answer}, but ${acknowledged} was acknowledged`);
}
if (storedAnswers.length !== sent.size) problems.push(`${storedAnswers.length} answers stored, ${sent.size} acknowledged`);
const counted = await database.select().from(themeSuggestions).where(eq(themeSuggestions.jamId, jam!.id));
let countsRight = 0;
for (const suggestion of counted) {
  const mine = storedAnswers.filter((row) => row.suggestionId === suggestion.id);
  const expected = {
    yes: mine.filter((r) => r.answer === 'yes').length,
    no: mine.filter((r) => r.answer === 'no').length,
    looks: mine.length,
  };
  if (suggestion.yes !== expected.yes || suggestion.no !== expected.no || suggestion.looks !== expected.looks) {
    problems.push(
      `suggestion ${suggestion.id} counts ${JSON.stringify({ yes: suggestion.yes, no: suggestion.no, looks: suggestion.looks })}, rows ${JSON.stringify(expected)}`,
    );
  } else countsRight++;
}
// One upvote per voter: the last they had acknowledged (each voter's picks go one after another).
const lastPick = new Map<number, number>();
for (const a of answers)
  if (a.kind === 'pick' && acknowledges('themePick', a.status)) lastPick.set(people[a.user]!.id, a.suggestionId!);
const storedVotes = await database.select().from(themeFinalVotes).where(eq(themeFinalVotes.jamId, jam!.id));
for (const vote of storedVotes) {
  if (lastPick.get(vote.userId) !== vote.suggestionId)
    problems.push(
      `voter ${vote.userId}'s upvote is on ${vote.suggestionId}, the last acknowledged on ${lastPick.get(vote.userId)}`,
    );
}
if (storedVotes.length !== lastPick.size)
  problems.push(`${storedVotes.length} upvotes stored, ${lastPick.size} voters acknowledged`);
// The leader: most upvotes among the finalists, then the better round-1 share, then the earliest suggestion.
const share = (s: (typeof counted)[number]) => (s.yes + s.no === 0 ? 0 : s.yes / (s.yes + s.no));
const created = new Map(rows.map((row) => [row.id, row.createdAt.getTime()]));
const upvotes = (id: number) => storedVotes.filter((vote) => vote.suggestionId === id).length;
const byShare = [...counted].sort((a, b) => share(b) - share(a) || created.get(a.id)! - created.get(b.id)! || a.id - b.id);
const finalists = byShare.slice(0, FINALISTS);
const winner = [...finalists].sort(
  (a, b) => upvotes(b.id) - upvotes(a.id) || share(b) - share(a) || created.get(a.id)! - created.get(b.id)! || a.id - b.id,
)[0];
const [{ leader } = { leader: null }] = await database
  .select({ leader: jams.themeLeader })
  .from(jams)
  .where(eq(jams.id, jam!.id));
if (leader !== winner?.text) problems.push(`the leader is ${leader}, the standings say ${winner?.text}`);
const offered = new Set(answers.filter((a) => a.kind === 'pick').map((a) => a.suggestionId));
for (const id of offered)
  if (!finalists.some((f) => f.id === id)) problems.push(`suggestion ${id} was offered as a finalist but is not one`);
database.$client.close();

const serverErrors = answers.filter((a) => a.status >= 500).length;
const refused = answers.filter((a) =>
  a.kind === 'mine' ? a.status !== 200 : !acknowledges(a.kind === 'pick' ? 'themePick' : 'themeAnswer', a.status),
);
if (failures.length > 0) problems.push(`${failures.length} requests got no answer: ${String(failures[0])}`);
// A 409 is round 1 closed when the answer arrived (a voter's next answer waits for the previous one's
// answer, so a slow server pushes it past the close): refused, not lost; anything else is a problem.
const unexpected = refused.filter((a) => !(a.kind === 'answer' && a.status === 409));
if (unexpected.length > 0)
  problems.push(
    `${unexpected.length} requests refused (${[...new Set(unexpected.map((a) => `${a.kind} ${a.status}`))].join(', ')})`,
  );
const writes = answers.filter((a) => a.kind !== 'mine');
const p99 = percentile(
  writes.map((a) => a.ms),
  99,
);

const statuses = (kind: Kind) => statusCounts(answers.filter((a) => a.kind === kind).map((a) => a.status));
const latency = (label: string, list: Answer[]) => {
  const times = list.map((a) => a.ms);
  return [
    label,
    list.length.toLocaleString('en'),
    percentile(times, 50).toFixed(1),
    percentile(times, 99).toFixed(1),
    Math.max(0, ...times).toFixed(1),
  ];
};
const ok = problems.length === 0;
const report = `## SPIKE_JUDGING=themes npm run bench:spike

${machine(loadAtStart)}.
${VOTERS} voters with sessions, one jam with theme rounds and ${SUGGESTIONS} suggestions (${FINALISTS} finalists); requests on a fixed
schedule (each voter's one after another, voters not waiting for each other) over ${SPIKE_SECONDS} s: round 1 in the first 45 %, the final
round from 50 %; one app server on an embedded database (WAL), page cache on.

| | |
|---|---|
| requests | ${answers.length.toLocaleString('en')} in ${elapsed.toFixed(1)} s = ${(answers.length / elapsed).toFixed(0)} requests/s; ${resent} sent again (the server had closed the idle keep-alive connection) |
| panel reads (\`GET …/theme/mine\`) | ${statuses('mine')} |
| round-1 answers | ${statuses('answer')} |
| final-round upvotes | ${statuses('pick')} |
| answers stored | ${storedAnswers.length.toLocaleString('en')} (${sent.size.toLocaleString('en')} acknowledged) |
| suggestions whose trigger counts equal their rows | ${countsRight} of ${counted.length} |
| upvotes stored | ${storedVotes.length} (${lastPick.size} voters acknowledged) |
| leader | ${leader} (the standings: ${winner?.text}, ${winner ? upvotes(winner.id) : 0} upvotes) |
| 5xx answers | ${serverErrors} |
| lost or duplicated writes | ${problems.some((p) => /stored|twice|holds|upvote/.test(p)) ? '**yes**' : 'none'} |

${table(
  ['latency', 'requests', 'p50 ms', 'p99 ms', 'max ms'],
  [
    latency(
      'panel reads',
      answers.filter((a) => a.kind === 'mine'),
    ),
    latency(
      'round-1 answers',
      answers.filter((a) => a.kind === 'answer'),
    ),
    latency(
      'upvotes',
      answers.filter((a) => a.kind === 'pick'),
    ),
    latency('all', answers),
  ],
)}

${table(
  ['target', 'measured', 'target met?'],
  [
    [
      'every acknowledged answer and upvote stored once, trigger counts equal the rows, the leader right, no error',
      ok ? 'all checks passed' : problems.slice(0, 3).join('; '),
      ok ? 'met' : '**missed**',
    ],
    ['write p99 < 200 ms', `${p99.toFixed(1)} ms`, p99 < 200 ? 'met' : '**missed**'],
    [
      'every round-1 answer in time (none refused because round 1 had closed)',
      `${refused.length - unexpected.length} arrived after the close`,
      refused.length === 0 ? 'met' : '**missed**',
    ],
  ],
)}`;

console.log(`\n${report}\n`);
for (const problem of problems.slice(0, 20)) console.error(problem);
writeSection('spike-themes', report);
if (problems.length > 0) process.exitCode = 1;
