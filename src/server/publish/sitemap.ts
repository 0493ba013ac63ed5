/**
 * sitemap.xml: the static pages, every jam and every entry page (a hidden entry's only once
 * submissions close, ADR 041), and the profile of everyone who entered or manages a jam (banned
 * people left out), each in every locale with hreflang alternates. A sitemap file may hold at most 50,000 addresses (sitemaps.org): past that,
 * /sitemap.xml is an index of /sitemaps/{n}.xml files — first the jams (the static pages open file
 * 1), then the entry pages, then the profiles, so many per file (SITEMAP_LIMITS) — each read
 * from the database page by page, so no file grows with the size of one jam.
 */
import { type SQL, and, asc, eq, sql } from 'drizzle-orm';
import { entries, entryCredits, jamCount, jamManagers, jams, users } from '#db/schema';
import { entriesAreShownSql } from '#lib/entries-hidden';
import { userPath } from '#lib/user-url';
import { LOCALES } from '#i18n/locales';
import { localizePath } from '#i18n/paths';
import { db } from '#server/platform/db';
import { absoluteUrl, alternateLinks } from './site-urls';

/** Public pages worth indexing (not login, dashboard or forms). Paths without locale prefix. */
export const SITEMAP_STATIC_PATHS = ['/', '/explore', '/about', '/developers', '/faq', '/terms', '/privacy'] as const;

export interface SitemapPage {
  /** Without locale prefix. */
  path: string;
  lastModified?: Date;
}

/** The most addresses one sitemap file may list. */
export const SITEMAP_MAX_URLS = 50_000;

export interface SitemapLimits {
  maxUrls: number;
  jamsPerFile: number;
  entriesPerFile: number;
  usersPerFile: number;
}
/** Once split, a file of jams lists 30,000 addresses (each jam once per locale), a file of entries 45,000. */
export const SITEMAP_LIMITS: SitemapLimits = {
  maxUrls: SITEMAP_MAX_URLS,
  jamsPerFile: 10_000,
  entriesPerFile: 15_000,
  usersPerFile: 15_000,
};

export interface SitemapSize {
  jams: number;
  entries: number;
  /** Profiles listed (people with an entry or a managed jam, not banned); left out: none. */
  users?: number;
}

/**
 * One file for a small site; or the index's files: `jamFiles` files of jams, then the files of
 * entries (up to `entryFilesEnd`), then those of profiles.
 */
export type SitemapPlan =
  { split: false } | { split: true; files: number; jamFiles: number; entryFilesEnd?: number; limits: SitemapLimits };

export function sitemapPlan(size: SitemapSize, limits = SITEMAP_LIMITS): SitemapPlan {
  const people = size.users ?? 0;
  const urls = (SITEMAP_STATIC_PATHS.length + size.jams + size.entries + people) * LOCALES.length;
  if (urls <= limits.maxUrls) return { split: false };
  const jamFiles = Math.max(1, Math.ceil(size.jams / limits.jamsPerFile));
  const entryFilesEnd = jamFiles + Math.ceil(size.entries / limits.entriesPerFile);
  const files = entryFilesEnd + Math.ceil(people / limits.usersPerFile);
  return people > 0 ? { split: true, files, jamFiles, entryFilesEnd, limits } : { split: true, files, jamFiles, limits };
}

/** People whose profile is worth indexing: not banned, with an entry, an accepted credit or a managed jam. */
const listedPeople: SQL = sql`${users.isBanned} = 0 and (
  exists (select 1 from ${entries} where ${entries.submitterId} = ${users.id})
  or exists (select 1 from ${entryCredits} where ${entryCredits.userId} = ${users.id} and ${entryCredits.status} = 'accepted')
  or exists (select 1 from ${jamManagers} where ${jamManagers.userId} = ${users.id}))`;

const profilePage = (name: string): SitemapPage => ({ path: userPath(name) });

/** How many jams (from the counter the database keeps), entries and listed people there are, in one statement. */
export async function sitemapSize(): Promise<SitemapSize> {
  const [row] = await db().all<{ jams: number; entries: number; users: number }>(sql`
    select coalesce((select ${jamCount.n} from ${jamCount} where ${jamCount.id} = 1), (select count(*) from ${jams})) as jams,
      (select count(*) from ${entries}) as entries,
      (select count(*) from ${users} where ${listedPeople}) as users`);
  return { jams: Number(row?.jams ?? 0), entries: Number(row?.entries ?? 0), users: Number(row?.users ?? 0) };
}

/**
 * Whether the whole site fits in one sitemap file, as `sitemapPlan` decides it, with each count
 * stopped just past what one file can hold: a big site is not counted to its end.
 */
function fitsInOneFile(limits: SitemapLimits): SQL {
  const most = Math.floor(limits.maxUrls / LOCALES.length) - SITEMAP_STATIC_PATHS.length;
  const upTo = (rows: SQL) => sql`(select count(*) from (${rows} limit ${most + 1}))`;
  return sql`(coalesce((select ${jamCount.n} from ${jamCount} where ${jamCount.id} = 1), ${upTo(sql`select 1 from ${jams}`)})
    + ${upTo(sql`select 1 from ${entries}`)} + ${upTo(sql`select 1 from ${users} where ${listedPeople}`)} <= ${most})`;
}

/** The static pages, then each jam followed by its entries, then the profiles: read only `when` it holds. */
async function sitemapPages(when: SQL): Promise<SitemapPage[]> {
  const database = db();
  const [rows, found, people] = await Promise.all([
    database
      .select({ id: jams.id, slug: jams.slug, updatedAt: jams.updatedAt, entriesShown: entriesShown() })
      .from(jams)
      .where(when)
      .orderBy(asc(jams.id)),
    database
      .select({ id: entries.id, jamId: entries.jamId })
      .from(entries)
      .where(when)
      .orderBy(asc(entries.jamId), asc(entries.submittedAt), asc(entries.id)),
    database.select({ name: users.name }).from(users).where(and(listedPeople, when)).orderBy(asc(users.id)),
  ]);
  // A jam whose entries are hidden (ADR 041) lists its page, not theirs, until submissions close.
  const slugs = new Map(rows.filter((jam) => jam.entriesShown).map((jam) => [jam.id, jam.slug]));
  const entryPages = new Map<number, SitemapPage[]>();
  for (const entry of found) {
    const slug = slugs.get(entry.jamId);
    if (slug === undefined) continue;
    const list = entryPages.get(entry.jamId) ?? [];
    list.push(entryPage(slug, entry.id));
    entryPages.set(entry.jamId, list);
  }
  return [
    ...SITEMAP_STATIC_PATHS.map((path) => ({ path })),
    ...rows.flatMap((jam) => [jamPage(jam), ...(entryPages.get(jam.id) ?? [])]),
    ...people.map((person) => profilePage(person.name)),
  ];
}

/** Every page of a sitemap that fits in one file. */
export const allSitemapPages = (): Promise<SitemapPage[]> => sitemapPages(sql`1`);

/**
 * Every page when the site fits in one file, else null, in one round trip: the pages are read
 * beside the check, which a big site fails after counting a file's worth of rows.
 */
export async function oneFileSitemapPages(limits = SITEMAP_LIMITS): Promise<SitemapPage[] | null> {
  const fits = fitsInOneFile(limits);
  const [[check], pages] = await Promise.all([db().all<{ fits: number }>(sql`select ${fits} as fits`), sitemapPages(fits)]);
  return check?.fits ? pages : null;
}

/** The pages of file `file` (from 1) of a split sitemap; null past its last file. */
export async function sitemapFilePages(plan: SitemapPlan, file: number): Promise<SitemapPage[] | null> {
  if (!plan.split || !Number.isInteger(file) || file < 1 || file > plan.files) return null;
  const database = db();
  const { jamsPerFile, entriesPerFile, usersPerFile } = plan.limits;
  if (file <= plan.jamFiles) {
    const rows = await database
      .select({ id: jams.id, slug: jams.slug, updatedAt: jams.updatedAt })
      .from(jams)
      .orderBy(asc(jams.id))
      .limit(jamsPerFile)
      .offset((file - 1) * jamsPerFile);
    return [...(file === 1 ? SITEMAP_STATIC_PATHS.map((path) => ({ path })) : []), ...rows.map(jamPage)];
  }
  if (plan.entryFilesEnd !== undefined && file > plan.entryFilesEnd) {
    const people = await database
      .select({ name: users.name })
      .from(users)
      .where(listedPeople)
      .orderBy(asc(users.id))
      .limit(usersPerFile)
      .offset((file - plan.entryFilesEnd - 1) * usersPerFile);
    return people.map((person) => profilePage(person.name));
  }
  const rows = await database
    .select({ id: entries.id, slug: jams.slug })
    .from(entries)
    .innerJoin(jams, eq(jams.id, entries.jamId))
    .where(entriesShown())
    .orderBy(asc(entries.id))
    .limit(entriesPerFile)
    .offset((file - plan.jamFiles - 1) * entriesPerFile);
  return rows.map((entry) => entryPage(entry.slug, entry.id));
}

/** Whether a jam's entries are shown to everyone: not hidden (ADR 041), or submissions have closed. */
const entriesShown = () => entriesAreShownSql(jams, Date.now()).mapWith(Boolean);

const jamPage = (jam: { slug: string; updatedAt: Date }): SitemapPage => ({
  path: `/jams/${encodeURIComponent(jam.slug)}`,
  lastModified: jam.updatedAt,
});
const entryPage = (slug: string, id: number): SitemapPage => ({ path: `/jams/${encodeURIComponent(slug)}/entries/${id}` });

export const sitemapFilePath = (file: number) => `/sitemaps/${file}.xml`;

export function sitemapIndexXml(site: string, files: number): string {
  const entries = Array.from(
    { length: files },
    (_, index) => `<sitemap><loc>${escapeXml(absoluteUrl(site, sitemapFilePath(index + 1)))}</loc></sitemap>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    '</sitemapindex>',
    '',
  ].join('\n');
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

function urlElement(site: string, page: SitemapPage, locale: (typeof LOCALES)[number]): string {
  const alternates = alternateLinks(site, page.path)
    .map(({ hreflang, href }) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(href)}"/>`)
    .join('');
  const lastmod = page.lastModified ? `<lastmod>${page.lastModified.toISOString()}</lastmod>` : '';
  return `<url><loc>${escapeXml(absoluteUrl(site, localizePath(locale.code, page.path)))}</loc>${lastmod}${alternates}</url>`;
}

export function sitemapXml(site: string, pages: SitemapPage[]): string {
  const urls = pages.flatMap((page) => LOCALES.map((locale) => urlElement(site, page, locale)));
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** Paths kept out of search engines, in every locale. */
// Not /jams/new: robots rules match prefixes, and it would hide jams whose slug starts with "new".
const PRIVATE_PATHS = ['/dashboard', '/login', '/confirm-login', '/banned', '/notifications', '/feeds/'];

export function robotsTxt(site: string): string {
  const disallowed = ['/api/', ...LOCALES.flatMap((locale) => PRIVATE_PATHS.map((path) => localizePath(locale.code, path)))];
  return [
    'User-agent: *',
    'Allow: /',
    'Allow: /api/openapi.json',
    ...disallowed.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${absoluteUrl(site, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
