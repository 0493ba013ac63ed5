/**
 * The smoke suite's fixtures: `target` (worker-scoped) is the running site of this project's target
 * (tests/smoke/targets.ts), started once per worker; `baseURL` points the browser at it. Every test
 * makes its own data through the site's API and UI (as demo_admin or the Scratchers the fakes know,
 * tests/fakes/fixtures.ts), under unique names, so tests do not depend on each other or on order.
 */
import { type APIRequestContext, type Browser, type Page, test as base, expect } from '@playwright/test';
import {
  createJamThroughApi,
  dataSaverBrowser,
  expectConsoleErrors,
  logInThroughScratch,
  loginAs,
  resendOnResetConnections,
  userPage,
  watchedPage,
} from '../helpers/browser-fixtures';
import { ADMIN, type SmokeTarget, type TargetName, startTarget } from './targets';

export { expect, expectConsoleErrors, ADMIN, logInThroughScratch, loginAs, userPage };

export interface SmokeOptions {
  /** The deploy target of this project (playwright.smoke.config.ts). */
  targetName: TargetName;
}

interface WorkerFixtures extends SmokeOptions {
  target: SmokeTarget;
}

export const MINUTE = 60_000;

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
  /** Every context: the data saver on (no background prefetching of the links in view, spec §4) and Scratch's CDN answered locally. */
  browser: [dataSaverBrowser({ scratchCdn: true }), { scope: 'worker' }],
  /** Errors in the test's `page` (the site breaking in the browser) fail it, unless it declared them with `expectConsoleErrors`. */
  page: async ({ page, javaScriptEnabled }, use, testInfo) => watchedPage(page, use, testInfo, { javaScriptEnabled }),
  request: async ({ request }, use) => {
    resendOnResetConnections(request);
    await use(request);
  },
});

let counter = 0;
/** A name no other test (or earlier run on the same database) uses. */
export const unique = (base: string) => `${base} ${Date.now().toString(36)}${(++counter).toString(36)}`;

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
  return createJamThroughApi(admin, {
    description: 'A smoke-test jam.',
    ...fields,
    startsAt: fields.startsAt.toISOString(),
    endsAt: fields.endsAt.toISOString(),
  });
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
