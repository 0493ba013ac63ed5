/**
 * The Content-Security-Policy in a real browser: strict enough that an injected inline script or
 * event handler is blocked and the site cannot be framed, yet every island hydrates and the pre-paint colour mode
 * script runs, with not a single violation on the site's own pages.
 */
import { type Page } from '@playwright/test';
import { expect, expectConsoleErrors, loginAs, test } from './fixtures';

async function watchViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`),
    );
  });
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);

/** Every island that hydrates on load has hydrated (Astro drops `ssr` once it has). */
async function expectHydrated(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr][client="load"]')).toHaveCount(0, { timeout: 15_000 });
}

async function expectCleanPage(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.headers()['content-security-policy'], path).toMatch(/script-src 'self' 'sha256-/);
  await expectHydrated(page);
  const root = await page.evaluate(() => ({
    mode: document.documentElement.dataset.colorMode,
    js: document.documentElement.classList.contains('js'),
  }));
  expect(['light', 'dark', 'flame'], `${path}: the colour mode script ran`).toContain(root.mode);
  expect(root.js, path).toBe(true);
  await page.waitForTimeout(200);
  expect(await violations(page), path).toEqual([]);
}

test('public pages hydrate every island and run the colour mode script without a single CSP violation', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await watchViolations(page);
  const { jams } = await (await request.get('/api/jams?perPage=20')).json();
  const paths = ['/', '/explore', '/about', '/about/', '/developers', '/hu/faq', '/ir/explore', '/login', '/no-such-page'];
  for (const jam of jams.slice(0, 3) as { slug: string }[]) paths.push(`/jams/${jam.slug}`);
  for (const path of paths) await expectCleanPage(page, path);
});

test('an administrator’s pages (dashboard, users table, jam requests, manager tools) hydrate without CSP violations', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await watchViolations(page);
  await loginAs(page, 'demo_admin');
  const { jams } = await (await request.get('/api/jams?perPage=3')).json();
  const paths = [
    '/dashboard',
    '/dashboard/users',
    '/dashboard/jam-requests',
    '/notifications',
    '/jams/new',
    '/jams/request',
    `/jams/${jams[0].slug}`,
  ];
  for (const path of paths) await expectCleanPage(page, path);
});

test('the colour mode chosen before is applied by the colour mode script under the CSP', async ({ page }) => {
  await watchViolations(page);
  await page.addInitScript(() => localStorage.setItem('itinerary-color-mode', 'flame'));
  await page.goto('/explore');
  await expect(page.locator('html')).toHaveAttribute('data-color-mode', 'flame');
  expect(await violations(page)).toEqual([]);
});

test('blocks a script and an event handler injected into the page', async ({ page }) => {
  expectConsoleErrors(page, /^Executing inline (script|event handler) violates .*Content Security Policy/);
  await watchViolations(page);
  await page.goto('/explore');
  await expectHydrated(page);
  const outcome = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = 1';
    document.body.append(script);
    const handler = document.createElement('img');
    handler.setAttribute('onerror', 'window.__handler = 1');
    handler.src = 'data:image/png;base64,broken';
    document.body.append(handler);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const flags = window as unknown as { __injected?: number; __handler?: number };
    return { injected: flags.__injected, handler: flags.__handler };
  });
  expect(outcome).toEqual({ injected: undefined, handler: undefined });
  const seen = await violations(page);
  expect(seen.some((line) => line.startsWith('script-src-elem inline') || line.startsWith('script-src inline'))).toBe(true);
  expect(seen.some((line) => line.startsWith('script-src-attr inline') || line.startsWith('script-src inline'))).toBe(true);
});

test('cannot be framed by another site', async ({ page, baseURL }) => {
  expectConsoleErrors(page, /^Framing .* violates .*"frame-ancestors 'none'"/);
  await page.setContent(`<iframe title="trap" src="${baseURL}/explore" width="600" height="400"></iframe>`);
  const frame = page.frameLocator('iframe[title="trap"]');
  await page.waitForTimeout(1000);
  await expect(frame.getByRole('heading', { level: 1 })).toHaveCount(0);
  const framed = page.frames().find((candidate) => candidate !== page.mainFrame());
  expect(framed?.url()).not.toBe(`${baseURL}/explore`);
});
