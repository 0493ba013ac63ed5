/**
 * The Worker's configuration comes from its environment with the README's names: a wrong setting
 * answers every request with the one line that names it, as the Node server stops with it.
 * (Run by the workerd project only: playwright.smoke.config.ts.)
 */
import { expect, test } from './fixtures';
import { startTarget } from './targets';

test.describe('a Worker with a wrong setting', () => {
  const cases: { setting: Record<string, string>; line: string }[] = [
    {
      setting: { DATABASE_URL: 'file:./data/itinerary.db' },
      line: 'Invalid configuration: DATABASE_URL must be a libsql://, https:// or http:// URL on Cloudflare Workers; a file: database needs the Node server (got "file:./data/itinerary.db")',
    },
    {
      setting: { ITINERARY_PAGE_CACHE_TTL: 'soon' },
      line: 'Invalid configuration: ITINERARY_PAGE_CACHE_TTL must be a number of seconds (got "soon")',
    },
  ];
  for (const { setting, line } of cases) {
    test(`answers every request with the line naming ${Object.keys(setting)[0]}`, async () => {
      const site = await startTarget('workerd', { env: setting });
      try {
        for (const path of ['/', '/api/jams']) {
          const response = await fetch(`${site.url}${path}`);
          expect(response.status).toBe(500);
          expect(await response.text()).toBe(`${line}\n`);
        }
      } finally {
        await site.close();
      }
    });
  }
});
