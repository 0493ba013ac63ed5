/**
 * Issue 10's quality gates: no WCAG 2 A/AA violations (axe) on every page type in light and dark
 * (and the shell's pages in flame), valid HTML (W3C Nu checker), and the public pages readable with
 * JavaScript turned off.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Page } from '@playwright/test';
import vnuJar from 'vnu-jar';
import { COLOR_MODE_STORAGE_KEY } from '#lib/color-mode';
import { accessibilityViolations } from './accessibility';
import { expect, loginAs, test, waitUntilSettled } from './fixtures';

/** Seeded by db/seed.ts for the end-to-end server. */
const PUBLIC_PAGES = {
  home: '/',
  explore: '/explore',
  'jam (upcoming)': '/jams/winter-mystery-jam',
  'jam (ongoing)': '/jams/space-sprint-jam',
  'jam (ended)': '/jams/autumn-arcade-jam',
  'entry (ongoing jam)': '/jams/space-sprint-jam/entries/1',
  'entry (ended jam, winner)': '/jams/autumn-arcade-jam/entries/4',
  login: '/login',
  about: '/about',
  developers: '/developers',
  faq: '/faq',
  terms: '/terms',
  privacy: '/privacy',
  '404': '/no-such-page',
};
const ADMIN_PAGES = {
  'create jam': '/jams/new',
  'request jam': '/jams/request',
  dashboard: '/dashboard',
  notifications: '/notifications',
  'jam requests': '/dashboard/jam-requests',
  'jam requests (declined)': '/hu/dashboard/jam-requests?status=declined',
  users: '/dashboard/users',
  activity: '/dashboard/activity',
  'jam activity': '/jams/space-sprint-jam/activity',
  'jam review': '/jams/autumn-arcade-jam/review',
  'note filter': '/ir/dashboard/filter',
};

/** The site's shell (navigation bar, footer) on the pages every visitor meets, checked in flame too. */
const SHELL_PAGES = new Set(['home', 'about', 'explore', '404']);

/**
 * Loads `path` in each colour mode in turn (the choice stored as the colour mode select stores it, then the page
 * loaded again) and calls `check` once the page has settled in it.
 */
async function inEachColorMode(page: Page, path: string, modes: readonly string[], check: (mode: string) => Promise<void>) {
  // Only in the page itself: an entry page embeds Scratch's player, whose frame may not read our storage.
  await page.goto('/robots.txt');
  for (const mode of modes) {
    await page.evaluate(([key, mode]) => localStorage.setItem(key!, mode!), [COLOR_MODE_STORAGE_KEY, mode]);
    if (new URL(page.url()).pathname === path.split('?')[0]) await page.reload();
    else await page.goto(path);
    await waitUntilSettled(page);
    await expect(page.locator('html')).toHaveAttribute('data-color-mode', mode);
    await check(mode);
  }
}

// One test per page, all its colour modes in one visit each, so the pages spread over the workers; axe over
// the biggest pages (the API reference) takes many seconds on a busy machine.
test.describe('every page type has no WCAG 2 A/AA violations', () => {
  test.describe.configure({ timeout: 120_000 });

  for (const [name, path] of Object.entries(PUBLIC_PAGES)) {
    const shell = SHELL_PAGES.has(name);
    const modes = shell ? (['light', 'dark', 'flame'] as const) : (['light', 'dark'] as const);
    test(`the ${name} page, in ${modes.join(', ')}`, async ({ page }) => {
      await inEachColorMode(page, path, modes, async (mode) => {
        if (shell) await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
        expect(await accessibilityViolations(page, { mode }), mode).toEqual([]);
      });
    });
  }

  for (const [name, path] of Object.entries(ADMIN_PAGES)) {
    test(`the ${name} page behind login, in light and dark`, async ({ page }) => {
      await loginAs(page, 'demo_admin');
      await inEachColorMode(page, path, ['light', 'dark'], async (mode) => {
        expect(await accessibilityViolations(page, { mode }), mode).toEqual([]);
      });
    });
  }
});

/** Astro places an island's `<style>` where the island is; the issue excepts that. */
const ALLOWED_HTML_ERRORS = [/^Element “style” not allowed as child of element/];

test('every page type is valid HTML according to the W3C Nu checker', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'demo_admin');
  const folder = mkdtempSync(join(tmpdir(), 'itinerary-vnu-'));
  try {
    const files: Record<string, string> = {};
    for (const [name, path] of Object.entries({ ...PUBLIC_PAGES, ...ADMIN_PAGES })) {
      const response = await page.request.get(path);
      const file = join(folder, `${name.replace(/\W+/g, '-')}.html`);
      writeFileSync(file, await response.text());
      files[file] = name;
    }
    const output = execFileSync(
      'java',
      ['-jar', String(vnuJar), '--format', 'json', '--exit-zero-always', ...Object.keys(files)],
      {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const report = JSON.parse(output || '{"messages":[]}') as {
      messages: { type: string; url: string; message: string; lastLine?: number }[];
    };
    const errors = report.messages
      .filter((message) => message.type === 'error')
      .filter((message) => !ALLOWED_HTML_ERRORS.some((allowed) => allowed.test(message.message)))
      .map(
        (message) =>
          `${files[decodeURIComponent(new URL(message.url).pathname)] ?? message.url}:${message.lastLine ?? '?'} ${message.message}`,
      );
    expect(errors).toEqual([]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test.describe('with JavaScript turned off', () => {
  test.use({ javaScriptEnabled: false });

  test('home shows the welcome and the featured jams with their timing', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Itinerary' })).toBeVisible();
    const featured = page.getByRole('region', { name: 'Featured game jams' });
    await expect(featured.getByRole('link', { name: 'Space Sprint Jam' })).toBeVisible();
    await expect(page.getByText('Ending in').first()).toBeVisible();
  });

  test('explore filters, searches and pages through plain links and a form', async ({ page }) => {
    await page.goto('/explore');
    await page.getByLabel('Search by name').fill('jam');
    await page.getByLabel('Jams per page').selectOption('3');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/q=jam/);
    await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
    await page.getByRole('radio', { name: 'Ended' }).check();
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('link', { name: 'Autumn Arcade Jam' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Space Sprint Jam' })).toHaveCount(0);
  });

  test('a jam page shows its description, rules, timing and entries', async ({ page }) => {
    await page.goto('/jams/space-sprint-jam');
    await expect(page.getByRole('heading', { level: 1, name: 'Space Sprint Jam' })).toBeVisible();
    await expect(page.getByText('Make a fast-paced space game in one week.').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Theme' })).toBeVisible();
    await expect(page.getByText('Ending in').first()).toBeVisible();
    await expect(page.locator('time').first()).toContainText('UTC');
    await expect(page.getByRole('heading', { name: 'Orbit Runner' })).toBeVisible();
  });
});
