/**
 * What the end-to-end suite (tests/e2e/fixtures.ts) and the smoke suite (tests/smoke/fixtures.ts)
 * share: the page fixture that fails a test on errors in the page, every context with the data saver
 * on, the real login with its sessions kept per worker, and a jam made through the API.
 */
import {
  type APIRequestContext,
  type Browser,
  type Cookie,
  type Page,
  type PlaywrightWorkerArgs,
  type TestInfo,
  expect,
} from '@playwright/test';

/**
 * Chromium logs every subresource it could not load. Pictures from Scratch's CDN cannot be reached
 * from the tests (the pages show generated art instead) and some tests ask for missing pages on
 * purpose; a 5xx answer is still an error.
 */
const NETWORK_NOISE = /^Failed to load resource: (net::ERR_|the server responded with a status of 4\d\d)/;

const consoleExpectations = new WeakMap<Page, RegExp[]>();

/**
 * Declares console errors the test provokes on purpose (a 404 page, a blocked inline script…).
 * Any other `console.error` or uncaught error on the test's `page` fails the test.
 */
export function expectConsoleErrors(page: Page, ...patterns: RegExp[]): void {
  consoleExpectations.get(page)?.push(...patterns);
}

/** The `page` fixture: uncaught errors and console errors the test did not declare fail it. */
export async function watchedPage(
  page: Page,
  use: (page: Page) => Promise<void>,
  testInfo: TestInfo,
  { javaScriptEnabled }: { javaScriptEnabled: boolean },
): Promise<void> {
  if (!javaScriptEnabled) leaveGotoAsIs(page);
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
}

/** Scratch's CDN (avatars, thumbnails) is on the internet: a blank picture answers it locally. */
const BLANK_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="90" height="90"/>';

/**
 * The `browser` fixture: every context browses with the data saver on, so pages do not prefetch the
 * links in view (spec §4), and with `scratchCdn` Scratch's CDN is answered locally. `plain` gets the
 * browser's own `newContext`, for a test of prefetching itself.
 */
export function dataSaverBrowser({
  scratchCdn = false,
  plain,
}: { scratchCdn?: boolean; plain?: (browser: Browser, newContext: Browser['newContext']) => void } = {}) {
  return async ({ browser }: PlaywrightWorkerArgs, use: (browser: Browser) => Promise<void>) => {
    const newContext = browser.newContext.bind(browser);
    plain?.(browser, newContext);
    browser.newContext = async (options) => {
      const context = await newContext(options);
      if (options?.javaScriptEnabled !== false) {
        const newPage = context.newPage.bind(context);
        context.newPage = async () => settleAfterEachGoto(await newPage());
      }
      await context.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }));
      resendOnResetConnections(context.request);
      if (scratchCdn)
        await context.route('https://cdn2.scratch.mit.edu/**', (route) =>
          route.fulfill({ contentType: 'image/svg+xml', body: BLANK_SVG }),
        );
      return context;
    };
    await use(browser);
  };
}

const API_METHODS = ['fetch', 'get', 'head', 'post', 'put', 'patch', 'delete'] as const;

/**
 * Chromium sends a request again when the kept-alive connection it reused turns out to have been
 * closed by the server (a reset before any answer). Playwright's API client does so only when asked:
 * without it a test's call after more than 5 s of quiet fails with ECONNRESET on a server that closes
 * idle connections after Node's default 5 s (`@astrojs/node` standalone). Every write of the API is
 * idempotent, so sending it again is what a browser would do.
 */
export function resendOnResetConnections(request: APIRequestContext): void {
  for (const method of API_METHODS) {
    const send = request[method].bind(request) as (url: unknown, options?: object) => Promise<unknown>;
    (request as unknown as Record<string, unknown>)[method] = (url: unknown, options?: object) =>
      send(url, { maxRetries: 2, ...options });
  }
}

/**
 * Waits until the page is what a reader sees once it has loaded: fonts in, and every island that
 * hydrates on load, when idle or when scrolled into view (if it is in view) hydrated — Astro removes
 * an island's `ssr` attribute once it has. Much quicker than `networkidle`, which always waits 500 ms.
 */
export async function waitUntilSettled(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await waitForIslands(page);
}

/**
 * Until every island that hydrates on load, when idle or in view has hydrated, of those in view
 * (`waitUntilSettled`) or of all but the ones in view only (`{ inViewOnly: true }`: what `goto` waits
 * for, the footer's idle islands below the fold left to hydrate when a test gets there). One round
 * trip when they have.
 */
function waitForIslands(page: Page, { inViewOnly = false } = {}): Promise<unknown> {
  return page.waitForFunction(
    (inViewOnly) =>
      Array.from(document.querySelectorAll('astro-island[ssr]')).every((island) => {
        const box = (island.firstElementChild ?? island).getBoundingClientRect();
        const outOfView = box.bottom <= 0 || box.top >= innerHeight || box.right <= 0 || box.left >= innerWidth;
        return outOfView && (inViewOnly || island.getAttribute('client') === 'visible');
      }),
    inViewOnly,
  );
}

/** Each page's own `goto`, for {@link settleAfterEachGoto} and {@link leaveGotoAsIs}. */
const ownGoto = new WeakMap<Page, Page['goto']>();

/**
 * Every `page.goto` without a `waitUntil` of its own returns once the page has settled: a click on an
 * island's button before the island hydrated does nothing, and tests that clicked right after `goto`
 * failed now and then in CI. A test of islands that never hydrate passes `waitUntil: 'load'`.
 */
function settleAfterEachGoto(page: Page): Page {
  if (ownGoto.has(page)) return page;
  const goto = page.goto.bind(page);
  ownGoto.set(page, goto);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    // `goto` waited for 'load' already; fonts matter only to screenshots, which wait for them themselves.
    if (options?.waitUntil === undefined) await waitForIslands(page, { inViewOnly: true });
    return response;
  };
  return page;
}

/**
 * A page in a context with JavaScript off, whose options the `page` fixture gets from the browser's
 * defaults (`test.use({ javaScriptEnabled: false })`), not from `newContext`: its islands never hydrate.
 */
function leaveGotoAsIs(page: Page): void {
  const goto = ownGoto.get(page);
  if (goto) page.goto = goto;
}

/** The cookies of each user's last login in this worker, to start the next test already logged in. */
const sessions = new Map<string, Cookie[]>();

/** The real login: /login → "Log in with Scratch" → the (fake) provider, up to /confirm-login. */
export async function logInThroughScratch(page: Page, username: string, prefix = ''): Promise<void> {
  await page.goto(`${prefix}/login`);
  await page
    .getByRole('button', { name: 'Log in with Scratch' })
    .or(page.getByRole('link', { name: 'Log in with Scratch' }))
    .click();
  await page.getByLabel('Scratch username').fill(username);
  await page.getByRole('button', { name: 'Authorize' }).click();
}

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
  await logInThroughScratch(page, username);
  await expect(page.getByRole('heading', { name: new RegExp(`Log in as ${username}`, 'i') })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).not.toHaveURL(/confirm-login/);
  sessions.set(username, await page.context().cookies());
}

/**
 * A new browser context logged in as `name`, and its page (one person per context, as in real life).
 * With `scratchAvatars`, the Scratch CDN's avatars are answered locally with a blank picture (they
 * live on the internet), for pages that show many.
 */
export async function userPage(browser: Browser, name: string, options: { scratchAvatars?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext();
  if (options.scratchAvatars)
    await context.route('https://cdn2.scratch.mit.edu/**', (route) =>
      route.fulfill({ contentType: 'image/svg+xml', body: BLANK_SVG }),
    );
  const page = await context.newPage();
  await loginAs(page, name);
  return page;
}

/** Creates a jam through the API with the session of `request` (an administrator's page.request): 201 { slug, name, … }. */
export async function createJamThroughApi(request: APIRequestContext, fields: Record<string, unknown>) {
  const response = await request.post('/api/jams', { data: fields });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { slug: string; name: string };
}
