import { type Browser } from '@playwright/test';
import { expect, loginAs, test } from './fixtures';
import { uniqueTag } from '../helpers/unique-tag';

const HOUR = 3_600_000;

/** A jam of our own, made, edited and given a manager by demo_admin through the API. */
async function jamWithHistory(browser: Browser): Promise<{ slug: string; name: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAs(page, 'demo_admin');
  const name = `Logbook Jam ${uniqueTag()}`;
  const created = await page.request.post('/api/jams', {
    data: {
      name,
      description: 'For the activity test.',
      startsAt: new Date(Date.now() + HOUR).toISOString(),
      endsAt: new Date(Date.now() + 48 * HOUR).toISOString(),
    },
  });
  expect(created.status()).toBe(201);
  const { slug } = (await created.json()) as { slug: string };
  expect(
    (await page.request.patch(`/api/jams/${slug}`, { data: { description: 'Edited for the activity test.' } })).status(),
  ).toBe(200);
  // pixel_pioneer must have logged in once to be added as a manager.
  const pioneer = await browser.newContext();
  await loginAs(await pioneer.newPage(), 'pixel_pioneer');
  await pioneer.close();
  expect((await page.request.post(`/api/jams/${slug}/managers`, { data: { name: 'pixel_pioneer' } })).status()).toBe(201);
  await context.close();
  return { slug, name };
}

// Three real logins through the fake provider per test: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ context }) => {
  await context.route('https://cdn2.scratch.mit.edu/**', (route) =>
    route.fulfill({ contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg" width="90" height="90"/>' }),
  );
});

test('an administrator reads the activity from the dashboard and filters it by jam, user and action', async ({
  page,
  browser,
}) => {
  const jam = await jamWithHistory(browser);
  await loginAs(page, 'demo_admin');
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Activity' }).click();
  await expect(page).toHaveURL(/\/dashboard\/activity$/);
  const table = page.getByRole('table', { name: 'Activity, newest first' });
  await expect(table.getByRole('columnheader')).toHaveText(['When', 'Who', 'What', 'Game jam', 'User', 'Details']);

  await page.getByLabel('Game jam (its address, e.g. space-sprint-jam)').fill(jam.slug);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(new RegExp(`jam=${jam.slug}`));
  const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('demo_admin');
  await expect(rows.nth(0)).toContainText('added a manager');
  await expect(rows.nth(0).getByRole('link', { name: 'pixel_pioneer' })).toBeVisible();
  await expect(rows.nth(1)).toContainText('edited the jam');
  await expect(rows.nth(1)).toContainText('fields: description');
  await expect(rows.nth(2)).toContainText('created the jam');
  await expect(rows.nth(2).getByRole('link', { name: jam.name })).toHaveAttribute('href', `/jams/${jam.slug}`);

  await page.getByLabel('Action').selectOption({ label: 'edited the jam' });
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/action=jam\.update/);
  await expect(rows).toHaveCount(1);

  // A name in the table filters by that user, keeping the other filters.
  await page.goto(`/dashboard/activity?jam=${jam.slug}`);
  await rows.nth(0).getByRole('link', { name: 'pixel_pioneer' }).click();
  await expect(page).toHaveURL(/user=pixel_pioneer/);
  await expect(rows).toHaveCount(1);
  await expect(page.getByLabel('Username')).toHaveValue('pixel_pioneer');
});

test("a manager opens their jam's activity from the manager tools; other users get a 403 screen", async ({ page, browser }) => {
  const jam = await jamWithHistory(browser);
  await loginAs(page, 'pixel_pioneer');
  await page.goto(`/jams/${jam.slug}`);
  await page.getByRole('button', { name: 'Manager tools' }).click();
  await page.getByRole('menuitem', { name: 'Activity' }).click();
  await expect(page).toHaveURL(new RegExp(`/jams/${jam.slug}/activity$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Activity of ${jam.name}`);
  const rows = page
    .getByRole('table', { name: 'Activity, newest first' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
  await expect(rows).toHaveCount(3);
  await expect(page.getByLabel('Game jam (its address, e.g. space-sprint-jam)')).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to the game jam' }).click();
  await expect(page).toHaveURL(new RegExp(`/jams/${jam.slug}$`));

  const stranger = await browser.newContext();
  const strangerPage = await stranger.newPage();
  await loginAs(strangerPage, 'sprite_smith');
  const response = await strangerPage.goto(`/jams/${jam.slug}/activity`);
  expect(response?.status()).toBe(403);
  await expect(strangerPage.getByText('Only managers of this game jam and administrators can see its activity.')).toBeVisible();
  await stranger.close();
});
