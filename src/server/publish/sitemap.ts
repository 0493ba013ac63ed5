/**
 * sitemap.xml: the static pages and every jam, each in every locale with hreflang alternates. A
 * sitemap file may hold at most 50,000 addresses (sitemaps.org): past that, /sitemap.xml is an
 * index of /sitemaps/{n}.xml files of JAMS_PER_SITEMAP jams each, read from the database page by page.
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
/** Jams per file once the sitemap is split: each is listed once per locale (30,000 addresses). */
export const JAMS_PER_SITEMAP = 10_000;

/** One file for a small site, or how many files the index lists. */
export type SitemapPlan = { files: 1; split: false } | { files: number; split: true };

export function sitemapPlan(jamTotal: number, jamsPerFile = JAMS_PER_SITEMAP): SitemapPlan {
  const urls = (SITEMAP_STATIC_PATHS.length + jamTotal) * LOCALES.length;
  if (urls <= SITEMAP_MAX_URLS) return { files: 1, split: false };
  return { files: Math.ceil(jamTotal / jamsPerFile), split: true };
}

/** How many jams there are, from the counter the database keeps. */
export async function countJams(): Promise<number> {
  const database = await db();
  const [kept] = await database.select({ n: jamCount.n }).from(jamCount).where(eq(jamCount.id, 1));
  if (kept) return kept.n;
  const [row] = await database.select({ n: count() }).from(jams);
  return row?.n ?? 0;
}

/**
 * The pages of one sitemap file: file 1 (or the only file) starts with the static pages, then the
 * jams in the order they were created, `jamsPerFile` per file; all jams when `file` is omitted.
 */
export async function sitemapPages(file?: number, jamsPerFile = JAMS_PER_SITEMAP): Promise<SitemapPage[]> {
  const query = (await db()).select({ id: jams.id, slug: jams.slug, updatedAt: jams.updatedAt }).from(jams).orderBy(asc(jams.id));
  const rows = file === undefined ? await query : await query.limit(jamsPerFile).offset((file - 1) * jamsPerFile);
  const entryPages = await entryPagesOf(rows);
  return [
    ...(file === undefined || file === 1 ? SITEMAP_STATIC_PATHS.map((path) => ({ path })) : []),
    ...rows.flatMap((jam) => [
      { path: `/jams/${encodeURIComponent(jam.slug)}`, lastModified: jam.updatedAt },
      ...(entryPages.get(jam.id) ?? []),
    ]),
  ];
}

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
    list.push({ path: `/jams/${encodeURIComponent(slug)}/entries/${entry.id}` });
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
const PRIVATE_PATHS = ['/dashboard', '/login', '/confirm-login', '/banned'];

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
