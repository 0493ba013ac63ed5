/**
 * The sitemap's files read from the database: one file for a small site (each jam followed by its
 * entry pages, then the profiles); split, the jams first, then the entry pages, then the profiles,
 * each file a page of the database.
 * Small limits stand in for 50,000 addresses (tests/unit/sitemap.test.ts checks the real ones).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jams, users } from '#db/schema';
import { LOCALES } from '#i18n/locales';
import { allSitemapPages, oneFileSitemapPages, sitemapFilePages, sitemapPlan, sitemapSize } from '#server/publish/sitemap';
import { type TestDatabase, createTestDatabase } from '../helpers/database';
import { insertEntry, insertJam, insertManager } from '../helpers/factories';
import { installHost } from '#server/platform/host';

const STATIC = ['/', '/explore', '/about', '/developers', '/faq', '/terms', '/privacy'];
const SMALL = { maxUrls: 30, jamsPerFile: 2, entriesPerFile: 2, usersPerFile: 3 };
/** Everyone with an entry or a managed jam, in the order they joined; not the banned manager nor the one who did neither. */
const PROFILES = ['/users/sitemap_s1', '/users/sitemap_s2', '/users/sitemap_s3', '/users/sitemap_Manager'];

let test: TestDatabase;
const entryPaths: Record<string, string[]> = { alpha: [], beta: [], gamma: [] };

beforeAll(async () => {
  test = await createTestDatabase();
  process.env.DATABASE_URL = test.url;
  // Read afresh: making a remote test database already read the configuration (a client's deadline).
  installHost({ environment: { ...process.env } });
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
    if (slug === 'beta') {
      const [manager, banned] = await test.database
        .insert(users)
        .values([{ name: 'sitemap_Manager' }, { name: 'sitemap_banned', isBanned: true }, { name: 'sitemap_idle' }])
        .returning();
      await insertManager(test.database, jam.id, manager!.id);
      await insertManager(test.database, jam.id, banned!.id);
    }
    for (const person of people.slice(0, entryCount)) {
      const entry = await insertEntry(test.database, jam.id, person.id, 700_000 + jam.id * 10 + person.id);
      entryPaths[slug]!.push(`/jams/${slug}/entries/${entry.id}`);
    }
  }
});
afterAll(() => {
  installHost({ environment: undefined });
  return test?.cleanup();
});

const paths = (pages: { path: string }[] | null) => pages?.map((page) => page.path) ?? null;

describe('the sitemap read from the database', () => {
  it('counts the jams, the entries and the profiles worth listing', async () => {
    expect(await sitemapSize()).toEqual({ jams: 3, entries: 5, users: 4 });
  });

  it('lists the static pages, then each jam followed by its entry pages, then the profiles, when it fits in one file', async () => {
    expect(paths(await allSitemapPages())).toEqual([
      ...STATIC,
      '/jams/alpha',
      ...entryPaths.alpha!,
      '/jams/beta',
      '/jams/gamma',
      ...entryPaths.gamma!,
      ...PROFILES,
    ]);
  });

  it('reads the one file beside the check that it fits, deciding as the plan does, and nothing more when it does not fit', async () => {
    const urls = (STATIC.length + 3 + 5 + 4) * LOCALES.length;
    const fits = { ...SMALL, maxUrls: urls };
    const tooSmall = { ...SMALL, maxUrls: urls - 1 };
    expect(sitemapPlan(await sitemapSize(), fits).split).toBe(false);
    expect(paths(await oneFileSitemapPages(fits))).toEqual(paths(await allSitemapPages()));
    expect(sitemapPlan(await sitemapSize(), tooSmall).split).toBe(true);
    expect(await oneFileSitemapPages(tooSmall)).toBeNull();
  });

  it('split, gives the jams their files (the static pages first), then the entry pages and the profiles theirs', async () => {
    const plan = sitemapPlan(await sitemapSize(), SMALL);
    expect(plan).toMatchObject({ split: true, files: 7, jamFiles: 2, entryFilesEnd: 5 });
    const all = [...entryPaths.alpha!, ...entryPaths.gamma!];
    expect(paths(await sitemapFilePages(plan, 1))).toEqual([...STATIC, '/jams/alpha', '/jams/beta']);
    expect(paths(await sitemapFilePages(plan, 2))).toEqual(['/jams/gamma']);
    expect(paths(await sitemapFilePages(plan, 3))).toEqual(all.slice(0, 2));
    expect(paths(await sitemapFilePages(plan, 4))).toEqual(all.slice(2, 4));
    expect(paths(await sitemapFilePages(plan, 5))).toEqual(all.slice(4));
    expect(paths(await sitemapFilePages(plan, 6))).toEqual(PROFILES.slice(0, 3));
    expect(paths(await sitemapFilePages(plan, 7))).toEqual(PROFILES.slice(3));
  });

  it('has no file before the first, past the last, or of a number that is not whole', async () => {
    const plan = sitemapPlan(await sitemapSize(), SMALL);
    for (const file of [0, 8, 1.5, Number.NaN]) expect(await sitemapFilePages(plan, file)).toBeNull();
    expect(await sitemapFilePages(sitemapPlan(await sitemapSize()), 1)).toBeNull(); // not split at all
  });

  // Last: it adds a jam to the site the tests above count.
  it('leaves a hidden entry out (ADR 041), in one file and split, until submissions close', async () => {
    const jam = await insertJam(test.database, { slug: 'hidden-delta', status: 'ongoing', hiddenEntries: true });
    const [person] = await test.database.select().from(users).where(eq(users.name, 'sitemap_s1'));
    const entry = await insertEntry(test.database, jam.id, person!.id, 799_001);
    const page = `/jams/hidden-delta/entries/${entry.id}`;
    const everyFile = async () => {
      const plan = sitemapPlan(await sitemapSize(), SMALL);
      if (!plan.split) throw new Error('the small limits split the sitemap');
      const files = await Promise.all(Array.from({ length: plan.files }, (_, index) => sitemapFilePages(plan, index + 1)));
      return files.flatMap((file) => paths(file) ?? []);
    };
    expect(paths(await allSitemapPages())).toContain('/jams/hidden-delta');
    expect(paths(await allSitemapPages())).not.toContain(page);
    expect(await everyFile()).toContain('/jams/hidden-delta');
    expect(await everyFile()).not.toContain(page);
    await test.database
      .update(jams)
      .set({ endsAt: new Date(Date.now() - 60_000) })
      .where(eq(jams.id, jam.id));
    expect(paths(await allSitemapPages())).toContain(page);
    expect(await everyFile()).toContain(page);
  });
});
