/** sitemap.xml: the static pages and every jam, each in every locale with hreflang alternates. */
import { asc } from 'drizzle-orm';
import { jams } from '#db/schema';
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

export async function sitemapPages(): Promise<SitemapPage[]> {
  const rows = await (await db()).select({ slug: jams.slug, updatedAt: jams.updatedAt }).from(jams).orderBy(asc(jams.id));
  return [
    ...SITEMAP_STATIC_PATHS.map((path) => ({ path })),
    ...rows.map((jam) => ({ path: `/jams/${encodeURIComponent(jam.slug)}`, lastModified: jam.updatedAt })),
  ];
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
