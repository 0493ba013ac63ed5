import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Jam, entries, jams, users } from '#db/schema';
import { JAM_SORTS, type JamListQuery, type JamSort } from '#lib/schemas/jams';
import { listJams } from '#server/jams/jam-list';
import { type TestDatabase, createTestDatabase } from '../helpers/database';
import { installHost } from '#server/platform/host';

const HOUR = 3_600_000;
const NOW = new Date('2026-06-01T12:00:00Z');
const JAM_COUNT = 157;

let test: TestDatabase;
let all: Jam[];
const entryCounts = new Map<number, number>();

beforeAll(async () => {
  test = await createTestDatabase();
  process.env.DATABASE_URL = test.url;
  // Read afresh: making a remote test database already read the configuration (a client's deadline).
  installHost({ environment: { ...process.env } });
  // Mostly ended, some running, some to come; several share a start time so ties break by id.
  const rows = Array.from({ length: JAM_COUNT }, (_, i) => {
    const startsAt = NOW.getTime() + (10 - i) * 5 * HOUR - (i % 7 === 0 ? 0 : (i % 3) * HOUR) + (i % 11 === 0 ? 5 * HOUR : 0);
    return {
      slug: `list-jam-${i}`,
      // Mixed case, so "name A–Z" must ignore case; repeated names, so ties break by id.
      name: i % 4 === 0 ? `Cat Jam ${i % 13}` : i % 5 === 0 ? `apple jam ${i % 7}` : `Robot Jam ${i}`,
      startsAt: new Date(startsAt),
      endsAt: new Date(startsAt + (1 + (i % 9) * 6) * HOUR),
      featured: i % 6 === 0,
    };
  });
  await test.database.insert(jams).values(rows);
  all = await test.database.select().from(jams);
  const authors = await test.database
    .insert(users)
    .values([0, 1, 2].map((k) => ({ name: `list_author_${k}` })))
    .returning();
  for (const [n, jam] of all.filter((_, i) => i % 10 === 3).entries()) {
    const rows = authors.slice(0, 1 + (n % 3)).map((author, k) => ({
      jamId: jam.id,
      scratchId: n * 10 + k,
      submitterId: author.id,
      title: 'T',
      authorName: author.name,
    }));
    await test.database.insert(entries).values(rows);
    entryCounts.set(jam.id, rows.length);
  }
}, 60_000);
afterAll(() => {
  installHost({ environment: undefined });
  return test?.cleanup();
});

/**
 * The smallest page size tried: 3 puts a page boundary nearly everywhere; over sqld each page is an
 * HTTP round trip, so there the same queries are checked with fewer, larger pages (a third of the time).
 */
const SMALL_PAGE = process.env.TEST_DATABASE === 'sqld' ? 9 : 3;

const list = (query: Partial<JamListQuery>): JamListQuery => ({ page: 1, perPage: 10, q: undefined, ...query });
const statusOf = (jam: Jam) => (NOW < jam.startsAt ? 'upcoming' : NOW < jam.endsAt ? 'ongoing' : 'ended');
const newestFirst = (a: Jam, b: Jam) => b.startsAt.getTime() - a.startsAt.getTime() || b.id - a.id;

/** "Soonest": still to come, nearest first; then already past, most recent first. */
const soonest = (at: (jam: Jam) => Date) => (a: Jam, b: Jam) => {
  const [x, y] = [at(a).getTime(), at(b).getTime()];
  const [xFuture, yFuture] = [x > NOW.getTime(), y > NOW.getTime()];
  if (xFuture !== yFuture) return xFuture ? -1 : 1;
  return xFuture ? x - y || a.id - b.id : y - x || b.id - a.id;
};
const ORDERS: Record<JamSort, (a: Jam, b: Jam) => number> = {
  newest: newestFirst,
  'ending-soonest': soonest((jam) => jam.endsAt),
  'starting-soonest': soonest((jam) => jam.startsAt),
  'most-entries': (a, b) => (entryCounts.get(b.id) ?? 0) - (entryCounts.get(a.id) ?? 0) || newestFirst(a, b),
  name: (a, b) =>
    a.name.toLowerCase() < b.name.toLowerCase() ? -1 : a.name.toLowerCase() > b.name.toLowerCase() ? 1 : a.id - b.id,
};

function expected(query: Partial<JamListQuery>) {
  return all
    .filter((jam) => query.status === undefined || statusOf(jam) === query.status)
    .filter((jam) => query.featured === undefined || jam.featured === query.featured)
    .filter((jam) => !query.q || jam.name.toLowerCase().includes(query.q.toLowerCase()))
    .sort(ORDERS[query.sort ?? 'newest'])
    .map((jam) => jam.id);
}

const filters: Partial<JamListQuery>[] = [];
for (const status of [undefined, 'upcoming', 'ongoing', 'ended'] as const) {
  for (const featured of [undefined, true, false]) filters.push({ status, featured });
}
filters.push({ q: 'cat' }, { q: 'cat', status: 'ended', featured: false });

describe('the jam list over many jams', () => {
  it('has jams of every status in the data set, so each filter below is exercised', () => {
    const statuses = new Set(all.map(statusOf));
    expect([...statuses].sort()).toEqual(['ended', 'ongoing', 'upcoming']);
  });

  it.each(filters)('shows every matching jam exactly once, newest start first, on every page (%o)', async (filter) => {
    for (const perPage of [SMALL_PAGE, 10]) {
      const ids = expected({ page: 1, perPage, ...filter });
      const totalPages = Math.max(1, Math.ceil(ids.length / perPage));
      const seen: number[] = [];
      for (let page = 1; page <= totalPages; page++) {
        const result = await listJams(list({ page, perPage, ...filter }), NOW);
        expect(result).toMatchObject({ page, perPage, total: ids.length, totalPages });
        seen.push(...result.jams.map((jam) => jam.id));
      }
      expect(seen).toEqual(ids);
    }
  });

  const sorted = JAM_SORTS.filter((sort) => sort !== 'newest').flatMap((sort) => filters.map((filter) => ({ ...filter, sort })));
  it.each(sorted)('sorted, shows every matching jam exactly once, in order, on every page (%o)', async (filter) => {
    for (const perPage of [SMALL_PAGE, 20]) {
      const ids = expected({ page: 1, perPage, ...filter });
      const totalPages = Math.max(1, Math.ceil(ids.length / perPage));
      const seen: number[] = [];
      for (let page = 1; page <= totalPages; page++) {
        const result = await listJams(list({ page, perPage, ...filter }), NOW);
        expect(result).toMatchObject({ page, perPage, total: ids.length, totalPages });
        seen.push(...result.jams.map((jam) => jam.id));
      }
      expect(seen).toEqual(ids);
    }
  });

  it('keeps the entry count the "most entries" sort uses exact as entries come and go, also on a rollback', async () => {
    const stored = async (id: number) =>
      (await test.database.select({ n: jams.entryCount }).from(jams).where(eq(jams.id, id)))[0]!.n;
    for (const jam of all) expect(await stored(jam.id), jam.slug).toBe(entryCounts.get(jam.id) ?? 0);
    const jam = all.find((candidate) => !entryCounts.has(candidate.id))!;
    const [author] = await test.database.insert(users).values({ name: 'list_counted' }).returning();
    const [entry] = await test.database
      .insert(entries)
      .values({ jamId: jam.id, scratchId: 999_001, submitterId: author!.id, title: 'T', authorName: 'list_counted' })
      .returning();
    expect(await stored(jam.id)).toBe(1);
    await expect(
      test.database.transaction(async (tx) => {
        await tx.delete(entries).where(eq(entries.id, entry!.id));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await stored(jam.id)).toBe(1);
    await test.database.delete(users).where(eq(users.id, author!.id)); // the entry goes with its submitter
    expect(await stored(jam.id)).toBe(0);
  });

  it('keeps the count of all jams exact as jams are added and deleted, also when a write is rolled back', async () => {
    const before = (await listJams(list({}), NOW)).total;
    const [extra] = await test.database
      .insert(jams)
      .values({ slug: 'count-me', name: 'Count me', startsAt: NOW, endsAt: NOW })
      .returning();
    expect((await listJams(list({}), NOW)).total).toBe(before + 1);
    await expect(
      test.database.transaction(async (tx) => {
        await tx.delete(jams).where(eq(jams.id, extra!.id));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await listJams(list({}), NOW)).total).toBe(before + 1);
    await test.database.delete(jams).where(eq(jams.id, extra!.id));
    expect((await listJams(list({}), NOW)).total).toBe(before);
  });

  it('gives each listed jam its own number of entries', async () => {
    const listed = [];
    for (let page = 1; page <= Math.ceil(JAM_COUNT / 20); page++)
      listed.push(...(await listJams(list({ page, perPage: 20 }), NOW)).jams);
    expect(listed).toHaveLength(JAM_COUNT);
    expect(entryCounts.size).toBeGreaterThan(5);
    for (const jam of listed) expect(jam.entryCount, jam.slug).toBe(entryCounts.get(jam.id) ?? 0);
  });

  it('clamps a page past the end to the last page', async () => {
    const ids = expected({ page: 1, perPage: 10, status: 'ended' });
    const result = await listJams(list({ page: 9999, perPage: 10, status: 'ended' }), NOW);
    expect(result.page).toBe(Math.ceil(ids.length / 10));
    expect(result.jams.map((jam) => jam.id)).toEqual(ids.slice((result.page - 1) * 10));
  });
});
