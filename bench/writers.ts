/**
 * The deadline's writers, shared by `bench:spike` and `bench:rush`: 500 users with sessions, the
 * Scratch API fake knowing two shared projects each, the schedule of their 1,000 submissions and
 * 10,000 upvotes, the client that sends them, and the checks of every answer against the database.
 */
import { Agent, request } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { and, eq, gte, inArray } from 'drizzle-orm';
import { entries, plays, ratings, sessions, users, votes } from '#db/schema';
import { STARS_MAX } from '#lib/judging';
import { VOTE_LIMIT } from '#lib/schemas/entries';
import type { Database } from '#server/platform/db';
import { SESSION_COOKIE, SESSION_LIFETIME_MS, generateSessionToken, hashToken } from '#server/auth/session';
import { type ScratchApiFake, startScratchApi } from '../tests/fakes/scratch-api';
import { acknowledges, requireDocumentedAnswers } from './acknowledged';
import { statusCounts } from './measure';
import { table } from './results';

export const USERS = 500;
export const SUBMISSIONS_PER_USER = 2;
export const VOTES_PER_USER = 20;
const PROJECT_BASE = 880_000_000;

/** Plays per user in `bench:rush` (the spike sends none): people open entries' players while they vote. */
export const PLAYS_PER_USER = Number(process.env.RUSH_PLAYS ?? 10);

/** `document`: the entry page's viewer document, which the page asks for beside its play (a read). */
export type Kind = 'submit' | 'vote' | 'play' | 'document';
const isWrite = (answer: Answer) => answer.kind !== 'document';
export interface Answer {
  kind: Kind;
  user: number;
  status: number;
  ms: number;
  /** When it was sent, in ms from the spike's start. */
  sentAt?: number;
  entryId?: number;
  project?: number;
  /** A rating's stars by criterion id, as sent. */
  stars?: Record<string, number>;
}
export interface Person {
  id: number;
  name: string;
}

/** A small deterministic random source, so two runs send the same spike. */
export function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
};

/** A session for each user, inserted directly (as tests/helpers/environment.ts does); their tokens, in order. */
export async function createSessions(database: Database, userIds: number[]): Promise<string[]> {
  const tokens = userIds.map(() => generateSessionToken());
  await database.insert(sessions).values(
    userIds.map((userId, i) => ({
      id: hashToken(tokens[i]!),
      userId,
      expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS),
    })),
  );
  return tokens;
}

export const sessionCookie = (token: string) => `${SESSION_COOKIE}=${token}`;

/** The 500 writers (`spike_user_001` …) with a session each. */
export async function createWriters(database: Database): Promise<{ people: Person[]; tokens: string[] }> {
  const names = Array.from({ length: USERS }, (_, i) => `spike_user_${String(i + 1).padStart(3, '0')}`);
  const people = await database
    .insert(users)
    .values(names.map((name) => ({ name })))
    .returning({ id: users.id, name: users.name });
  return {
    people,
    tokens: await createSessions(
      database,
      people.map((person) => person.id),
    ),
  };
}

/** The Scratch project of a writer's `attempt`-th submission (the fake knows both). */
export const projectOf = (user: number, attempt: number) => PROJECT_BASE + user * SUBMISSIONS_PER_USER + attempt;

/** The Scratch API fake, knowing each writer and two shared projects of theirs. */
export async function startScratchForWriters(people: Person[]): Promise<ScratchApiFake> {
  const scratch = await startScratchApi();
  await fetch(`${scratch.url}/__fixtures`, {
    method: 'POST',
    body: JSON.stringify({
      users: people.map(({ name }, i) => ({ username: name, id: 50_000 + i })),
      projects: people.flatMap(({ name }, user) =>
        Array.from({ length: SUBMISSIONS_PER_USER }, (_, attempt) => ({
          id: projectOf(user, attempt),
          title: `Last-minute game ${user}-${attempt}`,
          author: name,
          shared: true,
        })),
      ),
    }),
  });
  return scratch;
}

export interface Spike {
  answers: Answer[];
  /** Requests that got no answer at all (a connection error). */
  failures: unknown[];
  /** Requests sent again because the server had closed the idle keep-alive connection they went out on. */
  resent: number;
  /** How often each refusal came, by method, status and message. */
  refusals?: Record<string, number>;
  elapsed: number;
}

export interface SpikeOptions {
  slug: string;
  seconds: number;
  tokens: string[];
  /** The app server user `user` sends to (they stick to one, as behind a load balancer). */
  urlFor: (user: number) => string;
  /** Plays each user records (opening an entry's player, their own sometimes), from 10 % on; none by default. */
  playsPerUser?: number;
  /** The criteria of a ratings jam: each "vote" is then a rating of 1 to all of them, 1–5 stars each. */
  criteria?: number[];
  /**
   * Keep-alive connections opened to each server before the schedule starts, as a load balancer keeps
   * a pool of them (none by default: each write's connection is opened when it is needed).
   */
  warmConnections?: number;
  /** Called when the schedule starts (after the connections above are open). */
  onStart?: () => void;
}

/**
 * Sends the spike to the jam `slug` on a fixed schedule spread over `seconds`, without waiting for
 * answers: each user submits twice within the first 60 % of it, and votes 20 times from 10 % on,
 * always for an entry already accepted (and not their own) when the vote is sent.
 */
export async function runSpike({
  slug,
  seconds,
  tokens,
  urlFor,
  playsPerUser = 0,
  criteria,
  warmConnections = 0,
  onStart,
}: SpikeOptions): Promise<Spike> {
  // Counting by statuses the API no longer answers would print a wrong table: stop first.
  await requireDocumentedAnswers(urlFor(0));
  const next = random(8);
  type Planned = { at: number; kind: Kind; user: number; attempt: number };
  const plan: Planned[] = [];
  for (let user = 0; user < tokens.length; user++) {
    const first = next() * 0.6 * seconds * 1000;
    for (let attempt = 0; attempt < SUBMISSIONS_PER_USER; attempt++)
      plan.push({ at: first + attempt * next() * 2000, kind: 'submit', user, attempt });
    for (let n = 0; n < VOTES_PER_USER; n++)
      plan.push({ at: (0.1 + 0.9 * next()) * seconds * 1000, kind: 'vote', user, attempt: n });
    for (let n = 0; n < playsPerUser; n++)
      plan.push({ at: (0.1 + 0.9 * next()) * seconds * 1000, kind: 'play', user, attempt: n });
  }
  plan.sort((a, b) => a.at - b.at);

  const accepted: { id: number; user: number }[] = [];
  const answers: Answer[] = [];
  // node:http with keep-alive rather than fetch: the client shares the two cores with the server,
  // and fetch costs it several times more CPU per request.
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });

  let resent = 0;
  /** Each refusal's message and how often it came (`PUT 409: …`), for the report. */
  const refusals = new Map<string, number>();
  /**
   * One request as a browser would send it (cookie, Origin, compression accepted); the status and the
   * JSON answer. Sent once more, as browsers do, when it went out on a reused connection that the server
   * had just closed for idling (its keep-alive timeout): the request never reached the app.
   */
  const call = (
    method: string,
    path: string,
    user: number,
    body?: unknown,
    again = true,
  ): Promise<{ status: number; json: unknown }> =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const url = urlFor(user);
      const req = request(`${url}${path}`, {
        method,
        agent,
        headers: {
          origin: url,
          cookie: sessionCookie(tokens[user]!),
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
          const json = text ? (JSON.parse(text) as unknown) : null;
          const message = (json as { error?: { message?: string } } | null)?.error?.message;
          if (message) {
            const key = `${method} ${res.statusCode}: ${message}`;
            refusals.set(key, (refusals.get(key) ?? 0) + 1);
          }
          resolve({ status: res.statusCode!, json });
        });
        res.on('error', reject);
      });
      req.on('error', (error: NodeJS.ErrnoException) => {
        if (!again || !req.reusedSocket || error.code !== 'ECONNRESET') return reject(error);
        resent++;
        call(method, path, user, body, false).then(resolve, reject);
      });
      req.end(payload);
    });

  let began = performance.now();
  const send = async (step: Planned): Promise<void> => {
    const started = performance.now();
    if (step.kind === 'submit') {
      const project = projectOf(step.user, step.attempt);
      const { status, json } = await call('POST', `/api/jams/${slug}/entries`, step.user, {
        url: `https://scratch.mit.edu/projects/${project}/`,
      });
      const id = (json as { id?: number } | null)?.id;
      answers.push({
        kind: 'submit',
        user: step.user,
        status,
        ms: performance.now() - started,
        sentAt: started - began,
        project,
        entryId: id,
      });
      if (acknowledges('submit', status) && id) accepted.push({ id, user: step.user });
      return;
    }
    if (step.kind === 'play') {
      if (accepted.length === 0) throw new Error('no entry to play yet: the schedule starts plays too early');
      const entry = accepted[Math.floor(next() * accepted.length)]!;
      // As the entry page does: the play and the page's viewer document side by side.
      await Promise.all([
        call('PUT', `/api/jams/${slug}/entries/${entry.id}/play`, step.user).then(({ status }) =>
          answers.push({
            kind: 'play',
            user: step.user,
            status,
            ms: performance.now() - started,
            sentAt: started - began,
            entryId: entry.id,
          }),
        ),
        call('GET', `/api/jams/${slug}/viewer?entry=${entry.id}`, step.user).then(({ status }) =>
          answers.push({
            kind: 'document',
            user: step.user,
            status,
            ms: performance.now() - started,
            sentAt: started - began,
            entryId: entry.id,
          }),
        ),
      ]);
      return;
    }
    const choices = accepted.filter((entry) => entry.user !== step.user);
    if (choices.length === 0) throw new Error('no entry to vote for yet: the schedule starts votes too early');
    const entry = choices[Math.floor(next() * choices.length)]!;
    if (criteria) {
      const rated = criteria.filter((_, i) => i === 0 || next() < 0.6);
      const stars = Object.fromEntries(rated.map((id) => [String(id), 1 + Math.floor(next() * STARS_MAX)]));
      const { status } = await call('PUT', `/api/jams/${slug}/entries/${entry.id}/rating`, step.user, { stars });
      answers.push({
        kind: 'vote',
        user: step.user,
        status,
        ms: performance.now() - started,
        sentAt: started - began,
        entryId: entry.id,
        stars,
      });
      return;
    }
    const { status } = await call('PUT', `/api/jams/${slug}/entries/${entry.id}/vote`, step.user);
    answers.push({
      kind: 'vote',
      user: step.user,
      status,
      ms: performance.now() - started,
      sentAt: started - began,
      entryId: entry.id,
    });
  };

  const failures: unknown[] = [];
  // A busy Node server takes in new connections a few a second (its accept queue was 200 deep in the
  // rush's first seconds): a load balancer's pool of open connections does not wait for that.
  const servers = [...new Set(tokens.map((_, user) => urlFor(user)))];
  await Promise.all(
    servers.flatMap((url) =>
      Array.from(
        { length: warmConnections },
        () =>
          new Promise<void>((resolve, reject) =>
            request(`${url}/api/health`, { agent }, (res) => res.resume().on('end', resolve))
              .on('error', reject)
              .end(),
          ),
      ),
    ),
  );
  onStart?.();
  began = performance.now();
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
  return { answers, failures, resent, elapsed, refusals: Object.fromEntries(refusals) };
}

export interface WriteCheck {
  /** Empty when every check passed. */
  problems: string[];
  entriesStored: number;
  votesStored: number;
  votesAcknowledged: number;
  /** Plays stored for the writers, and the distinct plays of others' entries that were acknowledged (a documented 2xx, bench/acknowledged.ts). */
  playsStored: number;
  playsAcknowledged: number;
  overLimit: number;
  serverErrors: number;
  p99: number;
}

/** `kind:user:entry` (or `submit:user:project`) of every write answered 503: it may or may not have been stored. */
function unavailableAnswers(answers: Answer[]): Set<string> {
  return new Set(
    answers
      .filter((a) => a.status === 503)
      .map((a) => (a.kind === 'submit' ? `submit:${a.user}:${a.project}` : `${a.kind}:${a.user}:${a.entryId}`)),
  );
}

/** The writers are the newest users: their rows are those of users from the first writer on. */
const firstWriter = (userIndex: Map<number, number>) => Math.min(...userIndex.keys());

/**
 * Checks the writers' answers against what the database holds for them in jam `jamId` (rows of
 * other users are left out): each accepted entry and each acknowledged vote is stored exactly once,
 * nothing unacknowledged is stored, nobody has more than 3 votes, everyone who tried three different
 * entries has exactly 3, no 5xx, no 429, everything answered within `withinSeconds`. Plays: each
 * acknowledged play of another's entry stored once, none of one's own entry, nothing unacknowledged,
 * and every entry's `play_count` equal to its plays.
 */
export async function checkWrites(
  database: Database,
  {
    jamId,
    people,
    spike,
    withinSeconds,
    ratingsJam = false,
  }: { jamId: number; people: Person[]; spike: Spike; withinSeconds: number; ratingsJam?: boolean },
): Promise<WriteCheck> {
  const { answers, failures, elapsed } = spike;
  const userIndex = new Map(people.map((person, i) => [person.id, i]));
  const firstWriterId = firstWriter(userIndex);
  const storedEntries = (
    await database
      .select()
      .from(entries)
      .where(and(eq(entries.jamId, jamId), gte(entries.submitterId, firstWriterId)))
  ).filter((entry) => userIndex.has(entry.submitterId));
  const problems: string[] = [];
  const count = (kind: Kind, status: (s: number) => boolean) => answers.filter((a) => a.kind === kind && status(a.status)).length;

  const submitted = answers.filter((a) => a.kind === 'submit' && acknowledges('submit', a.status));
  if (submitted.length !== people.length)
    problems.push(`${submitted.length} submissions accepted, expected exactly ${people.length}`);
  const refused = count('submit', (s) => s === 409);
  if (refused !== people.length * (SUBMISSIONS_PER_USER - 1))
    problems.push(`${refused} submissions refused with 409, expected ${people.length * (SUBMISSIONS_PER_USER - 1)}`);
  // A write answered 503 (past its deadline, ADR 047) may have been stored: its client sends it again
  // with the same Idempotency-Key, which is answered as the first. Stored after a 503 is not a double.
  const unavailable = unavailableAnswers(answers);
  const unacknowledgedEntries = storedEntries.filter(
    (entry) =>
      !submitted.some((answer) => answer.entryId === entry.id) &&
      !unavailable.has(`submit:${userIndex.get(entry.submitterId)}:${entry.scratchId}`),
  );
  if (unacknowledgedEntries.length > 0)
    problems.push(`${unacknowledgedEntries.length} entries stored that were never acknowledged (nor answered 503)`);
  for (const answer of submitted) {
    const rows = storedEntries.filter(
      (entry) =>
        entry.id === answer.entryId && entry.scratchId === answer.project && userIndex.get(entry.submitterId) === answer.user,
    );
    if (rows.length !== 1) problems.push(`accepted entry ${answer.entryId} stored ${rows.length} times`);
  }

  const judged = ratingsJam
    ? await checkRatings(database, jamId, userIndex, answers)
    : await checkVotes(database, jamId, userIndex, answers, people);
  problems.push(...judged.problems);
  const submitterOf = new Map(storedEntries.map((entry) => [entry.id, userIndex.get(entry.submitterId)]));
  const storedPlays = (
    await database
      .select()
      .from(plays)
      .where(and(eq(plays.jamId, jamId), gte(plays.playerId, firstWriterId)))
  ).filter((play) => userIndex.has(play.playerId));
  const playsAcknowledged = new Set(
    answers
      .filter((a) => a.kind === 'play' && acknowledges('play', a.status) && submitterOf.get(a.entryId!) !== a.user)
      .map((a) => `${a.user}:${a.entryId}`),
  );
  const playsStoredKeys = storedPlays.map((play) => `${userIndex.get(play.playerId)}:${play.entryId}`);
  for (const key of playsAcknowledged)
    if (!playsStoredKeys.includes(key)) problems.push(`acknowledged play ${key} is not stored`);
  for (const key of playsStoredKeys)
    if (!playsAcknowledged.has(key) && !unavailable.has(`play:${key}`))
      problems.push(`play ${key} is stored but was never acknowledged`);
  const playsPerEntry = new Map<number, number>();
  // Everyone's plays of the writers' entries (a remote database answers a whole jam's plays or votes too large).
  const writersEntries = storedEntries.map((entry) => entry.id);
  for (const play of writersEntries.length === 0
    ? []
    : await database.select({ entryId: plays.entryId }).from(plays).where(inArray(plays.entryId, writersEntries)))
    playsPerEntry.set(play.entryId, (playsPerEntry.get(play.entryId) ?? 0) + 1);
  const miscounted = storedEntries.filter((entry) => entry.playCount !== (playsPerEntry.get(entry.id) ?? 0)).length;
  if (miscounted > 0) problems.push(`${miscounted} entries have a play_count other than their plays`);
  const serverErrors = answers.filter((a) => a.status >= 500).length;
  if (serverErrors > 0) problems.push(`${serverErrors} answers were 5xx`);
  const limited = answers.filter((a) => a.status === 429).length;
  if (limited > 0) problems.push(`${limited} answers were 429 (rate limited)`);
  if (failures.length > 0) problems.push(`${failures.length} requests failed: ${String(failures[0])}`);
  if (elapsed > withinSeconds) problems.push(`the writes took ${elapsed.toFixed(1)} s, more than ${withinSeconds} s`);

  return {
    problems,
    entriesStored: storedEntries.length,
    votesStored: judged.stored,
    votesAcknowledged: judged.acknowledged,
    playsStored: storedPlays.length,
    playsAcknowledged: playsAcknowledged.size,
    overLimit: judged.overLimit,
    serverErrors,
    p99: percentile(
      answers.filter(isWrite).map((a) => a.ms),
      99,
    ),
  };
}

interface JudgedCheck {
  problems: string[];
  stored: number;
  acknowledged: number;
  overLimit: number;
}

/** Each acknowledged upvote stored once, nothing unacknowledged, the vote limit exact. */
async function checkVotes(
  database: Database,
  jamId: number,
  userIndex: Map<number, number>,
  answers: Answer[],
  people: Person[],
): Promise<JudgedCheck> {
  const problems: string[] = [];
  const storedVotes = (
    await database
      .select()
      .from(votes)
      .where(and(eq(votes.jamId, jamId), gte(votes.voterId, firstWriter(userIndex))))
  ).filter((vote) => userIndex.has(vote.voterId));
  const acknowledged = new Set(
    answers.filter((a) => a.kind === 'vote' && acknowledges('vote', a.status)).map((a) => `${a.user}:${a.entryId}`),
  );
  const stored = storedVotes.map((vote) => `${userIndex.get(vote.voterId)}:${vote.entryId}`);
  const storedSet = new Set(stored);
  if (storedSet.size !== stored.length) problems.push('a vote is stored twice');
  for (const key of acknowledged) if (!storedSet.has(key)) problems.push(`acknowledged vote ${key} is not stored`);
  const unavailable = unavailableAnswers(answers);
  for (const key of stored)
    if (!acknowledged.has(key) && !unavailable.has(`vote:${key}`))
      problems.push(`vote ${key} is stored but was never acknowledged`);
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
  return { problems, stored: storedVotes.length, acknowledged: acknowledged.size, overLimit };
}

/**
 * Ratings: a (rater, entry, criterion) row exists exactly when a rating that named the criterion was
 * acknowledged, and holds stars one of those acknowledged requests sent (they may race), never a
 * rating of one's own entry. Ratings have no per-person limit.
 */
async function checkRatings(
  database: Database,
  jamId: number,
  userIndex: Map<number, number>,
  answers: Answer[],
): Promise<JudgedCheck> {
  const problems: string[] = [];
  const stored = (
    await database
      .select()
      .from(ratings)
      .where(and(eq(ratings.jamId, jamId), gte(ratings.raterId, firstWriter(userIndex))))
  ).filter((rating) => userIndex.has(rating.raterId));
  const sent = new Map<string, Set<number>>();
  for (const answer of answers)
    if (answer.kind === 'vote' && acknowledges('rating', answer.status))
      for (const [criterion, stars] of Object.entries(answer.stars ?? {})) {
        const key = `${answer.user}:${answer.entryId}:${criterion}`;
        sent.set(key, (sent.get(key) ?? new Set()).add(stars));
      }
  const storedKeys = new Set<string>();
  for (const rating of stored) {
    const key = `${userIndex.get(rating.raterId)}:${rating.entryId}:${rating.criterionId}`;
    if (storedKeys.has(key)) problems.push(`rating ${key} is stored twice`);
    storedKeys.add(key);
    const acknowledged = sent.get(key);
    if (!acknowledged) {
      if (!unavailableAnswers(answers).has(`vote:${userIndex.get(rating.raterId)}:${rating.entryId}`))
        problems.push(`rating ${key} is stored but was never acknowledged`);
    } else if (!acknowledged.has(rating.stars))
      problems.push(`rating ${key} holds ${rating.stars} stars, which no acknowledged request sent`);
  }
  for (const key of sent.keys()) if (!storedKeys.has(key)) problems.push(`acknowledged rating ${key} is not stored`);
  return { problems, stored: stored.length, acknowledged: sent.size, overLimit: 0 };
}

/** The writes' summary and latency tables, as RESULTS.md shows them. */
export function writeTables({ answers, elapsed, resent, refusals = {} }: Spike, check: WriteCheck): string {
  const latencyRow = (label: string, list: Answer[]) => {
    const ms = list.map((a) => a.ms);
    return [
      label,
      list.length.toLocaleString('en'),
      percentile(ms, 50).toFixed(1),
      percentile(ms, 99).toFixed(1),
      Math.max(0, ...ms).toFixed(1),
    ];
  };
  const statuses = (kind: Kind) => statusCounts(answers.filter((a) => a.kind === kind).map((a) => a.status));
  const lost = check.problems.some((p) => /stored/.test(p));
  const judged = answers.some((a) => a.stars) ? 'ratings (1 to all criteria each)' : 'votes';
  const writes = answers.filter(isWrite);
  const documents = answers.filter((a) => a.kind === 'document');
  return `| | |
|---|---|
| requests | ${writes.length.toLocaleString('en')} writes in ${elapsed.toFixed(1)} s = ${(writes.length / elapsed).toFixed(0)} requests/s; ${resent} sent again (the server had closed the idle keep-alive connection) |
| submissions | ${statuses('submit')} |
| ${judged} | ${statuses('vote')} |${answers.some((a) => a.kind === 'play') ? `\n| plays | ${statuses('play')} |\n| the entry page's viewer document beside each play (a read) | ${statuses('document')} |` : ''}
| entries stored | ${check.entriesStored} |
| ${judged.split(' ')[0]} stored | ${check.votesStored.toLocaleString('en')} (${check.votesAcknowledged.toLocaleString('en')} distinct acknowledged) |
${answers.some((a) => a.kind === 'play') ? `| plays stored | ${check.playsStored.toLocaleString('en')} (${check.playsAcknowledged.toLocaleString('en')} distinct acknowledged of others' entries; one's own are answered and not counted) |\n` : ''}| users over the vote limit | ${check.overLimit} |
| 5xx answers | ${check.serverErrors} |
| lost or duplicated writes | ${lost ? '**yes**' : 'none'} |
| refusals, by what they said | ${
    Object.entries(refusals)
      .sort(([, a], [, b]) => b - a)
      .map(([said, n]) => `${n.toLocaleString('en')}× ${said.replaceAll('|', '/')}`)
      .join('; ') || 'none'
  } |

${table(
  ['latency', 'requests', 'p50 ms', 'p99 ms', 'max ms'],
  [
    latencyRow(
      'submissions',
      answers.filter((a) => a.kind === 'submit'),
    ),
    latencyRow(
      judged.split(' ')[0]!,
      answers.filter((a) => a.kind === 'vote'),
    ),
    ...(answers.some((a) => a.kind === 'play')
      ? [
          latencyRow(
            'plays',
            answers.filter((a) => a.kind === 'play'),
          ),
        ]
      : []),
    latencyRow('all writes', writes),
    ...(documents.length > 0 ? [latencyRow("(read) the entry page's viewer document", documents)] : []),
  ],
)}${byWindow(writes, latencyRow)}`;
}

/** The writes by when they were sent, ten seconds at a time: a slow start, a stall or a slow end tell apart. */
function byWindow(writes: Answer[], latencyRow: (label: string, list: Answer[]) => string[]): string {
  const sent = writes.filter((a) => a.sentAt !== undefined);
  if (sent.length === 0) return '';
  const windows = new Map<number, Answer[]>();
  for (const answer of sent) {
    const window = Math.floor(answer.sentAt! / 10_000);
    const list = windows.get(window) ?? [];
    list.push(answer);
    windows.set(window, list);
  }
  const rows = [...windows.keys()]
    .sort((a, b) => a - b)
    .map((window) => latencyRow(`sent ${window * 10}–${window * 10 + 10} s`, windows.get(window)!));
  return `\n\n${table(['all writes, by when they were sent', 'requests', 'p50 ms', 'p99 ms', 'max ms'], rows)}`;
}

/** The verdict rows of the spike's targets. */
export function writeTargets(check: WriteCheck): string[][] {
  const ok = check.problems.length === 0;
  return [
    [
      '0 lost or duplicated writes, vote limit exact (ratings: the stars sent), play counts exact, no 5xx',
      ok ? 'all checks passed' : check.problems.slice(0, 3).join('; '),
      ok ? 'met' : '**missed**',
    ],
    ['write p99 < 200 ms', `${check.p99.toFixed(1)} ms`, check.p99 < 200 ? 'met' : '**missed**'],
  ];
}
