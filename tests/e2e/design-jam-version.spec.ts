/**
 * How the jam version looks (issue 56, ADR 050): the entry page's panel with the makers' upload form
 * and the player, in light, dark and flame at 390 and 1280 px, with no WCAG 2 A/AA violations.
 * JAM_VERSION_SCREENSHOTS=1 writes the pictures to docs/screenshots/.
 */
import { join, resolve } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { makeSb3 } from '../helpers/sb3';
import { accessibilityViolations } from './accessibility';
import { createJamThroughApi, expect, test, userPage, waitUntilSettled } from './fixtures';

const MINUTE = 60_000;
const OUT = resolve(import.meta.dirname, '../../docs/screenshots');

async function entryWithJamVersion(browser: Browser) {
  const admin = await userPage(browser, 'demo_admin');
  const jam = await createJamThroughApi(admin.request, {
    name: `Looking Jam ${Date.now().toString(36)}`,
    description: 'The jam version, seen in every colour mode.',
    startsAt: new Date(Date.now() - MINUTE).toISOString(),
    endsAt: new Date(Date.now() + 60 * MINUTE).toISOString(),
    jamVersion: 'required',
    judgeJamVersion: true,
  });
  await admin.context().close();
  const maker = await userPage(browser, 'sprite_smith');
  const submitted = await maker.request.post(`/api/jams/${jam.slug}/entries`, {
    data: { url: 'https://scratch.mit.edu/projects/900000101' },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const entryId = ((await submitted.json()) as { id: number }).id;
  const uploaded = await maker.request.put(`/api/jams/${jam.slug}/entries/${entryId}/jam-version`, {
    headers: { 'content-type': 'application/x.scratch.sb3' },
    data: Buffer.from(makeSb3()),
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  return { path: `/jams/${jam.slug}/entries/${entryId}`, slug: jam.slug, maker };
}

async function playing(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Play the jam version' }).click();
  await expect(page.getByRole('button', { name: 'Green flag' })).toBeEnabled({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Green flag' }).click();
  await page.waitForTimeout(400);
}

test('the jam version panel, its upload form and its player read well in every colour mode at 390 and 1280 px', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { path, maker } = await entryWithJamVersion(browser);
  for (const theme of ['light', 'dark', 'flame'] as const) {
    for (const width of [1280, 390]) {
      await maker.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await maker.addInitScript((mode) => localStorage.setItem('itinerary-color-mode', mode), theme);
      await maker.goto(path);
      await waitUntilSettled(maker);
      await expect(maker.locator('html')).toHaveAttribute('data-color-mode', theme);
      const panel = maker.getByRole('region', { name: 'Jam version' });
      await expect(panel.getByRole('heading', { name: 'Replace your jam version' })).toBeVisible();
      expect(await accessibilityViolations(maker, { mode: theme, include: '#play' }), `${theme} ${width}`).toEqual([]);
      if (process.env.JAM_VERSION_SCREENSHOTS)
        await panel.screenshot({ path: join(OUT, `jam-version-upload-${theme}-${width}.png`) });
      await playing(maker);
      const overflow = await maker.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${theme} ${width}`).toBeLessThanOrEqual(0);
      // Nothing in the panel is wider than the panel (the card would clip it).
      expect(
        await panel.evaluate((section) => section.scrollWidth - section.clientWidth),
        `${theme} ${width}`,
      ).toBeLessThanOrEqual(0);
      expect(await accessibilityViolations(maker, { mode: theme, include: '#play' }), `${theme} ${width} playing`).toEqual([]);
      if (process.env.JAM_VERSION_SCREENSHOTS) {
        await panel.screenshot({ path: join(OUT, `jam-version-player-${theme}-${width}.png`) });
      }
    }
  }
});

test('the review list marks the entries with a jam version, and those without one when the jam requires it', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { slug, maker } = await entryWithJamVersion(browser);
  await maker.context().close();
  const other = await userPage(browser, 'loop_legend');
  const entered = await other.request.post(`/api/jams/${slug}/entries`, {
    data: { url: 'https://scratch.mit.edu/projects/900000102' },
  });
  expect(entered.status(), await entered.text()).toBe(201);
  await other.context().close();
  const admin = await userPage(browser, 'demo_admin');
  for (const width of [1280, 390]) {
    await admin.setViewportSize({ width, height: 900 });
    await admin.goto(`/jams/${slug}/review`);
    await waitUntilSettled(admin);
    const items = admin.locator('main li').filter({ has: admin.getByRole('heading', { level: 2 }) });
    await expect(items.filter({ hasText: 'Orbit Runner' }).getByText('Jam version', { exact: true })).toBeVisible();
    await expect(items.filter({ hasText: 'Gravity Golf' }).getByText('No jam version', { exact: true })).toBeVisible();
    expect(await accessibilityViolations(admin, { include: 'main' }), `${width}`).toEqual([]);
    if (process.env.JAM_VERSION_SCREENSHOTS)
      await admin.locator('main').screenshot({ path: join(OUT, `jam-version-review-light-${width}.png`) });
  }
});
