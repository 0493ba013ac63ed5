import { getRssString } from '@astrojs/rss';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { translator } from '#i18n/translate';
import { formatUtc, jsonFeed, rssOptions } from '#server/publish/feeds';
import { NOW, SITE, jamRow, t } from './share-fixtures';

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' });
const asArray = <T>(value: T | T[]) => (Array.isArray(value) ? value : [value]);

async function parseRss(jams: ReturnType<typeof jamRow>[], locale: 'en' | 'hu' = 'en') {
  const xml = await getRssString(rssOptions(jams, { site: SITE, locale, t: translator(locale), now: NOW }));
  return { xml, channel: parser.parse(xml).rss.channel };
}

describe('the RSS feed', () => {
  it('is RSS 2.0 with one item per jam: name, jam page link, a guid that survives renames, and the times in UTC', async () => {
    const jam = jamRow({ name: 'Space Sprint Jam', slug: 'space-sprint-jam', description: 'Go fast.' });
    const { xml, channel } = await parseRss([jam]);
    expect(xml).toContain('<rss version="2.0"');
    expect(channel.title).toBe('Itinerary: game jams');
    expect(channel.description).toBe('New Scratch game jams and jams starting soon.');
    expect(channel.language).toBe('en');
    expect(channel['atom:link']['@href']).toBe(`${SITE}/rss.xml`);
    const [item] = asArray(channel.item);
    expect(item.title).toBe('Space Sprint Jam');
    expect(item.link).toBe(`${SITE}/jams/space-sprint-jam`);
    expect(item.guid).toEqual({ '#text': `jam-${jam.id}@itinerary.example`, '@isPermaLink': 'false' });
    expect(new Date(item.pubDate).toISOString()).toBe(jam.createdAt.toISOString());
    expect(item.description).toBe(
      'Go fast.\n\nStarts Saturday, 1 March 2025 at 18:00 UTC. Ends Saturday, 8 March 2025 at 18:00 UTC.',
    );
    expect(item.category).toBe('Ongoing');
  });

  it('never contains a jam body, mystery or not', async () => {
    const { xml } = await parseRss([jamRow({ mystery: true }), jamRow()]);
    expect(xml).not.toContain('SECRET BODY');
  });

  it('escapes names and descriptions instead of breaking the XML', async () => {
    const { channel } = await parseRss([jamRow({ name: 'Cats & <Dogs>', description: '"Quotes" & <b>tags</b>' })]);
    const [item] = asArray(channel.item);
    expect(item.title).toBe('Cats & <Dogs>');
    expect(item.description).toContain('"Quotes" & <b>tags</b>');
  });

  it('speaks the language of its address: Hungarian texts and /hu links', async () => {
    const jam = jamRow({ slug: 'hungarian-jam' });
    const { channel } = await parseRss([jam], 'hu');
    expect(channel.title).toBe('Itinerary: game jamek');
    expect(channel.language).toBe('hu');
    expect(channel['atom:link']['@href']).toBe(`${SITE}/hu/rss.xml`);
    expect(asArray(channel.item)[0].link).toBe(`${SITE}/hu/jams/hungarian-jam`);
  });
});

describe('the JSON Feed', () => {
  it('is JSON Feed 1.1 with the jam times, status and calendar address on every item', () => {
    const jam = jamRow({ slug: 'space-sprint-jam', imageUrl: 'https://example.org/cover.png', mystery: true });
    const feed = jsonFeed([jam], { site: SITE, locale: 'en', t, now: NOW });
    expect(feed).toMatchObject({
      version: 'https://jsonfeed.org/version/1.1',
      title: 'Itinerary: game jams',
      home_page_url: `${SITE}/`,
      feed_url: `${SITE}/feed.json`,
      language: 'en',
    });
    expect(feed.items).toEqual([
      {
        id: `jam-${jam.id}@itinerary.example`,
        url: `${SITE}/jams/space-sprint-jam`,
        title: jam.name,
        content_text: `${jam.description}\n\nStarts Saturday, 1 March 2025 at 18:00 UTC. Ends Saturday, 8 March 2025 at 18:00 UTC.`,
        summary: jam.description,
        image: 'https://example.org/cover.png',
        date_published: '2025-02-10T09:30:00.000Z',
        date_modified: '2025-02-12T16:05:00.000Z',
        tags: ['Ongoing'],
        _itinerary: {
          starts_at: '2025-03-01T18:00:00.000Z',
          ends_at: '2025-03-08T18:00:00.000Z',
          voting_ends_at: null,
          status: 'ongoing',
          phase: 'ongoing',
          calendar_url: `${SITE}/jams/space-sprint-jam.ics`,
        },
      },
    ]);
    expect(JSON.stringify(feed)).not.toContain('SECRET BODY');
  });

  it('leaves the image out when a jam has none', () => {
    const [item] = jsonFeed([jamRow()], { site: SITE, locale: 'en', t, now: NOW }).items;
    expect(item).not.toHaveProperty('image');
  });
});

describe('dates in feeds', () => {
  it('are written in the feed language and always in UTC', () => {
    const date = new Date('2025-01-06T23:30:00Z');
    expect(formatUtc(date, 'en')).toBe('Monday, 6 January 2025 at 23:30 UTC');
    expect(formatUtc(date, 'hu')).toMatch(/^2025\. január 6\., hétfő.*23:30 UTC$/);
  });
});
