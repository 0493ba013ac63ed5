/**
 * Playwright helpers shared by the end-to-end tests. `loginAs` goes through the real flow: our
 * /login page, the fake ScratchAuth provider (tests/fakes/scratch-auth.ts) and /confirm-login (once
 * per user and worker; later logins reuse that session while the server accepts it).
 */
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Cookie,
  type Locator,
  type Page,
  test as base,
  expect,
} from '@playwright/test';
import { type Site, startSite } from './site';

export { expect };

interface WorkerFixtures {
  /** This worker's own seeded database, fakes and server (tests/e2e/site.ts). */
  site: Site;
}

const consoleExpectations = new WeakMap<Page, RegExp[]>();

/**
 * Chromium logs every subresource it could not load. Pictures from Scratch's CDN cannot be reached
 * from the tests (the pages show generated art instead, which the design specs check) and some
 * tests ask for missing pages on purpose; a 5xx answer is still an error.
 */
const NETWORK_NOISE = /^Failed to load resource: (net::ERR_|the server responded with a status of 4\d\d)/;

/**
 * Declares console errors the test provokes on purpose (a 404 page, a blocked inline script…).
 * Any other `console.error` or uncaught error on the test's `page` fails the test.
 */
export function expectConsoleErrors(page: Page, ...patterns: RegExp[]): void {
  consoleExpectations.get(page)?.push(...patterns);
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
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      plainNewContext.set(browser, newContext);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        await context.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }));
        return context;
      };
      await use(browser);
    },
    { scope: 'worker' },
  ],
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
  page: async ({ page }, use, testInfo) => {
    const expected: RegExp[] = [];
    const unexpected: string[] = [];
    consoleExpectations.set(page, expected);
    page.on('pageerror', (error) => unexpected.push(`uncaught: ${error.name}: ${error.message} ${error.stack ?? ''}`));
    page.on('console', (message) => {
      if (message.type() !== 'error' || NETWORK_NOISE.test(message.text())) return;
      const text = `${message.text()} (${message.location().url})`;
      if (!expected.some((pattern) => pattern.test(text))) unexpected.push(`console.error: ${text}`);
    });
    await use(page);
    const late = unexpected.filter((line) => !expected.some((pattern) => pattern.test(line)));
    if (testInfo.status === testInfo.expectedStatus) expect(late, 'errors in the page that the test did not expect').toEqual([]);
  },
});

/**
 * Waits until the page is what a reader sees once it has loaded: fonts in, and every island that
 * hydrates on load, when idle or when scrolled into view (if it is in view) hydrated — Astro removes
 * an island's `ssr` attribute once it has. Much quicker than `networkidle`, which always waits 500 ms.
 */
export async function waitUntilSettled(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('astro-island[ssr]')).every((island) => {
      if (island.getAttribute('client') !== 'visible') return false;
      const box = (island.firstElementChild ?? island).getBoundingClientRect();
      return box.bottom <= 0 || box.top >= innerHeight || box.right <= 0 || box.left >= innerWidth;
    }),
  );
}

/** A page of its own browser context, logged in as `name` (one person per context, as in real life). */
/**
 * A new browser context logged in as `name`. With `scratchAvatars`, the Scratch CDN's avatars are
 * answered locally with a blank picture (they live on the internet), for pages that show many.
 */
export async function userPage(browser: Browser, name: string, options: { scratchAvatars?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext();
  if (options.scratchAvatars) {
    await context.route('https://cdn2.scratch.mit.edu/**', (route) =>
      route.fulfill({ contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg" width="90" height="90"/>' }),
    );
  }
  const page = await context.newPage();
  await loginAs(page, name);
  return page;
}

/** The cookies of each user's last login in this worker, to start the next test already logged in. */
const sessions = new Map<string, Cookie[]>();

/**
 * Logs `username` in through the real flow the first time in a worker; later, the browser context
 * gets that session's cookies back as long as the server still takes them (a test may have logged
 * the user out, banned or deleted them), and the page stays where it was. Either way the test goes
 * to the page it wants next.
 */
export async function loginAs(page: Page, username: string): Promise<void> {
  const saved = sessions.get(username);
  if (saved) {
    await page.context().addCookies(saved);
    const me = await page.request.get('/api/auth/me');
    if (me.ok() && ((await me.json()) as { name: string }).name.toLowerCase() === username.toLowerCase()) return;
    await page.context().clearCookies();
    sessions.delete(username);
  }
  await page.goto('/login');
  await page
    .getByRole('button', { name: 'Log in with Scratch' })
    .or(page.getByRole('link', { name: 'Log in with Scratch' }))
    .click();
  await page.getByLabel('Scratch username').fill(username);
  await page.getByRole('button', { name: 'Authorize' }).click();
  await expect(page.getByRole('heading', { name: new RegExp(`Log in as ${username}`, 'i') })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).not.toHaveURL(/confirm-login/);
  sessions.set(username, await page.context().cookies());
}

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
}

/** A moment `minutes` from now as the value of an `<input type="datetime-local">` in the browser's zone. */
export function datetimeLocal(offsetMs: number): string {
  const date = new Date(Date.now() + offsetMs);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** Creates a jam through the API with the session of `request` (an administrator's page.request). */
export async function createJamThroughApi(request: APIRequestContext, fields: Record<string, unknown>) {
  const response = await request.post('/api/jams', { data: fields });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { slug: string; name: string };
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
