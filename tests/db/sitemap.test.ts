/**
 * The sitemap's files read from the database: one file for a small site (each jam followed by its
 * entry pages); split, the jams first and then the entry pages, each file a page of the database.
 * Small limits stand in for 50,000 addresses (tests/unit/sitemap.test.ts checks the real ones).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#db/schema';
import { allSitemapPages, sitemapFilePages, sitemapPlan, sitemapSize } from '#server/publish/sitemap';
import { type TestDatabase, createTestDatabase } from '../helpers/database';
import { insertEntry, insertJam } from '../helpers/factories';

const STATIC = ['/', '/explore', '/about', '/developers', '/faq', '/terms', '/privacy'];
const SMALL = { maxUrls: 30, jamsPerFile: 2, entriesPerFile: 2 };

let test: TestDatabase;
const entryPaths: Record<string, string[]> = { alpha: [], beta: [], gamma: [] };

beforeAll(async () => {
  test = await createTestDatabase();
  process.env.DATABASE_URL = test.url;
  const people = await test.database
    .insert(users)
    .values(['s1', 's2', 's3'].map((name) => ({ name: `sitemap_${name}` })))
    .returning();
  for (const [slug, entryCount] of [
    ['alpha', 2],
    ['beta', 0],
    ['gamma', 3],
  ] as const) {
    const jam = await insertJam(test.database, { slug, status: 'ended' });
    for (const person of people.slice(0, entryCount)) {
      const entry = await insertEntry(test.database, jam.id, person.id, 700_000 + jam.id * 10 + person.id);
      entryPaths[slug]!.push(`/jams/${slug}/entries/${entry.id}`);
    }
  }
});
afterAll(() => test?.cleanup());

const paths = (pages: { path: string }[] | null) => pages?.map((page) => page.path) ?? null;

describe('the sitemap read from the database', () => {
  it('counts the jams and the entries', async () => {
    expect(await sitemapSize()).toEqual({ jams: 3, entries: 5 });
  });

  it('lists the static pages, then each jam followed by its entry pages, when it fits in one file', async () => {
    expect(paths(await allSitemapPages())).toEqual([
      ...STATIC,
      '/jams/alpha',
      ...entryPaths.alpha!,
      '/jams/beta',
      '/jams/gamma',
      ...entryPaths.gamma!,
    ]);
  });

  it('split, gives the jams their files (the static pages first) and then the entry pages theirs', async () => {
    const plan = sitemapPlan(await sitemapSize(), SMALL);
    expect(plan).toMatchObject({ split: true, files: 5, jamFiles: 2 });
    const all = [...entryPaths.alpha!, ...entryPaths.gamma!];
    expect(paths(await sitemapFilePages(plan, 1))).toEqual([...STATIC, '/jams/alpha', '/jams/beta']);
    expect(paths(await sitemapFilePages(plan, 2))).toEqual(['/jams/gamma']);
    expect(paths(await sitemapFilePages(plan, 3))).toEqual(all.slice(0, 2));
    expect(paths(await sitemapFilePages(plan, 4))).toEqual(all.slice(2, 4));
    expect(paths(await sitemapFilePages(plan, 5))).toEqual(all.slice(4));
  });

  it('has no file before the first, past the last, or of a number that is not whole', async () => {
    const plan = sitemapPlan(await sitemapSize(), SMALL);
    for (const file of [0, 6, 1.5, Number.NaN]) expect(await sitemapFilePages(plan, file)).toBeNull();
    expect(await sitemapFilePages(sitemapPlan(await sitemapSize()), 1)).toBeNull(); // not split at all
  });
});
