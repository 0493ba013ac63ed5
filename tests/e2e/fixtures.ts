/**
 * Playwright helpers shared by the end-to-end tests. `loginAs` goes through the real flow: our
 * /login page, the fake ScratchAuth provider (tests/fakes/scratch-auth.ts) and /confirm-login (once
 * per user and worker; later logins reuse that session while the server accepts it).
 */
import { type Browser, type BrowserContext, type Locator, type Page, test as base, expect } from '@playwright/test';
import {
  createJamThroughApi,
  dataSaverBrowser,
  expectConsoleErrors,
  loginAs,
  userPage,
  waitUntilSettled,
  watchedPage,
} from '../helpers/browser-fixtures';
import { type Site, startSite } from './site';

export { createJamThroughApi, expect, expectConsoleErrors, loginAs, userPage, waitUntilSettled };

interface WorkerFixtures {
  /** This worker's own seeded database, fakes and server (tests/e2e/site.ts). */
  site: Site;
}

/** The browser's own `newContext`, before {@link test}'s `browser` turns the data saver on in every context. */
const plainNewContext = new WeakMap<Browser, Browser['newContext']>();

/** A context without the data saver, whose pages prefetch as a visitor's do (prefetch.spec.ts). */
export function newContextThatPrefetches(
  browser: Browser,
  options: Parameters<Browser['newContext']>[0],
): Promise<BrowserContext> {
  return plainNewContext.get(browser)!(options);
}

export const test = base.extend<object, WorkerFixtures>({
  /**
   * Every context browses with the data saver on, so pages do not prefetch the links in view (spec §4):
   * about five background page loads after each navigation, 12 % of the suite's time, that no test
   * looks at. prefetch.spec.ts checks prefetching itself, in {@link newContextThatPrefetches}.
   */
  browser: [dataSaverBrowser({ plain: (browser, newContext) => plainNewContext.set(browser, newContext) }), { scope: 'worker' }],
  site: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const site = await startSite();
      await use(site);
      await site.close();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ site }, use) => use(site.url),
  page: async ({ page, javaScriptEnabled }, use, testInfo) => watchedPage(page, use, testInfo, { javaScriptEnabled }),
});

/**
 * Opens `path` as someone who did not write, until `shown` is there. The page store renders a page
 * again at most once per refresh interval after new entries, joins and votes (ITINERARY_PAGE_REFRESH_INTERVAL,
 * ADR 045: a rush costs one render a second), so a visitor right after other people's submissions may
 * get the page without them and sees them on a reload, as a person would.
 * Issue 55 §8: a test that ran after others in its worker, its people's sessions already open, made a
 * jam, entered it and looked within that second, and waited for ever on a page that was right to be old.
 */
export async function gotoUntilShown(page: Page, path: string, shown: Locator): Promise<void> {
  let opened = false;
  await expect(async () => {
    // A reload, not the same address again: with a #fragment that would only scroll the page it has.
    if (opened) await page.reload();
    else await page.goto(path);
    opened = true;
    await expect(shown).toBeVisible({ timeout: 1_000 });
  }).toPass({ intervals: [250, 500, 1_000], timeout: 15_000 });
  // A click before its island hydrated can land on a node React is replacing, and be lost (a CI flake).
  await waitUntilSettled(page);
}

/** A moment `minutes` from now as the value of an `<input type="datetime-local">` in the browser's zone. */
export function datetimeLocal(offsetMs: number): string {
  const date = new Date(Date.now() + offsetMs);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

const PRETEND_USER = {
  id: 7,
  name: 'pixel_pioneer',
  isAdmin: false,
  isBanned: false,
  updatedAt: '2025-01-01T00:00:00.000Z',
  updatedBy: null,
};

/**
 * Makes the nav believe pixel_pioneer is logged in (the session answer is mocked) until the page
 * logs out; for tests of what the browser shows, not of the login itself.
 */
export async function pretendLoggedIn(page: Page, baseURL: string) {
  let loggedIn = true;
  // The readable hint the server sets beside the session cookie; without it the nav does not ask.
  await page.context().addCookies([{ name: 'itinerary-session', value: '1', url: baseURL }]);
  await page.route('**/api/auth/me', (route) =>
    loggedIn
      ? route.fulfill({ json: PRETEND_USER })
      : route.fulfill({ status: 401, json: { error: { status: 401, code: 'unauthenticated', message: 'x' } } }),
  );
  await page.route('**/api/auth/remove', (route) => {
    loggedIn = false;
    return route.fulfill({ status: 204 });
  });
}
