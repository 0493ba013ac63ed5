import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { SITEMAP_MAX_URLS, robotsTxt, sitemapIndexXml, sitemapPlan, sitemapXml } from '#server/publish/sitemap';
import type { Parsed } from '../helpers/environment';

const SITE = 'https://itinerary.example';
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' });

describe('the sitemap', () => {
  it('lists each page once per language, with lastmod when known and escaped addresses', () => {
    const xml = sitemapXml(SITE, [{ path: '/' }, { path: '/jams/a&b', lastModified: new Date('2025-02-12T16:05:00Z') }]);
    const { urlset } = parser.parse(xml);
    expect(urlset['@xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    expect(urlset.url.map((url: Parsed) => url.loc)).toEqual([
      `${SITE}/`,
      `${SITE}/hu`,
      `${SITE}/ir`,
      `${SITE}/jams/a&b`,
      `${SITE}/hu/jams/a&b`,
      `${SITE}/ir/jams/a&b`,
    ]);
    expect(xml).toContain('<loc>https://itinerary.example/jams/a&amp;b</loc>');
    expect(urlset.url[3].lastmod).toBe('2025-02-12T16:05:00.000Z');
    expect(urlset.url[0].lastmod).toBeUndefined();
  });
});

describe('a sitemap too big for one file', () => {
  it('stays one file up to 50,000 addresses (every page, jam and entry in three languages), then splits', () => {
    expect(SITEMAP_MAX_URLS).toBe(50_000);
    const largestSingle = Math.floor(SITEMAP_MAX_URLS / 3) - 7; // seven static pages, three languages
    expect(sitemapPlan({ jams: largestSingle, entries: 0 })).toEqual({ split: false });
    expect(sitemapPlan({ jams: 100, entries: largestSingle - 100 })).toEqual({ split: false });
    expect(sitemapPlan({ jams: 100, entries: largestSingle - 99 })).toMatchObject({ split: true, files: 3, jamFiles: 1 });
  });

  it('splits into files of 10,000 jams (30,000 addresses) and then files of 15,000 entry pages (45,000)', () => {
    expect(sitemapPlan({ jams: 100_000, entries: 0 })).toMatchObject({ files: 10, jamFiles: 10 });
    expect(sitemapPlan({ jams: 100_001, entries: 0 })).toMatchObject({ files: 11, jamFiles: 11 });
    expect(sitemapPlan({ jams: 100_000, entries: 30_001 })).toMatchObject({ files: 13, jamFiles: 10 });
    // A small site with one huge jam: its entries get files of their own.
    expect(sitemapPlan({ jams: 3, entries: 20_000 })).toMatchObject({ files: 3, jamFiles: 1 });
  });

  it('lists its files in a sitemap index', () => {
    const { sitemapindex } = parser.parse(sitemapIndexXml(SITE, 3));
    expect(sitemapindex['@xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    expect(sitemapindex.sitemap.map((entry: Parsed) => entry.loc)).toEqual([
      `${SITE}/sitemaps/1.xml`,
      `${SITE}/sitemaps/2.xml`,
      `${SITE}/sitemaps/3.xml`,
    ]);
  });
});

describe('robots.txt', () => {
  it('allows the site, keeps out the API and private pages in every language, and names the sitemap', () => {
    const robots = robotsTxt(SITE);
    expect(robots).toContain('User-agent: *\nAllow: /\n');
    for (const path of [
      '/api/',
      '/dashboard',
      '/hu/dashboard',
      '/ir/login',
      '/confirm-login',
      '/hu/banned',
      '/notifications',
      '/ir/feeds/',
    ]) {
      expect(robots).toContain(`Disallow: ${path}\n`);
    }
    expect(robots).not.toContain('Disallow: /jams');
    expect(robots.trimEnd().split('\n').at(-1)).toBe(`Sitemap: ${SITE}/sitemap.xml`);
  });
});
