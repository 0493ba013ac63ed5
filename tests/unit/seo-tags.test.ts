import { describe, expect, it } from 'vitest';
import { type SeoInput, seoTags } from '#server/publish/seo';

const SITE = 'https://itinerary.example';
const labels = { starts: 'Starts', ends: 'Ends', rss: 'Game jams (RSS)', jsonFeed: 'Game jams (JSON Feed)' };
const base: SeoInput = {
  site: SITE,
  locale: 'en',
  path: '/jams/space-sprint-jam',
  title: 'Space Sprint Jam',
  siteName: 'Itinerary',
  description: 'Make a fast-paced space game in one week.',
  labels,
};

/** `property`/`name`/`rel` → content or href, repeated keys collected in order. */
function read(input: SeoInput) {
  const tags = seoTags(input);
  const meta = (key: string) =>
    tags.filter((tag) => tag.attrs.property === key || tag.attrs.name === key).map((tag) => tag.attrs.content);
  const links = (rel: string) => tags.filter((tag) => tag.tag === 'link' && tag.attrs.rel === rel).map((tag) => tag.attrs);
  return { tags, meta, links };
}

describe('link preview tags', () => {
  it('describe a jam with its name, description, image, page address and start and end in ISO form', () => {
    const { meta } = read({
      ...base,
      image: 'https://example.org/cover.png',
      startsAt: new Date('2025-03-01T18:00:00Z'),
      endsAt: '2025-03-08T18:00:00.000Z',
    });
    expect(meta('description')).toEqual(['Make a fast-paced space game in one week.']);
    expect(meta('og:title')).toEqual(['Space Sprint Jam']);
    expect(meta('og:description')).toEqual(['Make a fast-paced space game in one week.']);
    expect(meta('og:site_name')).toEqual(['Itinerary']);
    expect(meta('og:type')).toEqual(['website']);
    expect(meta('og:url')).toEqual([`${SITE}/jams/space-sprint-jam`]);
    expect(meta('og:image')).toEqual(['https://example.org/cover.png']);
    expect(meta('og:image:alt')).toEqual(['Space Sprint Jam']);
    expect(meta('event:start_time')).toEqual(['2025-03-01T18:00:00.000Z']);
    expect(meta('event:end_time')).toEqual(['2025-03-08T18:00:00.000Z']);
    expect(meta('twitter:card')).toEqual(['summary_large_image']);
    expect(meta('twitter:title')).toEqual(['Space Sprint Jam']);
    expect(meta('twitter:description')).toEqual(['Make a fast-paced space game in one week.']);
    expect([meta('twitter:label1'), meta('twitter:data1')]).toEqual([['Starts'], ['2025-03-01T18:00:00.000Z']]);
    expect([meta('twitter:label2'), meta('twitter:data2')]).toEqual([['Ends'], ['2025-03-08T18:00:00.000Z']]);
  });

  it('use the site picture when a page has none, and leave event times out of pages that are not jams', () => {
    const { meta } = read({ ...base, image: null });
    expect(meta('og:image')).toEqual([`${SITE}/og-image.png`]);
    expect(meta('twitter:image')).toEqual([`${SITE}/og-image.png`]);
    expect(meta('event:start_time')).toEqual([]);
    expect(meta('twitter:label1')).toEqual([]);
  });

  it('give the canonical address and the page in all three languages, English as x-default', () => {
    const { links, meta } = read({ ...base, locale: 'ir' });
    expect(links('canonical')).toEqual([{ rel: 'canonical', href: `${SITE}/ir/jams/space-sprint-jam` }]);
    expect(links('alternate').filter((link) => link.hreflang)).toEqual([
      { rel: 'alternate', hreflang: 'en', href: `${SITE}/jams/space-sprint-jam` },
      { rel: 'alternate', hreflang: 'hu', href: `${SITE}/hu/jams/space-sprint-jam` },
      { rel: 'alternate', hreflang: 'ga', href: `${SITE}/ir/jams/space-sprint-jam` },
      { rel: 'alternate', hreflang: 'x-default', href: `${SITE}/jams/space-sprint-jam` },
    ]);
    expect(meta('og:locale')).toEqual(['ga_IE']);
    expect(meta('og:locale:alternate')).toEqual(['en_GB', 'hu_HU']);
  });

  it('treat the home page and a trailing slash sensibly', () => {
    expect(read({ ...base, locale: 'hu', path: '/' }).links('canonical')[0]!.href).toBe(`${SITE}/hu`);
    expect(read({ ...base, path: '/about/' }).links('canonical')[0]!.href).toBe(`${SITE}/about`);
  });

  it('point to the feeds of the page language, the manifest, the touch icon and the theme colours', () => {
    const { links, meta, tags } = read({ ...base, locale: 'hu' });
    expect(links('alternate').filter((link) => link.type)).toEqual([
      { rel: 'alternate', type: 'application/rss+xml', title: 'Game jams (RSS)', href: '/hu/rss.xml' },
      { rel: 'alternate', type: 'application/feed+json', title: 'Game jams (JSON Feed)', href: '/hu/feed.json' },
    ]);
    expect(links('manifest')).toEqual([{ rel: 'manifest', href: '/manifest.webmanifest' }]);
    expect(links('apple-touch-icon')).toEqual([{ rel: 'apple-touch-icon', href: '/apple-touch-icon.png' }]);
    expect(meta('theme-color')).toHaveLength(2);
    expect(tags.filter((tag) => tag.attrs.name === 'theme-color').map((tag) => tag.attrs.media)).toEqual([
      '(prefers-color-scheme: light)',
      '(prefers-color-scheme: dark)',
    ]);
  });
});
