import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Environment, startEnvironment } from '../helpers/environment';
import { insertJam } from '../helpers/factories';

let env: Environment;
beforeAll(async () => {
  env = await startEnvironment();
  await insertJam(env.db, {
    status: 'upcoming',
    slug: 'preview-mystery',
    name: 'Preview Mystery Jam',
    description: 'A public description.',
    body: 'THE SECRET THEME',
    mystery: true,
    imageUrl: 'https://example.org/cover.png',
    startsAt: new Date('2030-01-01T18:00:00Z'),
    endsAt: new Date('2030-01-08T18:00:00Z'),
  });
});
afterAll(() => env?.close());

const tag = (html: string, key: string) =>
  [...html.matchAll(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`, 'g'))].map((match) => match[1]);

describe('link previews of a jam page', () => {
  it('carry the jam name, description, image and ISO times, canonical and hreflang links, and never the mystery body', async () => {
    const { body: html } = await env.request<string>('/hu/jams/preview-mystery');
    expect(tag(html, 'og:title')).toEqual(['Preview Mystery Jam']);
    expect(tag(html, 'og:description')).toEqual(['A public description.']);
    expect(tag(html, 'og:image')).toEqual(['https://example.org/cover.png']);
    expect(tag(html, 'og:url')).toEqual([`${env.app.url}/hu/jams/preview-mystery`]);
    expect(tag(html, 'event:start_time')).toEqual(['2030-01-01T18:00:00.000Z']);
    expect(tag(html, 'event:end_time')).toEqual(['2030-01-08T18:00:00.000Z']);
    expect(tag(html, 'twitter:card')).toEqual(['summary_large_image']);
    expect(html).toContain(`<link rel="canonical" href="${env.app.url}/hu/jams/preview-mystery"`);
    expect(html).toContain(`<link rel="alternate" hreflang="ga" href="${env.app.url}/ir/jams/preview-mystery"`);
    expect(html).toContain('<link rel="alternate" type="application/rss+xml" title="Game jamek (RSS)" href="/hu/rss.xml"');
    expect(html).not.toContain('THE SECRET THEME');
  });

  it('offer "Add to calendar" with the Google Calendar link and the .ics download', async () => {
    const { body: html } = await env.request<string>('/jams/preview-mystery');
    expect(html).toContain('Add to calendar');
    expect(html).toContain('href="/jams/preview-mystery.ics" download="preview-mystery.ics"');
    expect(html).toContain('dates=20300101T180000Z%2F20300108T180000Z');
  });
});
