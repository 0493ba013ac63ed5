import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { robotsTxt, sitemapXml } from '#server/publish/sitemap';
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

describe('robots.txt', () => {
  it('allows the site, keeps out the API and private pages in every language, and names the sitemap', () => {
    const robots = robotsTxt(SITE);
    expect(robots).toContain('User-agent: *\nAllow: /\n');
    for (const path of ['/api/', '/dashboard', '/hu/dashboard', '/ir/login', '/confirm-login', '/hu/banned']) {
      expect(robots).toContain(`Disallow: ${path}\n`);
    }
    expect(robots).not.toContain('Disallow: /jams');
    expect(robots.trimEnd().split('\n').at(-1)).toBe(`Sitemap: ${SITE}/sitemap.xml`);
  });
});
