/**
 * Spec §4: pages prefetch the same-site links in view once the browser is idle, never with the data
 * saver on. The other specs browse with the data saver on (tests/e2e/fixtures.ts); this one does not.
 */
import type { Page, Request } from '@playwright/test';
import { expect, loginAs, newContextThatPrefetches, test } from './fixtures';

/** Paths the page asks for as prefetches (Chromium marks them with `Sec-Purpose: prefetch`). */
function recordPrefetches(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', async (request: Request) => {
    // Null when the test has closed the page while the request was in flight.
    const headers = await request.allHeaders().catch(() => null);
    if (/prefetch/.test(headers?.['sec-purpose'] ?? headers?.['purpose'] ?? '')) paths.push(new URL(request.url()).pathname);
  });
  return paths;
}

test('a page prefetches the site links in view once idle, not itself and not the API, and a logged-in visitor stays logged in', async ({
  browser,
  site,
}) => {
  const context = await newContextThatPrefetches(browser, { baseURL: site.url });
  const page = await context.newPage();
  await loginAs(page, 'pixel_pioneer');
  const prefetched = recordPrefetches(page);
  await page.goto('/explore');
  await expect.poll(() => prefetched, { timeout: 5_000 }).toEqual(expect.arrayContaining(['/', '/about']));
  expect(prefetched).not.toContain('/explore');
  expect(prefetched.filter((path) => path.startsWith('/api/'))).toEqual([]);
  const me = await page.request.get('/api/auth/me');
  expect(((await me.json()) as { name: string }).name).toBe('pixel_pioneer');
  await context.close();
});

test('with the data saver on, a page prefetches nothing', async ({ page }) => {
  const prefetched = recordPrefetches(page);
  await page.goto('/explore');
  await page.waitForTimeout(2_500);
  expect(prefetched).toEqual([]);
});
