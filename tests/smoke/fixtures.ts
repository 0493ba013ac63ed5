/**
 * The smoke suite's fixtures: `target` (worker-scoped) is the running site of this project's target
 * (tests/smoke/targets.ts), started once per worker; `baseURL` points the browser at it. Every test
 * makes its own data through the site's API and UI (as demo_admin or the Scratchers the fakes know,
 * tests/fakes/fixtures.ts), under unique names, so tests do not depend on each other or on order.
 */
import { type APIRequestContext, type Browser, type Cookie, type Page, test as base, expect } from '@playwright/test';
import { ADMIN, type SmokeTarget, type TargetName, startTarget } from './targets';

export { expect, ADMIN };

export interface SmokeOptions {
  /** The deploy target of this project (playwright.smoke.config.ts). */
  targetName: TargetName;
}

interface WorkerFixtures extends SmokeOptions {
  target: SmokeTarget;
}

export const MINUTE = 60_000;

/** Scratch's CDN (avatars, thumbnails) is on the internet; answer it locally so the tests stay offline. */
const BLANK_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="90" height="90"/>';

/** Chromium logs every subresource it could not load; a 4xx the test provokes is not a failure, a 5xx is. */
const NETWORK_NOISE = /^Failed to load resource: (net::ERR_|the server responded with a status of 4\d\d)/;

const consoleExpectations = new WeakMap<Page, RegExp[]>();

/** Declares console errors the test provokes on purpose in its `page`. */
export function expectConsoleErrors(page: Page, ...patterns: RegExp[]): void {
  consoleExpectations.get(page)?.push(...patterns);
}

export const test = base.extend<object, WorkerFixtures>({
  targetName: ['node-server', { scope: 'worker', option: true }],
  target: [
    async ({ targetName }, use) => {
      const target = await startTarget(targetName);
      try {
        await use(target);
      } finally {
        await target.close();
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ target }, use) => use(target.url),
  /**
   * Every context: the data saver on (no background prefetching of the links in view, spec §4) and
   * Scratch's CDN answered locally.
   */
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        await context.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }));
        await context.route('https://cdn2.scratch.mit.edu/**', (route) =>
          route.fulfill({ contentType: 'image/svg+xml', body: BLANK_SVG }),
        );
        return context;
      };
      await use(browser);
    },
    { scope: 'worker' },
  ],
  /**
   * Uncaught errors and console errors in the test's `page` (the site breaking in the browser) fail
   * the test, unless the test declared them with {@link expectConsoleErrors}.
   */
  page: async ({ page }, use, testInfo) => {
    const expected: RegExp[] = [];
    const unexpected: string[] = [];
    consoleExpectations.set(page, expected);
    page.on('pageerror', (error) => unexpected.push(`uncaught: ${error.name}: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' && !NETWORK_NOISE.test(message.text())) unexpected.push(`console.error: ${message.text()}`);
    });
    await use(page);
    const late = unexpected.filter((line) => !expected.some((pattern) => pattern.test(line)));
    if (testInfo.status === testInfo.expectedStatus) expect(late, 'errors in the page that the test did not expect').toEqual([]);
  },
});

let counter = 0;
/** A name no other test (or earlier run on the same database) uses. */
export const unique = (base: string) => `${base} ${Date.now().toString(36)}${(++counter).toString(36)}`;

/** The cookies of each user's last login in this worker (one worker serves one target), to start the next test already logged in. */
const sessions = new Map<string, Cookie[]>();

/** The real login: /login → "Log in with Scratch" → the (fake) provider → /confirm-login → Confirm. */
export async function logInThroughScratch(page: Page, username: string, prefix = ''): Promise<void> {
  await page.goto(`${prefix}/login`);
  await page.getByRole('link', { name: 'Log in with Scratch' }).click();
  await page.getByLabel('Scratch username').fill(username);
  await page.getByRole('button', { name: 'Authorize' }).click();
}

/**
 * Logs `username` in through the real flow the first time on this target; later, the context gets
 * that session's cookies back as long as the server still takes them.
 */
export async function loginAs(page: Page, username: string): Promise<void> {
  const me = async () => {
    const response = await page.request.get('/api/auth/me');
    return response.ok() && ((await response.json()) as { name: string }).name.toLowerCase() === username.toLowerCase();
  };
  const saved = sessions.get(username);
  if (saved) {
    await page.context().addCookies(saved);
    if (await me()) return;
    await page.context().clearCookies();
    sessions.delete(username);
  }
  await logInThroughScratch(page, username);
  await expect(page.getByRole('heading', { name: `Log in as ${username}` })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).not.toHaveURL(/confirm-login/);
  sessions.set(username, await page.context().cookies());
}

/** A new browser context logged in as `username`, and its page. */
export async function userPage(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAs(page, username);
  return page;
}

export interface CreatedJam {
  slug: string;
  name: string;
}

/**
 * Creates a jam through the API as the administrator: `POST /api/jams` with
 * { name, description, body?, startsAt, endsAt, mystery? } (ISO dates) → 201 { slug, name, … }.
 */
export async function createJam(
  admin: APIRequestContext,
  fields: { name: string; description?: string; body?: string; startsAt: Date; endsAt: Date; mystery?: boolean },
): Promise<CreatedJam> {
  const response = await admin.post('/api/jams', {
    data: {
      description: 'A smoke-test jam.',
      ...fields,
      startsAt: fields.startsAt.toISOString(),
      endsAt: fields.endsAt.toISOString(),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as CreatedJam;
}

/** An ongoing jam (started a minute ago, ends in an hour), made by a fresh administrator context. */
export async function ongoingJam(browser: Browser, base: string, extra: { body?: string } = {}): Promise<CreatedJam> {
  const admin = await userPage(browser, ADMIN);
  try {
    return await createJam(admin.request, {
      name: unique(base),
      startsAt: new Date(Date.now() - MINUTE),
      endsAt: new Date(Date.now() + 60 * MINUTE),
      ...extra,
    });
  } finally {
    await admin.context().close();
  }
}

/**
 * Submits a Scratch project (by its URL) to a jam through the API as the page's user:
 * `POST /api/jams/{slug}/entries` { url } → 201 { id, title, … }.
 */
export async function submitEntry(page: Page, slug: string, scratchId: number): Promise<{ id: number; title: string }> {
  const response = await page.request.post(`/api/jams/${slug}/entries`, {
    data: { url: `https://scratch.mit.edu/projects/${scratchId}` },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; title: string };
}
