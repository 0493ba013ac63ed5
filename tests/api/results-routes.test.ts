/**
 * Every route that shows a result — a winner, a place, votes or stars — follows "results public"
 * (src/lib/results-public.ts, ADR 041 and 048), checked as one table over every page and every read,
 * as the round-trip budgets are (tests/api/round-trip-budgets.ts): a route added without a row here
 * fails the first test. In a jam with manual results whose voting has ended, with votes, stars and
 * a winner the managers picked, no route shows any of them to a visitor or to the winning entrant;
 * once a manager publishes, each route marked as showing results does (so the check can see them).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jamParticipants, ratings } from '#db/schema';
import { type Environment, type TestUser, startEnvironment } from '../helpers/environment';
import { insertEntry, insertJam, insertManager, insertVote } from '../helpers/factories';
import { BUDGETS } from './round-trip-budgets';

const HOUR = 3_600_000;

interface Scene {
  /** A manual upvotes jam: the entrant's entry has two votes and is the managers' winner. */
  upvotes: { slug: string; entryId: number };
  /** A manual ratings jam: the entrant's entry has stars on every criterion. */
  stars: { slug: string; entryId: number };
  entrant: TestUser;
}

type Reader = 'visitor' | 'entrant';

type Row =
  /** Shows results: read at each path, by each reader. */
  | { shows: 'results'; paths: (s: Scene) => string[]; readers: readonly Reader[] }
  /** Shows none of a jam's results, and why. */
  | { shows: 'nothing'; why: string };

const BOTH = ['visitor', 'entrant'] as const;
const ENTRANT = ['entrant'] as const;
const inBoth = (path: (jam: { slug: string; entryId: number }) => string) => (s: Scene) => [path(s.upvotes), path(s.stars)];

const STATIC = 'a static page or document: no jam data';
const ADMIN = 'administrators only: no results';
const MANAGERS = 'the jam’s managers only: their preview of the results before the publish (ADR 041)';
const NO_RESULTS = 'shows no votes, places, stars or winners';

/** Every page and every read, as the round-trip budgets name them. */
export const RESULT_ROUTES: Record<string, Row> = {
  'PAGE /': { shows: 'nothing', why: 'jam cards: names, timing and counts of entries and people' },
  'PAGE /404': { shows: 'nothing', why: STATIC },
  'PAGE /500': { shows: 'nothing', why: STATIC },
  'PAGE /about': { shows: 'nothing', why: STATIC },
  'PAGE /banned/[name]': { shows: 'nothing', why: 'a banned account’s notice' },
  'PAGE /calendar.ics': { shows: 'nothing', why: 'jam start and end moments' },
  'PAGE /confirm-login': { shows: 'nothing', why: STATIC },
  'PAGE /dashboard': { shows: 'nothing', why: 'the person’s jams and entries, without results' },
  'PAGE /dashboard/activity': { shows: 'nothing', why: ADMIN },
  'PAGE /dashboard/filter': { shows: 'nothing', why: ADMIN },
  'PAGE /dashboard/jam-requests': { shows: 'nothing', why: ADMIN },
  'PAGE /dashboard/reports': { shows: 'nothing', why: 'moderators’ queue of reports' },
  'PAGE /dashboard/users': { shows: 'nothing', why: ADMIN },
  'PAGE /dev/components': { shows: 'nothing', why: STATIC },
  'PAGE /developers': { shows: 'nothing', why: STATIC },
  'PAGE /explore': { shows: 'nothing', why: 'jam cards: names, timing and counts' },
  'PAGE /faq': { shows: 'nothing', why: STATIC },
  'PAGE /feed.json': { shows: 'nothing', why: 'new jams, with their descriptions' },
  'PAGE /feeds/[token]/my-jams.ics': { shows: 'nothing', why: 'the person’s jams’ moments' },
  'PAGE /feeds/[token]/my-jams.xml': { shows: 'nothing', why: 'the person’s jams, their moments and descriptions' },
  'PAGE /jams': { shows: 'nothing', why: 'a redirect to /explore' },
  'PAGE /jams/[slug]': { shows: 'results', paths: inBoth((jam) => `/jams/${jam.slug}`), readers: BOTH },
  'PAGE /jams/[slug].ics': { shows: 'nothing', why: 'the jam’s moments' },
  'PAGE /play/jam-version/[id]': {
    shows: 'nothing',
    why: 'the jam version’s player frame, empty until the page hands it the file',
  },
  'PAGE /jams/[slug]/activity': { shows: 'nothing', why: MANAGERS },
  'PAGE /jams/[slug]/entries/[id]': {
    shows: 'results',
    paths: inBoth((jam) => `/jams/${jam.slug}/entries/${jam.entryId}`),
    readers: BOTH,
  },
  'PAGE /jams/[slug]/review': { shows: 'nothing', why: MANAGERS },
  'PAGE /jams/new': { shows: 'nothing', why: 'the jam form' },
  'PAGE /jams/request': { shows: 'nothing', why: 'the jam request form' },
  'PAGE /login': { shows: 'nothing', why: STATIC },
  'PAGE /notifications': { shows: 'results', paths: () => ['/notifications'], readers: ENTRANT },
  'PAGE /privacy': { shows: 'nothing', why: STATIC },
  'PAGE /robots.txt': { shows: 'nothing', why: STATIC },
  'PAGE /rss.xml': { shows: 'nothing', why: 'new jams, with their descriptions' },
  'PAGE /sitemap.xml': { shows: 'nothing', why: 'addresses only' },
  'PAGE /sitemaps/[file].xml': { shows: 'nothing', why: 'addresses only' },
  'PAGE /terms': { shows: 'nothing', why: STATIC },
  'PAGE /users/[name]': { shows: 'results', paths: (s) => [`/users/${s.entrant.name}`], readers: BOTH },

  'GET /api/auth/callback': { shows: 'nothing', why: 'the login’s redirect' },
  'GET /api/auth/login': { shows: 'nothing', why: 'the login’s redirect' },
  'GET /api/contributors': { shows: 'nothing', why: STATIC },
  'GET /api/health': { shows: 'nothing', why: STATIC },
  'GET /api/jams': { shows: 'nothing', why: 'jams with their counts of entries and people' },
  'GET /api/jams/[slug]': { shows: 'nothing', why: 'the jam, with `resultsPublic` itself' },
  'GET /api/jams/[slug]/entries': { shows: 'results', paths: inBoth((jam) => `/api/jams/${jam.slug}/entries`), readers: BOTH },
  'GET /api/jams/[slug]/entries/[id]/credits': { shows: 'nothing', why: 'the team' },
  'GET /api/jams/[slug]/entries/[id]/kudos': { shows: 'nothing', why: 'kudos are not results (shown while the jam runs)' },
  'GET /api/jams/[slug]/entries/[id]/notes': { shows: 'nothing', why: 'notes are not results' },
  'GET /api/jams/[slug]/next-entry': { shows: 'nothing', why: 'the entry to play next, without results' },
  'GET /api/jams/[slug]/stats': { shows: 'results', paths: inBoth((jam) => `/api/jams/${jam.slug}/stats`), readers: BOTH },
  'PAGE /jams/[slug]/stats': {
    shows: 'nothing',
    why: 'its charts count votes and plays cast over time, never who leads; they wait for results public (tests/api/jam-story.test.ts)',
  },
  'GET /api/jams/[slug]/events': { shows: 'nothing', why: 'a stream of new entries and counters (tests/api/live.test.ts)' },
  'GET /api/jams/[slug]/viewer': { shows: 'nothing', why: 'what the reader may do, their own votes' },
  'GET /api/jams/[slug]/winners': { shows: 'results', paths: inBoth((jam) => `/api/jams/${jam.slug}/winners`), readers: BOTH },
  'GET /api/openapi.json': { shows: 'nothing', why: STATIC },
  'GET /api/jams/[slug]/theme': { shows: 'nothing', why: 'the theme rounds' },
  'GET /api/user/[name]/picture': { shows: 'nothing', why: 'a picture' },
  'GET /api/user/[name]/profile': { shows: 'results', paths: (s) => [`/api/user/${s.entrant.name}/profile`], readers: BOTH },
  'GET /api/activity': { shows: 'nothing', why: ADMIN },
  'GET /api/auth/me': { shows: 'nothing', why: 'the session’s user' },
  'GET /api/filter/words': { shows: 'nothing', why: ADMIN },
  'GET /api/jam-requests': { shows: 'nothing', why: ADMIN },
  'GET /api/jams/[slug]/activity': { shows: 'nothing', why: MANAGERS },
  'GET /api/jams/[slug]/entries.csv': { shows: 'nothing', why: MANAGERS },
  'GET /api/jams/[slug]/managers': { shows: 'nothing', why: 'the managers' },
  'GET /api/jams/[slug]/my-votes': { shows: 'nothing', why: 'the reader’s own votes and stars, not the counts' },
  'GET /api/jams/[slug]/theme/mine': { shows: 'nothing', why: 'the reader’s theme suggestions' },
  'GET /api/jams/[slug]/theme/suggestions': { shows: 'nothing', why: MANAGERS },
  'GET /api/jams/[slug]/review': { shows: 'nothing', why: MANAGERS },
  'GET /api/jams/[slug]/entries/[id]/answers': { shows: 'nothing', why: 'the entry’s answers to the jam’s questions' },
  'GET /api/jams/[slug]/entries/[id]/jam-version': {
    shows: 'nothing',
    why: 'when the jam version was uploaded, by whom, its size',
  },
  'GET /api/jams/[slug]/entries/[id]/jam-version/file': { shows: 'nothing', why: 'the .sb3 file its makers uploaded' },
  'GET /api/jams/[slug]/late-submissions': { shows: 'nothing', why: MANAGERS },
  'GET /api/me': { shows: 'nothing', why: 'the reader’s account' },
  'GET /api/me/export': { shows: 'results', paths: () => ['/api/me/export'], readers: ENTRANT },
  'GET /api/me/invitations': { shows: 'nothing', why: NO_RESULTS },
  'GET /api/me/judge-invitations': { shows: 'nothing', why: NO_RESULTS },
  'GET /api/jams/[slug]/judges': { shows: 'nothing', why: 'the judges' },
  'GET /api/jams/[slug]/entries/[id]/judge-feedback': { shows: 'nothing', why: 'judges’ private texts, not results' },
  'GET /api/me/jam-requests': { shows: 'nothing', why: NO_RESULTS },
  'GET /api/me/notifications': { shows: 'results', paths: () => ['/api/me/notifications'], readers: ENTRANT },
  'GET /api/me/notifications/unread': { shows: 'nothing', why: 'a count' },
  'GET /api/reports': { shows: 'nothing', why: 'moderators’ queue of reports' },
  'GET /api/users': { shows: 'nothing', why: ADMIN },
  'GET /api/users/[id]': { shows: 'nothing', why: ADMIN },
};

const READ_ROUTES = Object.keys(BUDGETS).filter((route) => route.startsWith('PAGE ') || route.startsWith('GET '));

/** JSON keys whose value is a result when it is set (votes, places, stars, winners). */
const RESULT_KEYS = new Set([
  'votes',
  'voteCount',
  'rank',
  'place',
  'average',
  'winner',
  'communityChoice',
  'judgesChoice',
  'won',
]);

/** The results a JSON answer shows, as `key=value` lines (empty: none). */
function jsonResults(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => jsonResults(item, `${path}[${index}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => {
    const here = `${path}.${key}`;
    if (key === 'isWinner' && inner === true) return [`${here}=true`];
    if (key === 'kind' && inner === 'results') return [`${here}=results`];
    if (RESULT_KEYS.has(key) && inner !== null && inner !== false && typeof inner !== 'object')
      return [`${here}=${String(inner)}`];
    if (RESULT_KEYS.has(key) && inner !== null && typeof inner === 'object' && !Array.isArray(inner)) return [`${here}={…}`];
    return jsonResults(inner, here);
  });
}

/** What a page shows only with results: the crown, places, counts, stars, the results region, the inbox's news. */
const HTML_RESULTS: [string, RegExp][] = [
  ['the winner’s crown', /♛/],
  ['a place', /class="[^"]*\bentry-rank\b/],
  ['a vote count', /class="[^"]*\bentry-votes\b/],
  ['stars', /class="[^"]*\bentry-stars\b|★ \d\.\d/],
  ['the results heading', /id="results-heading"/],
  ['the inbox’s results', /results of [^<]* are out/i],
  ['a place on a profile', /class="rank"|class="criterion-places"/],
];

const htmlResults = (body: string) => HTML_RESULTS.filter(([, pattern]) => pattern.test(body)).map(([name]) => name);

let env: Environment;
let scene: Scene;
let manager: TestUser;

beforeAll(async () => {
  env = await startEnvironment();
  manager = await env.login('routes_manager');
  const entrant = await env.login('routes_entrant');
  const voters = [await env.login('routes_voter1'), await env.login('routes_voter2')];
  const now = Date.now();
  const ended = { startsAt: new Date(now - 3 * 24 * HOUR), endsAt: new Date(now - HOUR), results: 'manual' as const };
  const upvotesJam = await insertJam(env.db, ended);
  const starsJam = await insertJam(env.db, { ...ended, judging: 'ratings', minRatings: 1 });
  const made: Record<'upvotes' | 'stars', { slug: string; entryId: number }> = {} as never;
  for (const [key, jam, scratchId] of [
    ['upvotes', upvotesJam, 972_001],
    ['stars', starsJam, 972_002],
  ] as const) {
    await insertManager(env.db, jam.id, manager.id);
    const entry = await insertEntry(env.db, jam.id, entrant.id, scratchId, { title: `Routes ${key}` });
    await env.db.insert(jamParticipants).values({ jamId: jam.id, userId: entrant.id, joinedAt: new Date(now - 3 * 24 * HOUR) });
    made[key] = { slug: jam.slug, entryId: entry.id };
    if (key === 'upvotes') for (const voter of voters) await insertVote(env.db, jam.id, entry.id, voter.id);
    else
      await env.db
        .insert(ratings)
        .values(
          [1, 2, 3].map((criterionId) => ({ entryId: entry.id, raterId: voters[0]!.id, jamId: jam.id, criterionId, stars: 4 })),
        );
    // The managers pick the winner after voting ends, before publishing (issue 55's bug).
    const picked = await env.request(`/api/jams/${jam.slug}/entries/${entry.id}/winner`, { method: 'PUT', as: manager });
    expect(picked.status, JSON.stringify(picked.body)).toBe(200);
  }
  scene = { ...made, entrant };
}, 90_000);
afterAll(() => env?.close());

/** What each results route shows each of its readers, as `route as reader at path: results` lines. */
async function shownResults(): Promise<Map<string, string[]>> {
  const shown = new Map<string, string[]>();
  for (const [route, row] of Object.entries(RESULT_ROUTES)) {
    if (row.shows !== 'results') continue;
    for (const reader of row.readers) {
      for (const path of row.paths(scene)) {
        const reply = await env.request(path, { as: reader === 'entrant' ? scene.entrant : undefined });
        expect(reply.status, `${route} as ${reader} at ${path}`).toBe(200);
        const found = typeof reply.body === 'string' ? htmlResults(reply.body) : jsonResults(reply.body);
        shown.set(`${route} as ${reader} at ${path}`, found);
      }
    }
  }
  return shown;
}

describe('every route that shows a winner, a place, votes or stars follows "results public"', () => {
  it('has a row for every page and every read (the round-trip budgets’ routes)', () => {
    expect(Object.keys(RESULT_ROUTES).sort()).toEqual(READ_ROUTES.sort());
  });

  it('shows none of them before a manual jam’s results are published, to a visitor or the winning entrant', async () => {
    const leaks = [...(await shownResults())]
      .filter(([, found]) => found.length > 0)
      .map(([at, found]) => `${at}: ${found.join(', ')}`);
    expect(leaks).toEqual([]);
  }, 60_000);

  it('shows them on each of those routes once a manager publishes', async () => {
    for (const jam of [scene.upvotes, scene.stars]) {
      expect((await env.request(`/api/jams/${jam.slug}/results`, { method: 'PUT', as: manager })).status).toBe(200);
    }
    const shown = await shownResults();
    const silent = [...shown].filter(([, found]) => found.length === 0).map(([at]) => at);
    // Every route marked as showing results shows some to at least one of its readers in one of the jams.
    const routes = Object.entries(RESULT_ROUTES)
      .filter(([, row]) => row.shows === 'results')
      .map(([route]) => route);
    const neverShown = routes.filter((route) =>
      [...shown].every(([at, found]) => !at.startsWith(`${route} as`) || found.length === 0),
    );
    expect(neverShown, `silent: ${silent.join('; ')}`).toEqual([]);
  }, 60_000);
});
