/**
 * Every list query the site runs, checked with EXPLAIN QUERY PLAN: the statements are captured
 * from the real service functions, so a changed query is checked as it is, not as it was.
 * Without ANALYZE statistics SQLite plans as if every table were large, so a small data set
 * shows the plans the big one gets (bench/ measures those).
 *
 * Not here: the name search (`q`), a LIKE '%…%' that reads every jam's name (about 15 ms over
 * 100,000 jams), and the sitemap, which lists every jam by design.
 */
import { type InStatement, type ResultSet, createClient } from '@libsql/client';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, entries, jamRequests, jamSlugRedirects, jams, sessions, users, votes } from '#db/schema';
import { JAM_STATUSES } from '#lib/jam-timing';
import { JAM_SORTS } from '#lib/schemas/jams';
import type { ActivityQuery } from '#lib/schemas/activity';
import { listActivity, listJamActivity } from '#server/activity/activity';
import { db } from '#server/platform/db';
import { listEntries } from '#server/entries/entry-list';
import { feedJams } from '#server/publish/feeds';
import { readWinners } from '#server/judging/winners';
import { findJam, requireJam } from '#server/jams/jams';
import { homeJams, listJams, nextJamMoment } from '#server/jams/jam-list';
import { type SessionUser, generateSessionToken, hashToken, validateSessionToken } from '#server/auth/session';
import { findUserByName } from '#server/users/users';
import { listJamRequests } from '#server/jams/request-answers';
import { ownJamRequests } from '#server/jams/requests';
import { JAM_REQUEST_STATUSES } from '#lib/schemas/jam-requests';
import { castVote, myVotes } from '#server/judging/votes';
import { nextEntry, recordPlay } from '#server/judging/plays';
import { type TestDatabase, createTestDatabase } from '../helpers/database';
import { installHost } from '#server/platform/host';

const HOUR = 3_600_000;
const BIG_TABLES = ['jams', 'entries', 'votes', 'users', 'sessions', 'plays'];

let test: TestDatabase;
let voter: SessionUser;
/** Created before the app's connection reads anything: a write from the test's own connection mid-file would leave that connection's snapshot behind. */
let player: SessionUser;
const now = Date.now();

beforeAll(async () => {
  test = await createTestDatabase();
  process.env.DATABASE_URL = test.url;
  // Read afresh: making a remote test database already read the configuration (a client's deadline).
  installHost({ environment: { ...process.env } });
  const database = test.database;
  const people = await database
    .insert(users)
    .values(Array.from({ length: 6 }, (_, i) => ({ name: `plan_user_${i}` })))
    .returning();
  voter = people[5]!;
  player = (await database.insert(users).values({ name: 'plan_player' }).returning())[0]!;
  // Three jams of every status, featured and not, so every list below has a first, middle and last page.
  const windows = { running: [-1, 1], ended: [-3, -2], coming: [1, 2] } as const;
  await database.insert(jams).values(
    Object.entries(windows).flatMap(([status, [start, end]], s) =>
      [true, false].flatMap((featured, f) =>
        [0, 1, 2].map((n) => ({
          id: 1 + s * 6 + f * 3 + n,
          slug: n === 0 && f === 0 ? status : `${status}-${f}-${n}`,
          name: `${status} ${n}`,
          startsAt: new Date(now + start * HOUR - n * 60_000),
          endsAt: new Date(now + end * HOUR),
          featured,
        })),
      ),
    ),
  );
  await database.insert(jamSlugRedirects).values({ slug: 'old-running', jamId: 1 });
  for (const jamId of [1, 7]) {
    await database.insert(entries).values(
      people.slice(0, 4).map((person, i) => ({
        jamId,
        scratchId: jamId * 100 + i,
        submitterId: person.id,
        title: `P${i}`,
        authorName: person.name,
      })),
    );
  }
  const stored = await database.select().from(entries);
  await database
    .insert(votes)
    .values(stored.slice(0, 3).map((entry) => ({ entryId: entry.id, voterId: people[4]!.id, jamId: entry.jamId })));
}, 60_000);
afterAll(() => {
  installHost({ environment: undefined });
  return test?.cleanup();
});

/** The statements `action` sends to the database, in order. */
async function statementsOf(action: () => Promise<unknown>): Promise<{ sql: string; args: unknown[] }[]> {
  const client = db().$client;
  const execute = client.execute as (statement: InStatement) => Promise<ResultSet>;
  const seen: { sql: string; args: unknown[] }[] = [];
  const batch = client.batch as (statements: InStatement[], mode?: unknown) => Promise<ResultSet[]>;
  const note = (statement: InStatement) => {
    if (typeof statement === 'object') seen.push({ sql: statement.sql, args: (statement.args ?? []) as unknown[] });
  };
  client.execute = ((statement: InStatement) => {
    note(statement);
    return execute.call(client, statement);
  }) as typeof client.execute;
  // Writes sent as one batch (ADR 033) are planned statement by statement too.
  client.batch = ((statements: InStatement[], mode?: unknown) => {
    statements.forEach(note);
    return batch.call(client, statements, mode);
  }) as typeof client.batch;
  try {
    await action();
  } finally {
    client.execute = execute as typeof client.execute;
    client.batch = batch as typeof client.batch;
  }
  return seen.filter((statement) => !/^\s*(begin|commit|rollback|pragma)/i.test(statement.sql));
}

interface Plan {
  sql: string;
  plan: string[];
  /** The steps of the statement's `in (select …)` subquery alone (empty when it has none). */
  subquery: string[];
}

async function plansOf(action: () => Promise<unknown>): Promise<Plan[]> {
  const client = db().$client;
  const statements = await statementsOf(action);
  expect(statements.length).toBeGreaterThan(0);
  return Promise.all(
    statements.map(async ({ sql, args }) => {
      const { rows } = await client.execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args: args as never });
      const steps = rows.map((row) => ({ id: Number(row.id), parent: Number(row.parent), detail: String(row.detail) }));
      const inside = new Set(steps.filter((step) => step.detail.startsWith('LIST SUBQUERY')).map((step) => step.id));
      for (const step of steps) if (inside.has(step.parent)) inside.add(step.id);
      const subquery = steps.filter((step) => inside.has(step.parent)).map((step) => step.detail);
      return { sql, plan: steps.map((step) => step.detail), subquery };
    }),
  );
}

/** A plain `SCAN table` reads every row; `SCAN table USING … INDEX` walks an index in order and stops at LIMIT. */
function expectNoTableScan(plans: { sql: string; plan: string[] }[]) {
  for (const { sql, plan } of plans) {
    const scans = plan.filter((step) => BIG_TABLES.some((table) => new RegExp(`^SCAN ${table}$`).test(step)));
    expect(scans, `${sql}\n${plan.join('\n')}`).toEqual([]);
  }
}

const usesIndex = (plans: { plan: string[] }[], index: string) =>
  plans.some(({ plan }) => plan.some((step) => step.includes(`INDEX ${index}`)));

describe('query plans', () => {
  it('records a play with one insert on the plays key', async () => {
    const [entry] = await db().select().from(entries).where(eq(entries.jamId, 1)).limit(1);
    // EXPLAINed on a connection of its own, closed after: EXPLAIN of a write (or a read left open) on a connection
    // that stays in use held SQLite's lock past the next write there (libsql), and the writes of later tests waited in vain.
    const statements = await statementsOf(async () => recordPlay(player, await requireJam('running'), entry!.id));
    const own = createClient({ url: test.url });
    try {
      const plans = [];
      for (const { sql, args } of statements) {
        const { rows } = await own.execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args: args as never });
        plans.push({ sql, plan: rows.map((row) => String(row.detail)) });
      }
      expectNoTableScan(plans);
      expect(plans.filter(({ sql }) => /insert or ignore into "plays"/i.test(sql))).toHaveLength(1);
    } finally {
      own.close();
    }
  });

  const lists = [
    ...[undefined, ...JAM_STATUSES].flatMap((status) => [undefined, true, false].map((featured) => ({ status, featured }))),
  ];

  it.each(lists)('finds every page of the jam list through an index, first, middle and last (%o)', async (filter) => {
    for (const page of [1, 2, 3]) {
      const plans = await plansOf(() => listJams({ page, perPage: 1, q: undefined, ...filter }, new Date(now)));
      expectNoTableScan(plans);
      const pageIndex = filter.featured === undefined ? 'jams_list_idx' : 'jams_featured_list_idx';
      // Running jams come from the short "not ended yet" range of ends_at, then a small sort.
      expect(usesIndex(plans, pageIndex) || (filter.status === 'ongoing' && usesIndex(plans, 'jams_ends_at_idx'))).toBe(true);
    }
  });

  const sortedLists = JAM_SORTS.filter((sort) => sort !== 'newest').flatMap((sort) =>
    lists.map((filter) => ({ ...filter, sort })),
  );

  it.each(sortedLists)('finds every page of every explore sort through an index, first, middle and last (%o)', async (filter) => {
    for (const page of [1, 2, 3]) {
      const plans = await plansOf(() => listJams({ page, perPage: 1, q: undefined, ...filter }, new Date(now)));
      expectNoTableScan(plans);
      if (process.env.SHOW_PLANS) console.log(JSON.stringify(filter), page, plans.map((p) => p.plan.join(' | ')).join('\n  '));
      // The page's ids come from walking an index in the sort's order (no sorting of the whole list),
      // inside the query that reads the page's rows (and sorts those few again).
      const pageQueries = plans.filter(
        ({ sql }) => /"jams"\."id" in \(select "id" from "jams"/i.test(sql) && /order by/i.test(sql),
      );
      expect(pageQueries.length, JSON.stringify(filter)).toBeGreaterThan(0);
      for (const { sql, subquery: plan } of pageQueries) {
        expect(plan.length, sql).toBeGreaterThan(0);
        const walksInOrder = !plan.some((step) => step.includes('USE TEMP B-TREE FOR ORDER BY'));
        // Running and upcoming jams are few: a short index range and a small sort are fine there.
        const shortRange = plan.some((step) =>
          /INDEX (jams_ends_at_idx|jams_list_idx|jams_featured_list_idx) \((ends_at|starts_at|featured=\? AND starts_at)>\?/.test(
            step,
          ),
        );
        expect(walksInOrder || shortRange, `${JSON.stringify(filter)}\n${sql}\n${plan.join('\n')}`).toBe(true);
      }
    }
  });

  it("takes a list page's entry counts from the jams' own entry_count, without reading any entry", async () => {
    const plans = await plansOf(() => listJams({ page: 1, perPage: 10, q: undefined }, new Date(now)));
    expect(plans.length).toBeGreaterThan(0);
    expect(plans.filter(({ plan }) => plan.some((step) => /\bentries\b/.test(step)))).toEqual([]);
  });

  it("finds the home page's jams (featured, running, upcoming) and the next start or end without reading every jam", async () => {
    const home = await plansOf(() => homeJams(new Date(now)));
    expectNoTableScan(home);
    expect(usesIndex(home, 'jams_featured_list_idx')).toBe(true);
    expect(usesIndex(home, 'jams_ends_at_idx')).toBe(true);
    const moments = await plansOf(() => nextJamMoment(new Date(now)));
    expectNoTableScan(moments);
    expect(usesIndex(moments, 'jams_list_idx') && usesIndex(moments, 'jams_ends_at_idx')).toBe(true);
  });

  it('lists the newest jams for the feeds by walking the creation-time index', async () => {
    const plans = await plansOf(() => feedJams(new Date(now)));
    expectNoTableScan(plans);
    expect(usesIndex(plans, 'jams_created_at_idx')).toBe(true);
  });

  it('finds a jam by its slug or an old slug through their unique indexes', async () => {
    const plans = [...(await plansOf(() => findJam('running'))), ...(await plansOf(() => findJam('old-running')))];
    expectNoTableScan(plans);
    expect(usesIndex(plans, 'jams_slug_unique')).toBe(true);
    expect(usesIndex(plans, 'sqlite_autoindex_jam_slug_redirects_1')).toBe(true);
  });

  it.each(['running', 'ended'])(
    'lists the entries of a jam (%s) through the entries index, with vote counts (once public) from the votes key',
    async (slug) => {
      const plans = [
        ...(await plansOf(async () => listEntries(await requireJam(slug), { page: 1 }))),
        ...(slug === 'ended' ? await plansOf(async () => readWinners(await requireJam(slug))) : []),
      ];
      expectNoTableScan(plans);
      // Any index keyed by jam first will do: since entries carry their texts, SQLite prefers the narrower unique one.
      const countsByJamIndex = plans.some(({ plan }) =>
        plan.some((step) =>
          /SEARCH entries USING (COVERING )?INDEX (entries_jam_submitted_idx|entries_jam_submitter_unique) \(jam_id=\?\)/.test(
            step,
          ),
        ),
      );
      expect(countsByJamIndex).toBe(true);
      // While voting is open no vote is read at all: the counts are not shown.
      expect(usesIndex(plans, 'sqlite_autoindex_votes_1')).toBe(slug === 'ended');
    },
  );

  it.each([
    ['submitted', 'entries_jam_submitted_idx'],
    ['newest', 'entries_jam_submitted_idx'],
    ['fewest-plays', 'entries_jam_plays_idx'],
  ] as const)('pages through the entries in %s order by walking %s, without sorting them', async (sort, index) => {
    for (const slug of ['running', 'ended']) {
      for (const page of [1, 2, 3]) {
        const plans = await plansOf(async () => listEntries(await requireJam(slug), { page, perPage: 1, sort }));
        expectNoTableScan(plans);
        // The page itself (the ranks of an ended jam's page, read beside it, find the same page again).
        const pageQuery = plans.filter(
          ({ sql }) => /from "entries"/i.test(sql) && /order by/i.test(sql) && /limit/i.test(sql) && !/row_number/i.test(sql),
        );
        expect(pageQuery.length, `${slug} ${sort}`).toBe(1);
        expect(usesIndex(pageQuery, index), `${sort}\n${pageQuery[0]!.plan.join('\n')}`).toBe(true);
        expect(pageQuery[0]!.plan.filter((step) => step.includes('TEMP B-TREE'))).toEqual([]);
      }
    }
  });

  it.each([
    ['running', 'random'],
    ['ended', 'random'],
    ['ended', 'most-votes'],
  ] as const)("sorts only the jam's own entries, found through a jam index, for the %s jam's %s order", async (slug, sort) => {
    const plans = await plansOf(async () => listEntries(await requireJam(slug), { page: 2, perPage: 1, sort, seed: 77 }));
    expectNoTableScan(plans);
    expect(
      plans.some(({ plan }) =>
        plan.some((step) => /SEARCH entries USING (COVERING )?INDEX entries_jam_\w+ \(jam_id=\?\)/.test(step)),
      ),
    ).toBe(true);
  });

  it("reads the ranks of an ended jam's page in another order through the jam and votes indexes", async () => {
    const plans = await plansOf(async () => listEntries(await requireJam('ended'), { page: 1, sort: 'newest' }));
    expectNoTableScan(plans);
    const ranks = plans.find(({ sql }) => /row_number\(\)/i.test(sql));
    expect(ranks, 'the ranks query').toBeDefined();
    expect(usesIndex([ranks!], 'sqlite_autoindex_votes_1')).toBe(true);
  });

  it("finds the entry to play next through the jam's play-order index, the plays key and the plays-by-player index", async () => {
    const plans = [
      ...(await plansOf(async () => nextEntry(voter, await requireJam('running')))),
      ...(await plansOf(async () => nextEntry(null, await requireJam('running')))),
    ];
    expectNoTableScan(plans);
    const pick = plans.find(({ sql }) => /not exists/i.test(sql));
    expect(pick, 'the play-next query').toBeDefined();
    expect(usesIndex([pick!], 'sqlite_autoindex_plays_1'), pick!.plan.join('\n')).toBe(true);
    expect(usesIndex([pick!], 'plays_jam_player_idx'), pick!.plan.join('\n')).toBe(true);
    expect(
      pick!.plan.some((step) => /INDEX entries_jam_\w+ \(jam_id=\?\)/.test(step)),
      pick!.plan.join('\n'),
    ).toBe(true);
  });

  it("reads and limits a user's votes in a jam through the jam-and-voter index", async () => {
    const [entry] = await test.database.select().from(entries).limit(1);
    const plans = [
      ...(await plansOf(async () => myVotes(voter, await requireJam('running')))),
      ...(await plansOf(async () => castVote(voter, await requireJam('running'), entry!.id))),
    ];
    expectNoTableScan(plans);
    const limitCheck = plans.find(({ sql }) => /insert or ignore into "votes"/i.test(sql));
    expect(limitCheck, 'the vote insert').toBeDefined();
    expect(usesIndex([limitCheck!], 'votes_jam_voter_idx')).toBe(true);
  });

  it('finds a session by the hash of its token through the primary key', async () => {
    const token = generateSessionToken();
    await test.database
      .insert(sessions)
      .values({ id: hashToken(token), userId: voter.id, expiresAt: new Date(now + 30 * 24 * HOUR) });
    const plans = await plansOf(() => validateSessionToken(token));
    expectNoTableScan(plans);
    expect(usesIndex(plans, 'sqlite_autoindex_sessions_1')).toBe(true);
  });

  it('finds a user by name in any letter case through the lower(name) index', async () => {
    const plans = await plansOf(() => findUserByName('PLAN_USER_1'));
    expectNoTableScan(plans);
    expect(usesIndex(plans, 'users_name_lower_unique')).toBe(true);
  });

  describe('the activity log', () => {
    let admin: SessionUser;
    beforeAll(async () => {
      const [row] = await test.database.insert(users).values({ name: 'plan_admin', isAdmin: true }).returning();
      admin = row!;
      const actions = ['jam.update', 'jam.feature', 'winner.select', 'user.update'] as const;
      await test.database.insert(auditLog).values(
        Array.from({ length: 40 }, (_, i) => ({
          actorId: i % 2 ? admin.id : voter.id,
          actorName: i % 2 ? 'plan_admin' : voter.name,
          action: actions[i % 4]!,
          jamId: i % 4 === 3 ? null : 1 + (i % 3),
          targetUserId: i % 4 === 3 ? voter.id : null,
        })),
      );
    });

    const page = (extra: Partial<ActivityQuery> = {}): ActivityQuery => ({
      page: 2,
      perPage: 10,
      jam: undefined,
      user: undefined,
      ...extra,
    });
    const pageQuery = (plans: { sql: string; plan: string[] }[]) => plans.filter(({ sql }) => /order by/i.test(sql));
    const noSort = (plans: { sql: string; plan: string[] }[]) =>
      expect(plans.flatMap(({ plan }) => plan).filter((step) => step.includes('TEMP B-TREE'))).toEqual([]);
    const noAuditScan = (plans: { sql: string; plan: string[] }[]) =>
      expect(
        plans.flatMap(({ plan }) => plan).filter((step) => /^SCAN audit_log( |$)/.test(step) && !step.includes('INDEX')),
      ).toEqual([]);

    it('walks the whole log newest first in id order, without sorting it', async () => {
      const plans = await plansOf(() => listActivity(admin, page()));
      noSort(pageQuery(plans));
    });

    it.each([
      ['a jam', { jam: 'running' }, 'audit_log_jam_idx'],
      ['an action', { action: 'winner.select' }, 'audit_log_action_idx'],
    ] as const)('finds one page of the entries about %s through its index, in order', async (_what, filter, index) => {
      const plans = await plansOf(() => listActivity(admin, page(filter)));
      noAuditScan(plans);
      noSort(pageQuery(plans));
      expect(usesIndex(plans, index)).toBe(true);
    });

    it("finds a jam's activity for its managers through the jam index", async () => {
      const [jam] = await test.database.select().from(jams).limit(1);
      const plans = await plansOf(() => listJamActivity(admin, jam!, page({ action: 'jam.update' })));
      noAuditScan(plans);
      expect(usesIndex(plans, 'audit_log_jam_idx')).toBe(true);
    });

    it('finds what a user did or had done to them through the actor and target indexes', async () => {
      const plans = await plansOf(() => listActivity(admin, page({ user: voter.name })));
      noAuditScan(plans);
      expect(usesIndex(plans, 'audit_log_actor_idx') && usesIndex(plans, 'audit_log_target_user_idx')).toBe(true);
    });
  });

  describe('the jam requests', () => {
    let admin: SessionUser;
    beforeAll(async () => {
      const [row] = await test.database.insert(users).values({ name: 'plan_request_admin', isAdmin: true }).returning();
      admin = row!;
      const people = await test.database
        .insert(users)
        .values(Array.from({ length: 30 }, (_, i) => ({ name: `plan_asker_${i}` })))
        .returning();
      await test.database.insert(jamRequests).values(
        people.flatMap((person, i) =>
          (['declined', 'approved', 'pending'] as const).map((status) => ({
            requesterId: person.id,
            name: `Asked ${i} ${status}`,
            description: 'd',
            startsAt: new Date(now + 24 * HOUR),
            endsAt: new Date(now + 48 * HOUR),
            status: i % 3 === 0 || status === 'pending' ? status : 'declined',
          })),
        ),
      );
    });

    const steps = (plans: { plan: string[] }[]) => plans.flatMap(({ plan }) => plan);
    const fullScans = (plans: { plan: string[] }[]) =>
      steps(plans).filter((step) => /^SCAN jam_requests( |$)/.test(step) && !step.includes('INDEX'));

    it.each(JAM_REQUEST_STATUSES)(
      'finds a page of the %s requests through the status index, in order, without sorting',
      async (status) => {
        for (const page of [1, 2, 3]) {
          const plans = await plansOf(() => listJamRequests(admin, { status, page, perPage: 10 }));
          expect(fullScans(plans)).toEqual([]);
          expect(steps(plans).filter((step) => step.includes('TEMP B-TREE FOR ORDER BY'))).toEqual([]);
          expect(usesIndex(plans, 'jam_requests_status_idx')).toBe(true);
        }
      },
    );

    it('walks all requests newest first by id, and counts the statuses from the status index', async () => {
      const plans = await plansOf(() => listJamRequests(admin, { page: 2, perPage: 10, status: undefined }));
      expect(steps(plans).filter((step) => step.includes('TEMP B-TREE FOR ORDER BY'))).toEqual([]);
      expect(steps(plans)).toContainEqual(
        expect.stringMatching(/^SCAN jam_requests USING COVERING INDEX jam_requests_status_idx/),
      );
    });

    it("finds a user's own requests through the requester index", async () => {
      const [asker] = await test.database.select().from(users).where(eq(users.name, 'plan_asker_3'));
      const plans = await plansOf(() => ownJamRequests(asker!));
      expect(fullScans(plans)).toEqual([]);
      expect(steps(plans).filter((step) => step.includes('TEMP B-TREE FOR ORDER BY'))).toEqual([]);
      expect(usesIndex(plans, 'jam_requests_requester_idx')).toBe(true);
    });
  });
});
