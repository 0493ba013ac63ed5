/**
 * Spec §4 and §9: a failed chunk load triggers one full page reload; further reloads are suppressed
 * for 60 seconds. Shown the way it happens after a deployment: a built chunk disappears under a
 * running server. That server is our own, on a copy of dist/, so the other tests keep their chunks.
 */
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Page } from '@playwright/test';
import { expect, expectConsoleErrors, test } from './fixtures';
import { type RunningApp, startApp } from '../helpers/app';

const ROOT = resolve(import.meta.dirname, '../..');
const DIST = process.env.ITINERARY_DIST ?? 'dist';
const COPY = `dist-chunk-reload-${process.pid}`;
const GUARD_KEY = 'itinerary-chunk-reload-at';

let app: RunningApp;
let folder: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // Timestamps kept, so the start script sees a build as fresh as the sources and does not rebuild.
  cpSync(join(ROOT, DIST), join(ROOT, COPY), { recursive: true, preserveTimestamps: true });
  folder = mkdtempSync(join(tmpdir(), 'itinerary-chunk-reload-'));
  app = await startApp({ ITINERARY_DIST: COPY, DATABASE_URL: `file:${join(folder, 'chunk-reload.db')}` });
});

test.afterAll(async () => {
  await app?.stop();
  rmSync(join(ROOT, COPY), { recursive: true, force: true });
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** Deletes a built file of the running server's copy, found by the start of its name. */
function deleteChunk(prefix: string): string {
  const assets = join(ROOT, COPY, 'client/_astro');
  const file = readdirSync(assets).find((name) => name.startsWith(prefix) && name.endsWith('.js'));
  if (!file) throw new Error(`no built chunk starting with ${prefix}`);
  rmSync(join(assets, file));
  return `/_astro/${file}`;
}

/**
 * Counts the page's document loads, the hydration failures Astro reported (it reports one only when
 * no listener took it: the guard takes the one it reloads for) and the 404s for `missing`, and
 * collects CSP violations.
 */
function watch(page: Page, missing?: string) {
  const seen = { loads: 0, failuresReported: 0, missingAnswered: 0, cspViolations: [] as string[] };
  page.on('request', (request) => {
    if (request.resourceType() === 'document' && request.frame() === page.mainFrame()) seen.loads += 1;
  });
  page.on('response', (response) => {
    if (missing && new URL(response.url()).pathname === missing && response.status() === 404) seen.missingAnswered += 1;
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.cspViolations.push(message.text());
    if (/Error hydrating/.test(message.text())) seen.failuresReported += 1;
  });
  return seen;
}

/** Long enough for a reload the guard started to show up as a document request. */
const RELOAD_WOULD_HAVE_BEGUN_MS = 500;

test('an island whose chunk is gone reloads the page once, and not again within 60 seconds', async ({ page }) => {
  test.setTimeout(60_000);
  const login = await (await fetch(`${app.url}/login`)).text();
  const chunk = deleteChunk('LoginErrorToast.');
  expect(login, 'the login page loads the island from the deleted chunk').toContain(`component-url="${chunk}"`);

  expectConsoleErrors(page, /Error hydrating \/_astro\/LoginErrorToast\..*Failed to fetch dynamically imported module/);
  const seen = watch(page);
  // The island never hydrates: 'load' only, not the fixtures' wait for islands.
  await page.goto(`${app.url}/login`, { waitUntil: 'load' });
  // Astro retries a failed island import once after a second, then reports it; we reload.
  await expect.poll(() => seen.loads, { timeout: 15_000 }).toBe(2);
  // The reload request is seen before the new document commits: read the guard once it has.
  await page.waitForLoadState('load');
  const readGuard = () => page.evaluate((key) => sessionStorage.getItem(key), GUARD_KEY).catch(() => null);
  await expect.poll(readGuard).not.toBeNull();
  const reloadedAt = Number(await readGuard());
  expect(Date.now() - reloadedAt).toBeLessThan(30_000);

  // The reloaded page fails the same way, but within 60 seconds of the last reload the guard lets it be
  // (so Astro reports it) and nothing else reloads.
  await expect.poll(() => seen.failuresReported, { timeout: 15_000 }).toBe(1);
  await page.waitForTimeout(RELOAD_WOULD_HAVE_BEGUN_MS);
  expect(seen.loads).toBe(2);
  await expect(page.getByRole('heading', { name: 'Log in to Itinerary' })).toBeVisible();

  // Once the 60 seconds are over, the next failure may reload again — once.
  await page.evaluate((key) => sessionStorage.setItem(key, String(Date.now() - 61_000)), GUARD_KEY);
  await page.reload();
  await expect.poll(() => seen.loads, { timeout: 15_000 }).toBe(4);
  await expect.poll(() => seen.failuresReported, { timeout: 15_000 }).toBe(2);
  await page.waitForTimeout(RELOAD_WOULD_HAVE_BEGUN_MS);
  expect(seen.loads).toBe(4);
  expect(seen.cspViolations).toEqual([]);
});

test('a page whose own module script is gone reloads once as well (the guard does not live in that script)', async ({ page }) => {
  test.setTimeout(60_000);
  const about = readFileSync(join(ROOT, COPY, 'client/about/index.html'), 'utf8');
  const script = deleteChunk('Base.astro_astro_type_script_index_0_lang.');
  const explore = await (await fetch(`${app.url}/explore`)).text();
  expect(explore).toContain(`<script type="module" src="${script}"`);
  expect(about).toContain(GUARD_KEY); // inlined in <head>, hashed for the CSP

  const seen = watch(page, script);
  await page.goto(`${app.url}/explore`, { waitUntil: 'load' }); // it reloads itself: no wait for islands
  await expect.poll(() => seen.loads, { timeout: 15_000 }).toBe(2);
  // The reloaded page misses the script too; within 60 seconds of the reload the guard does nothing.
  await expect.poll(() => seen.missingAnswered, { timeout: 15_000 }).toBe(2);
  await page.waitForTimeout(RELOAD_WOULD_HAVE_BEGUN_MS);
  expect(seen.loads).toBe(2);
  expect(seen.cspViolations).toEqual([]);
});
