/**
 * Every page and endpoint within its round-trip budget on a remote database (ADR 033): the built
 * server on a real libSQL server (sqld) behind a proxy that counts the round trips, the page cache
 * off. Pages and public reads are read by a visitor, a participant and an administrator; the
 * endpoints that need a session or write are called as the authorization matrix's rows say, by
 * someone allowed. The budgets are one table (round-trip-budgets.ts).
 */
import { readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries, jams, lateSubmissions, ratings, themeSuggestions } from '#db/schema';
import { type Environment, type TestUser, startEnvironment } from '../helpers/environment';
import { declaredRoutes, routeKey } from '../security/api-routes';
import { READ_ROWS, ROWS, type Role, type Scene, buildScene, rowKey, send } from '../security/endpoints';
import { BUDGETS, type BudgetScene } from './round-trip-budgets';

/** Each test walks dozens of routes one at a time, each in a scene of its own. */
const WALK_TIMEOUT_MS = 240_000;

const PAGES = resolve(import.meta.dirname, '../../src/pages');

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(folder, entry.name)) : [join(folder, entry.name)],
  );
}

/** What src/pages serves outside /api, as `PAGE /pattern` (one source file per screen, every locale). */
const pageRoutes = () =>
  filesUnder(PAGES)
    .map((file) => relative(PAGES, file))
    // Astro routes no file whose name starts with `_` (a page's helper beside it).
    .filter((file) => !file.startsWith('api/') && /\.(astro|ts)$/.test(file) && !/(^|\/)_[^/]*$/.test(file))
    .map((file) => {
      const route = file
        .replace(/^\[\.\.\.locale\]\/?/, '')
        .replace(/\.(astro|ts)$/, '')
        .replace(/(^|\/)index$/, '');
      return `PAGE /${route}`;
    });

const allRoutes = () => [...pageRoutes(), ...declaredRoutes().map(routeKey)].sort();

let env: Environment;

beforeAll(async () => {
  // Round trips are counted here, not timed: on a loaded machine a server's first guarded write (it
  // builds the guard's index, ADR 057) can keep the event loop busy past the default deadline.
  env = await startEnvironment({ ITINERARY_PAGE_CACHE: 'off', ITINERARY_DB_DEADLINE_MS: '30000' }, { remote: true });
  // Another administrator, so that an administrator deleting an account is not the last one.
  await env.login('trips_keeper', { isAdmin: true });
  await env.request('/api/health'); // the schema check, once per server
}, 120_000);
afterAll(() => env?.close());

interface Measured {
  route: string;
  who: string;
  status: number;
  trips: number;
  statements: string[];
}

/** The round trips of one call, including any the server makes just after answering it. */
async function measure(route: string, who: string, call: () => Promise<{ status: number }>): Promise<Measured> {
  const proxy = env.roundTrips!;
  await new Promise((r) => setTimeout(r, 20)); // what the previous call left running
  proxy.reset();
  const { status } = await call();
  await new Promise((r) => setTimeout(r, 50));
  return { route, who, status, trips: proxy.count(), statements: proxy.statements() };
}

const overBudget = (results: Measured[]) =>
  results
    .filter((result) => result.trips > BUDGETS[result.route]!.trips)
    .map(
      (result) =>
        `${result.route} as ${result.who} (${result.status}): ${result.trips} round trips, budget ${BUDGETS[result.route]!.trips}\n    ` +
        result.statements.map((statement) => statement.slice(0, 240)).join('\n    '),
    );

/** The first role a row allows, an administrator where it may (they see the most). */
const callerOf = (allowed: readonly Role[]): Role => (allowed.includes('admin') ? 'admin' : (allowed[0] ?? 'anonymous'));

async function budgetScene(): Promise<BudgetScene> {
  const scene = await buildScene(env, 'admin');
  const feed = await send(env, { method: 'POST', path: '/api/me/feed-token' }, scene.submitter);
  const banned = await env.login(`${scene.id}_banned`, { isBanned: true });
  return { ...scene, feedToken: String(feed.body.rss).split('/feeds/')[1]!.split('/')[0]!, bannedName: banned.name };
}

describe('round trips to a remote database', () => {
  it('has one budget for every page and endpoint, and none for a route that does not exist', () => {
    expect(Object.keys(BUDGETS).sort()).toEqual(allRoutes());
  });

  it(
    'keeps every page and public read within its budget, for a visitor, a participant and an administrator',
    async () => {
      const scene = await budgetScene();
      const readers: [string, TestUser | null][] = [
        ['a visitor', null],
        ['a participant', scene.submitter],
        ['an administrator', scene.me],
      ];
      const results: Measured[] = [];
      for (const [route, budget] of Object.entries(BUDGETS)) {
        if (!budget.path) continue;
        for (const [who, user] of readers) {
          results.push(await measure(route, who, () => send(env, { method: 'GET', path: budget.path!(scene) }, user)));
        }
      }
      const failed = results.filter((result) => result.status >= 500 && result.route !== 'PAGE /500');
      expect(failed.map((r) => `${r.route} as ${r.who}: ${r.status}`)).toEqual([]);
      expect(overBudget(results)).toEqual([]);
    },
    WALK_TIMEOUT_MS,
  );

  it(
    'keeps every read that needs a session within its budget',
    async () => {
      const results: Measured[] = [];
      for (const row of READ_ROWS) {
        const scene: Scene = await buildScene(env, callerOf(row.allowed));
        await row.prepare?.(scene, env);
        const measured = await measure(`GET ${row.pattern}`, scene.role, () =>
          send(env, { method: 'GET', path: row.path(scene) }, scene.me),
        );
        expect(measured.status, measured.route).toBe(200);
        results.push(measured);
      }
      expect(overBudget(results)).toEqual([]);
    },
    WALK_TIMEOUT_MS,
  );

  it(
    'keeps every write within its budget',
    async () => {
      const results: Measured[] = [];
      for (const row of ROWS) {
        const scene = await buildScene(env, callerOf(row.allowed), row.jam);
        await row.prepare?.(scene, env);
        const measured = await measure(rowKey(row), scene.role, () => send(env, row.call(scene), scene.me));
        expect(measured.status, measured.route).toBe(row.allowed.length ? row.status : row.refusal!.status);
        results.push(measured);
      }
      expect(overBudget(results)).toEqual([]);
    },
    WALK_TIMEOUT_MS,
  );

  it(
    "keeps a ratings jam's pages and reads within their budgets, results per criterion and all (ADR 039)",
    async () => {
      const scene = await budgetScene();
      const now = Date.now();
      await env.db
        .update(jams)
        .set({
          judging: 'ratings',
          minRatings: 1,
          startsAt: new Date(now - 86_400_000),
          endsAt: new Date(now - 60_000),
          // The entries' Scratch history was checked after the end (a background job the first reader starts).
          entriesCheckedAt: new Date(now),
        })
        .where(eq(jams.id, scene.jam.id));
      await env.db.insert(ratings).values(
        [1, 2, 3].map((criterionId) => ({
          entryId: scene.entry.id,
          raterId: scene.coManager.id,
          jamId: scene.jam.id,
          criterionId,
          stars: criterionId + 1,
        })),
      );
      const routes = [
        'PAGE /jams/[slug]',
        'PAGE /jams/[slug]/entries/[id]',
        // Its statistics once the results are public: every chart in the one batch (ADR 049).
        'PAGE /jams/[slug]/stats',
        'PAGE /users/[name]',
        'GET /api/jams/[slug]/entries',
        'GET /api/user/[name]/profile',
      ];
      const results: Measured[] = [];
      for (const route of routes) {
        for (const user of [null, scene.me]) {
          const measured = await measure(route, user ? 'an administrator' : 'a visitor', () =>
            send(env, { method: 'GET', path: BUDGETS[route]!.path!(scene) }, user),
          );
          expect(measured.status, route).toBe(200);
          results.push(measured);
        }
      }
      const mine = await measure('GET /api/jams/[slug]/my-votes', 'a rater', () =>
        send(env, { method: 'GET', path: `/api/jams/${scene.jam.slug}/my-votes` }, scene.coManager),
      );
      expect(mine.status).toBe(200);
      results.push(mine);
      // The results are there to be counted: the entry page shows the per-criterion averages.
      const page = await send(env, { method: 'GET', path: BUDGETS['PAGE /jams/[slug]/entries/[id]']!.path!(scene) }, null);
      expect(String(page.body)).toContain('Overall');
      expect(overBudget(results)).toEqual([]);
    },
    WALK_TIMEOUT_MS,
  );

  it(
    'keeps the pages and reads of a jam with submission questions and a late window within their budgets (ADR 042)',
    async () => {
      const scene = await budgetScene();
      const now = Date.now();
      const questions = [
        { id: 1, kind: 'yesno' as const, prompt: 'I made all the art myself', choices: [], required: true, private: false },
        { id: 2, kind: 'text' as const, prompt: 'Tools used', choices: [], required: false, private: true },
      ];
      await env.db
        .update(jams)
        .set({
          questions,
          startsAt: new Date(now - 86_400_000),
          endsAt: new Date(now - 60_000),
          votingEndsAt: new Date(now + 86_400_000),
          entriesCheckedAt: new Date(now),
        })
        .where(eq(jams.id, scene.jam.id));
      await env.db
        .update(entries)
        .set({ answers: { '1': true, '2': 'Pen and paper' }, late: true })
        .where(eq(entries.id, scene.entry.id));
      await env.db
        .insert(lateSubmissions)
        .values({ jamId: scene.jam.id, userId: scene.bystander.id, until: new Date(now + 3_600_000) });
      const reads: [string, string, TestUser | null][] = [
        ['PAGE /jams/[slug]', BUDGETS['PAGE /jams/[slug]']!.path!(scene), null],
        ['PAGE /jams/[slug]/entries/[id]', BUDGETS['PAGE /jams/[slug]/entries/[id]']!.path!(scene), null],
        ['PAGE /jams/[slug]/review', `/jams/${scene.jam.slug}/review`, scene.me],
        ['GET /api/jams/[slug]/viewer', `/api/jams/${scene.jam.slug}/viewer`, scene.bystander],
        ['GET /api/jams/[slug]/entries/[id]/answers', `/api/jams/${scene.jam.slug}/entries/${scene.entry.id}/answers`, scene.me],
        ['GET /api/jams/[slug]/late-submissions', `/api/jams/${scene.jam.slug}/late-submissions`, scene.me],
        ['GET /api/jams/[slug]/entries.csv', `/api/jams/${scene.jam.slug}/entries.csv`, scene.me],
      ];
      const results: Measured[] = [];
      for (const [route, path, user] of reads) {
        const measured = await measure(route, user ? user.name : 'a visitor', () => send(env, { method: 'GET', path }, user));
        expect(measured.status, route).toBe(200);
        results.push(measured);
      }
      // The answers are read with the rows the pages already read: the public one shows, the private one does not.
      const page = String(
        (await send(env, { method: 'GET', path: BUDGETS['PAGE /jams/[slug]/entries/[id]']!.path!(scene) }, null)).body,
      );
      expect(page.includes('I made all the art myself')).toBe(true);
      expect(page.includes('Pen and paper')).toBe(false);
      expect(overBudget(results)).toEqual([]);
    },
    WALK_TIMEOUT_MS,
  );

  it(
    'keeps the pages and reads of a jam with published results, and of one with hidden entries, within their budgets (ADR 041)',
    async () => {
      const scene = await budgetScene();
      const now = Date.now();
      const routes = [
        'PAGE /jams/[slug]',
        'PAGE /jams/[slug]/entries/[id]',
        'PAGE /users/[name]',
        'GET /api/jams/[slug]/entries',
        'GET /api/user/[name]/profile',
      ];
      const results: Measured[] = [];
      const walk = async (readers: (TestUser | null)[], status: (route: string) => number) => {
        for (const route of routes) {
          for (const user of readers) {
            const measured = await measure(route, user ? 'an administrator' : 'a visitor', () =>
              send(env, { method: 'GET', path: BUDGETS[route]!.path!(scene) }, user),
            );
            expect(measured.status, route).toBe(status(route));
            results.push(measured);
          }
        }
      };
      await env.db
        .update(jams)
        .set({
          results: 'manual',
          resultsPublishedAt: new Date(now),
          startsAt: new Date(now - 86_400_000),
          endsAt: new Date(now - 60_000),
          entriesCheckedAt: new Date(now),
        })
        .where(eq(jams.id, scene.jam.id));
      await walk([null, scene.me], () => 200);
      // Before submissions close: the visitor's pages answer as if the entries did not exist, in budget.
      await env.db
        .update(jams)
        .set({ hiddenEntries: true, startsAt: new Date(now - 86_400_000), endsAt: new Date(now + 86_400_000) })
        .where(eq(jams.id, scene.jam.id));
      await walk([null], (route) => (route === 'PAGE /jams/[slug]/entries/[id]' ? 404 : 200));
      expect(overBudget(results)).toEqual([]);
    },
    WALK_TIMEOUT_MS,
  );

  it(
    "keeps a theme jam's page, cards and theme within their budgets once the theme is out, and its theme panel's reads before (ADR 043)",
    async () => {
      const scene = await budgetScene();
      const now = Date.now();
      const hours = (n: number) => new Date(now + n * 3_600_000);
      await env.db
        .update(jams)
        .set({
          themeRounds: true,
          themeSuggestFrom: hours(-8),
          themeRound1From: hours(-7),
          themeFinalFrom: hours(-6),
          themeClosesAt: hours(-5),
        })
        .where(eq(jams.id, scene.jam.id));
      await env.db.insert(themeSuggestions).values({ jamId: scene.jam.id, key: 'kite', text: 'Kites', yes: 3, looks: 3 });
      await env.db.update(jams).set({ themeLeader: 'Kites' }).where(eq(jams.id, scene.jam.id));
      const results: Measured[] = [];
      for (const route of ['PAGE /jams/[slug]', 'GET /api/jams/[slug]/theme', 'GET /api/jams']) {
        for (const user of [null, scene.me]) {
          const measured = await measure(route, user ? 'an administrator' : 'a visitor', () =>
            send(env, { method: 'GET', path: BUDGETS[route]!.path!(scene) }, user),
          );
          expect(measured.status, route).toBe(200);
          results.push(measured);
        }
      }
      const page = await send(env, { method: 'GET', path: BUDGETS['PAGE /jams/[slug]']!.path!(scene) }, null);
      expect(String(page.body)).toContain('The theme is Kites');
      await env.db
        .update(jams)
        .set({ startsAt: hours(10), themeFinalFrom: hours(-1), themeClosesAt: hours(2) })
        .where(eq(jams.id, scene.jam.id));
      const mine = await measure('GET /api/jams/[slug]/theme/mine', 'a voter', () =>
        send(env, { method: 'GET', path: `/api/jams/${scene.jam.slug}/theme/mine` }, scene.coManager),
      );
      expect(mine.status).toBe(200);
      results.push(mine);
      // The jam page's one personal call carries the same part, in the same batch as its other reads.
      const viewer = await measure('GET /api/jams/[slug]/viewer', 'a voter', () =>
        send(env, { method: 'GET', path: `/api/jams/${scene.jam.slug}/viewer` }, scene.coManager),
      );
      expect(viewer.status).toBe(200);
      results.push(viewer);
      const document = (await send(env, { method: 'GET', path: `/api/jams/${scene.jam.slug}/viewer` }, scene.coManager)).body as {
        theme: unknown;
      };
      expect(document.theme).toEqual(
        (await send(env, { method: 'GET', path: `/api/jams/${scene.jam.slug}/theme/mine` }, scene.coManager)).body,
      );
      expect(overBudget(results)).toEqual([]);
    },
    WALK_TIMEOUT_MS,
  );
});
