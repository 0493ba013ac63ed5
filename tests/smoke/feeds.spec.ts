import { ADMIN, MINUTE, createJam, expect, test, unique, userPage } from './fixtures';

const LOCALES = [
  { prefix: '', lang: 'en' },
  { prefix: '/hu', lang: 'hu' },
  { prefix: '/ir', lang: 'ga' },
];

for (const { prefix, lang } of LOCALES) {
  test(`the RSS, JSON and iCalendar feeds answer in ${lang} (${prefix || '/'})`, async ({ request }) => {
    const rss = await request.get(`${prefix}/rss.xml`);
    expect(rss.status()).toBe(200);
    expect(rss.headers()['content-type']).toMatch(/xml/);
    const xml = await rss.text();
    expect(xml).toContain('<rss');
    expect(xml).toContain(`<language>${lang}</language>`);

    const json = await request.get(`${prefix}/feed.json`);
    expect(json.status()).toBe(200);
    expect(json.headers()['content-type']).toMatch(/^application\/feed\+json/);
    const feed = (await json.json()) as { version: string; language: string; items: unknown[] };
    expect(feed.version).toBe('https://jsonfeed.org/version/1.1');
    expect(feed.language).toBe(lang);
    expect(Array.isArray(feed.items)).toBe(true);

    const ics = await request.get(`${prefix}/calendar.ics`);
    expect(ics.status()).toBe(200);
    expect(ics.headers()['content-type']).toMatch(/^text\/calendar/);
    const calendar = await ics.text();
    expect(calendar.startsWith('BEGIN:VCALENDAR')).toBe(true);
    expect(calendar.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
  });
}

test('the sitemap lists a new jam in every locale, and the OpenAPI document describes the API', async ({
  browser,
  request,
  baseURL,
}) => {
  const admin = await userPage(browser, ADMIN);
  const jam = await createJam(admin.request, {
    name: unique('Smoke Sitemap'),
    startsAt: new Date(Date.now() + 60 * MINUTE),
    endsAt: new Date(Date.now() + 120 * MINUTE),
  });
  await admin.context().close();

  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()['content-type']).toMatch(/xml/);
  const xml = await sitemap.text();
  expect(xml).toMatch(/<(urlset|sitemapindex)/);
  for (const prefix of ['', '/hu', '/ir']) expect(xml).toContain(`${baseURL}${prefix}/jams/${jam.slug}`);

  const openapi = await request.get('/api/openapi.json');
  expect(openapi.status()).toBe(200);
  const document = (await openapi.json()) as { openapi: string; paths: Record<string, unknown> };
  expect(document.openapi).toMatch(/^3\./);
  expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/jams', '/api/jams/{slug}']));
});
