import ICAL from 'ical.js';
import { XMLParser } from 'fast-xml-parser';
import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Jam } from '#db/schema';
import { type Environment, startEnvironment, type Parsed } from '../helpers/environment';
import { insertEntry, insertJam } from '../helpers/factories';

const DAY = 24 * 60 * 60 * 1000;
const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' });
const asArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

let env: Environment;
let upcoming: Jam, ongoing: Jam, mystery: Jam, recentlyEnded: Jam, longEnded: Jam;

beforeAll(async () => {
  env = await startEnvironment();
  upcoming = await insertJam(env.db, { status: 'upcoming', slug: 'share-upcoming', name: 'Upcoming & Soon' });
  ongoing = await insertJam(env.db, { status: 'ongoing', slug: 'share-ongoing', name: 'Ongoing Jam' });
  mystery = await insertJam(env.db, {
    status: 'upcoming',
    slug: 'share-mystery',
    mystery: true,
    body: 'THE SECRET THEME IS CATS',
  });
  recentlyEnded = await insertJam(env.db, { status: 'ended', slug: 'share-recently-ended' });
  longEnded = await insertJam(env.db, { status: 'ended', slug: 'share-long-ended', createdAt: new Date(Date.now() - 90 * DAY) });
});
afterAll(() => env?.close());

const host = () => new URL(env.app.url).host;
const uid = (jam: Jam) => `jam-${jam.id}@${host()}`;

describe('the RSS feed', () => {
  it('lists jams that have not ended and jams created lately, as parseable RSS with jam links', async () => {
    const reply = await env.request<string>('/rss.xml');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const items = asArray(xml.parse(reply.body).rss.channel.item) as Parsed[];
    const slugs = items.map((item) => new URL(item.link).pathname);
    expect(slugs).toEqual(
      expect.arrayContaining([
        '/jams/share-upcoming',
        '/jams/share-ongoing',
        '/jams/share-mystery',
        '/jams/share-recently-ended',
      ]),
    );
    expect(slugs).not.toContain('/jams/share-long-ended');
    expect(items.find((item) => item.link.endsWith('/jams/share-upcoming')).title).toBe('Upcoming & Soon');
    expect(items.map((item) => item.guid['#text'])).toContain(uid(upcoming));
  });

  it('never shows a mystery body', async () => {
    for (const path of ['/rss.xml', '/feed.json', '/calendar.ics', '/jams/share-mystery.ics', '/hu/rss.xml']) {
      expect((await env.request<string>(path, { headers: { accept: '*/*' } })).body).not.toContain('SECRET THEME');
    }
  });

  it('exists in Hungarian and Irish with links to the pages in that language', async () => {
    const hungarian = xml.parse((await env.request<string>('/hu/rss.xml')).body).rss.channel;
    expect(hungarian.title).toBe('Itinerary: game jamek');
    expect(asArray<Parsed>(hungarian.item).every((item) => new URL(item.link).pathname.startsWith('/hu/jams/'))).toBe(true);
    const irish = await env.request<string>('/ir/rss.xml');
    expect(irish.status).toBe(200);
    expect(xml.parse(irish.body).rss.channel.language).toBe('ga');
  });
});

describe('the JSON Feed', () => {
  it('is JSON Feed 1.1 with the same jams, their times and their calendar address', async () => {
    const reply = await env.request('/feed.json');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/feed+json; charset=utf-8');
    expect(reply.body.version).toBe('https://jsonfeed.org/version/1.1');
    expect(reply.body.feed_url).toBe(`${env.app.url}/feed.json`);
    const item = reply.body.items.find((entry: Parsed) => entry.id === uid(ongoing));
    expect(item).toMatchObject({
      url: `${env.app.url}/jams/share-ongoing`,
      title: 'Ongoing Jam',
      summary: ongoing.description,
      _itinerary: {
        starts_at: ongoing.startsAt.toISOString(),
        ends_at: ongoing.endsAt.toISOString(),
        status: 'ongoing',
        calendar_url: `${env.app.url}/jams/share-ongoing.ics`,
      },
    });
    expect(reply.body.items.map((entry: Parsed) => entry.id)).not.toContain(uid(longEnded));
  });
});

function parseEvents(ics: string) {
  return new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
}

describe('the calendar of all jams', () => {
  it('is subscribable iCalendar with one VEVENT per jam, stable UIDs and UTC times', async () => {
    const reply = await env.request<string>('/calendar.ics');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(reply.headers.get('content-disposition')).toMatch(/^inline/);
    const events = parseEvents(reply.body);
    const all = [upcoming, ongoing, mystery, recentlyEnded, longEnded];
    expect(events.map((event) => event.uid).sort()).toEqual(all.map(uid).sort());
    for (const jam of all) {
      const event = events.find((candidate) => candidate.uid === uid(jam))!;
      expect(event.summary).toBe(jam.name);
      expect(event.startDate.zone.tzid).toBe('UTC');
      expect(event.startDate.toJSDate().getTime()).toBe(Math.floor(jam.startsAt.getTime() / 1000) * 1000);
      expect(event.endDate.toJSDate().getTime()).toBe(Math.floor(jam.endsAt.getTime() / 1000) * 1000);
    }
    expect((await env.request<string>('/calendar.ics')).body).toBe(reply.body);
  });
});

describe('one jam as a calendar file', () => {
  it('answers /jams/{slug}.ics with that jam only, as a download', async () => {
    const reply = await env.request<string>('/jams/share-ongoing.ics');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(reply.headers.get('content-disposition')).toBe('attachment; filename="share-ongoing.ics"');
    const events = parseEvents(reply.body);
    expect(events).toHaveLength(1);
    expect(events[0]!.uid).toBe(uid(ongoing));
    expect(events[0]!.component.getFirstPropertyValue('url')).toBe(`${env.app.url}/jams/share-ongoing`);
  });

  it('leaves the jam page at /jams/{slug} working as a page', async () => {
    const page = await env.request<string>('/jams/share-ongoing');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.body).toContain('Ongoing Jam');
  });

  it('works in every language, follows renamed jams and answers 404 for unknown ones', async () => {
    const hungarian = await env.request<string>('/hu/jams/share-ongoing.ics');
    expect(parseEvents(hungarian.body)[0]!.component.getFirstPropertyValue('url')).toBe(`${env.app.url}/hu/jams/share-ongoing`);
    await env.db.insert((await import('#db/schema')).jamSlugRedirects).values({ slug: 'share-old-name', jamId: ongoing.id });
    const renamed = await env.request('/jams/share-old-name.ics');
    expect(renamed.status).toBe(301);
    expect(renamed.headers.get('location')).toBe('/jams/share-ongoing.ics');
    expect((await env.request('/jams/no-such-jam.ics')).status).toBe(404);
  });
});

describe('the sitemap and robots.txt', () => {
  it('lists the static pages and every jam in all three languages with hreflang alternates', async () => {
    const reply = await env.request<string>('/sitemap.xml');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const urls = asArray<Parsed>(xml.parse(reply.body).urlset.url);
    const locs = urls.map((url) => url.loc);
    for (const path of ['/', '/explore', '/about', '/developers', '/faq', '/terms', '/privacy']) {
      expect(locs).toContain(`${env.app.url}${path}`);
    }
    for (const jam of [upcoming, ongoing, mystery, recentlyEnded, longEnded]) {
      for (const prefix of ['', '/hu', '/ir']) expect(locs).toContain(`${env.app.url}${prefix}/jams/${jam.slug}`);
    }
    const hungarianJam = urls.find((url) => url.loc === `${env.app.url}/hu/jams/share-ongoing`);
    expect(hungarianJam.lastmod).toBe(ongoing.updatedAt.toISOString());
    expect(hungarianJam['xhtml:link'].map((link: Parsed) => [link['@hreflang'], link['@href']])).toEqual([
      ['en', `${env.app.url}/jams/share-ongoing`],
      ['hu', `${env.app.url}/hu/jams/share-ongoing`],
      ['ga', `${env.app.url}/ir/jams/share-ongoing`],
      ['x-default', `${env.app.url}/jams/share-ongoing`],
    ]);
  });

  it('is current: a jam created a moment ago is already in it', async () => {
    const fresh = await insertJam(env.db, { slug: 'share-brand-new' });
    expect((await env.request<string>('/sitemap.xml')).body).toContain(`${env.app.url}/ir/jams/${fresh.slug}</loc>`);
  });

  it('is one file on a site of this size, so there are no split files to ask for', async () => {
    expect((await env.request<string>('/sitemap.xml')).body).toContain('<urlset');
    expect((await env.request('/sitemaps/1.xml')).status).toBe(404);
  });

  it('is named by robots.txt, which keeps crawlers out of the API and private pages', async () => {
    const reply = await env.request<string>('/robots.txt');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(reply.body).toContain(`Sitemap: ${env.app.url}/sitemap.xml`);
    expect(reply.body).toContain('Disallow: /api/');
    expect(reply.body).toContain('Disallow: /hu/dashboard');
  });
});

describe('the OpenAPI document', () => {
  it('is served at /api/openapi.json, valid, with this site as its server', async () => {
    const reply = await env.request('/api/openapi.json');
    expect(reply.status).toBe(200);
    expect(reply.body.openapi).toBe('3.1.0');
    expect(reply.body.servers).toEqual([{ url: env.app.url }]);
    expect((await validate(reply.body)).valid).toBe(true);
  });
});

describe('CORS', () => {
  const otherSite = { origin: 'https://other.example' };

  it.each([
    '/api/jams',
    '/api/jams/share-ongoing',
    '/api/jams/share-ongoing/entries',
    '/api/jams/share-ongoing/winners',
    '/api/openapi.json',
    '/rss.xml',
    '/hu/feed.json',
    '/calendar.ics',
    '/jams/share-ongoing.ics',
  ])('lets any site read %s, without credentials', async (path) => {
    const reply = await env.request(path, { headers: otherSite });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('access-control-allow-origin')).toBe('*');
    expect(reply.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('answers the preflight of a public read with GET and HEAD only', async () => {
    const reply = await env.request('/api/jams', {
      method: 'OPTIONS',
      headers: { ...otherSite, 'access-control-request-method': 'GET' },
    });
    expect(reply.status).toBe(204);
    expect(reply.headers.get('access-control-allow-origin')).toBe('*');
    expect(reply.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
  });

  it('gives nothing that changes data, and nothing personal, to other sites', async () => {
    const admin = await env.login('share_admin', { isAdmin: true });
    const user = await env.login('share_user');
    await insertEntry(env.db, ongoing.id, user.id, 910000001);
    const create = await env.request('/api/jams', { method: 'POST', body: {}, as: admin });
    expect(create.status).toBe(400);
    expect(create.headers.get('access-control-allow-origin')).toBeNull();
    for (const path of ['/api/jams/share-ongoing/viewer', '/api/auth/me', '/api/jams/share-ongoing/my-votes', '/api/me']) {
      const reply = await env.request(path, { as: user, headers: otherSite });
      expect(reply.headers.get('access-control-allow-origin'), path).toBeNull();
    }
    const removeEntryPreflight = await env.request('/api/jams/share-ongoing/entries/1', {
      method: 'OPTIONS',
      headers: otherSite,
    });
    expect(removeEntryPreflight.headers.get('access-control-allow-origin')).toBeNull();
  });
});
