/**
 * sitemap.xml: the static pages, every jam and every entry page, each in every locale with hreflang
 * alternates. A sitemap file may hold at most 50,000 addresses (sitemaps.org): past that,
 * /sitemap.xml is an index of /sitemaps/{n}.xml files — first the jams (the static pages open file
 * 1), then the entry pages, so many per file (SITEMAP_LIMITS) — each read
 * from the database page by page, so no file grows with the size of one jam.
 */
import { and, asc, count, eq, gte, lte } from 'drizzle-orm';
import { entries, jamCount, jams } from '#db/schema';
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
}
/** Once split, a file of jams lists 30,000 addresses (each jam once per locale), a file of entries 45,000. */
export const SITEMAP_LIMITS: SitemapLimits = { maxUrls: SITEMAP_MAX_URLS, jamsPerFile: 10_000, entriesPerFile: 15_000 };

export interface SitemapSize {
  jams: number;
  entries: number;
}

/** One file for a small site; or the index's files: `jamFiles` files of jams, then the files of entries. */
export type SitemapPlan = { split: false } | { split: true; files: number; jamFiles: number; limits: SitemapLimits };

export function sitemapPlan(size: SitemapSize, limits = SITEMAP_LIMITS): SitemapPlan {
  const urls = (SITEMAP_STATIC_PATHS.length + size.jams + size.entries) * LOCALES.length;
  if (urls <= limits.maxUrls) return { split: false };
  const jamFiles = Math.max(1, Math.ceil(size.jams / limits.jamsPerFile));
  return { split: true, files: jamFiles + Math.ceil(size.entries / limits.entriesPerFile), jamFiles, limits };
}

/** How many jams (from the counter the database keeps) and entries there are. */
export async function sitemapSize(): Promise<SitemapSize> {
  const database = await db();
  const [kept] = await database.select({ n: jamCount.n }).from(jamCount).where(eq(jamCount.id, 1));
  const [jamRows] = kept ? [kept] : await database.select({ n: count() }).from(jams);
  const [entryRows] = await database.select({ n: count() }).from(entries);
  return { jams: jamRows?.n ?? 0, entries: entryRows?.n ?? 0 };
}

/** Every page of a sitemap that fits in one file: the static pages, then each jam followed by its entries. */
export async function allSitemapPages(): Promise<SitemapPage[]> {
  const rows = await (
    await db()
  )
    .select({ id: jams.id, slug: jams.slug, updatedAt: jams.updatedAt })
    .from(jams)
    .orderBy(asc(jams.id));
  const entryPages = await entryPagesOf(rows);
  return [
    ...SITEMAP_STATIC_PATHS.map((path) => ({ path })),
    ...rows.flatMap((jam) => [jamPage(jam), ...(entryPages.get(jam.id) ?? [])]),
  ];
}

/** The pages of file `file` (from 1) of a split sitemap; null past its last file. */
export async function sitemapFilePages(plan: SitemapPlan, file: number): Promise<SitemapPage[] | null> {
  if (!plan.split || !Number.isInteger(file) || file < 1 || file > plan.files) return null;
  const database = await db();
  const { jamsPerFile, entriesPerFile } = plan.limits;
  if (file <= plan.jamFiles) {
    const rows = await database
      .select({ id: jams.id, slug: jams.slug, updatedAt: jams.updatedAt })
      .from(jams)
      .orderBy(asc(jams.id))
      .limit(jamsPerFile)
      .offset((file - 1) * jamsPerFile);
    return [...(file === 1 ? SITEMAP_STATIC_PATHS.map((path) => ({ path })) : []), ...rows.map(jamPage)];
  }
  const rows = await database
    .select({ id: entries.id, slug: jams.slug })
    .from(entries)
    .innerJoin(jams, eq(jams.id, entries.jamId))
    .orderBy(asc(entries.id))
    .limit(entriesPerFile)
    .offset((file - plan.jamFiles - 1) * entriesPerFile);
  return rows.map((entry) => entryPage(entry.slug, entry.id));
}

const jamPage = (jam: { slug: string; updatedAt: Date }): SitemapPage => ({
  path: `/jams/${encodeURIComponent(jam.slug)}`,
  lastModified: jam.updatedAt,
});
const entryPage = (slug: string, id: number): SitemapPage => ({ path: `/jams/${encodeURIComponent(slug)}/entries/${id}` });

/** The entry pages of these jams (a range of ids, read in one query), by jam. */
async function entryPagesOf(rows: { id: number; slug: string }[]): Promise<Map<number, SitemapPage[]>> {
  const byJam = new Map<number, SitemapPage[]>();
  if (rows.length === 0) return byJam;
  const slugs = new Map(rows.map((jam) => [jam.id, jam.slug]));
  const ids = rows.map((jam) => jam.id);
  const found = await (
    await db()
  )
    .select({ id: entries.id, jamId: entries.jamId })
    .from(entries)
    .where(and(gte(entries.jamId, Math.min(...ids)), lte(entries.jamId, Math.max(...ids))))
    .orderBy(asc(entries.jamId), asc(entries.submittedAt), asc(entries.id));
  for (const entry of found) {
    const slug = slugs.get(entry.jamId);
    if (slug === undefined) continue;
    const list = byJam.get(entry.jamId) ?? [];
    list.push(entryPage(slug, entry.id));
    byJam.set(entry.jamId, list);
  }
  return byJam;
}

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
