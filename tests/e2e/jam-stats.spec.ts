/**
 * A jam's story in numbers and its host's colours (issue 57): the statistics page read by eye and by
 * axe in every colour scheme, nothing of a mystery jam before its start, and a colour the jam form
 * refuses with the nearest one that works. Runs against the demo seed (db/seed.ts).
 */
import { accessibilityViolations } from './accessibility';
import { createJamThroughApi, datetimeLocal, expect, loginAs, test, waitUntilSettled } from './fixtures';

const ENDED = '/jams/autumn-arcade-jam/stats';
const MYSTERY = '/jams/winter-mystery-jam/stats';
const MINUTE = 60_000;

for (const mode of ['light', 'dark', 'flame'] as const) {
  test(`the statistics page has charts with tables and no WCAG 2 A/AA violations in ${mode}`, async ({ page }) => {
    await page.addInitScript((mode) => localStorage.setItem('itinerary-color-mode', mode), mode);
    await page.goto(ENDED);
    await waitUntilSettled(page);
    await expect(page.locator('html')).toHaveAttribute('data-color-mode', mode);
    await expect(page.getByRole('heading', { level: 1, name: 'Autumn Arcade Jam in numbers' })).toBeVisible();
    for (const chart of ['Sign-ups', 'Entries', 'Votes', 'Plays', 'Notes', 'New entries per day']) {
      await expect(page.getByRole('figure', { name: chart, exact: true })).toBeVisible();
      // The numbers, for screen readers: a table named like its chart.
      await expect(page.getByRole('table', { name: chart, exact: true })).toBeAttached();
    }
    expect(await accessibilityViolations(page, { mode, include: 'main' })).toEqual([]);
  });
}

test('a mystery jam shows no statistic before its start, in any language', async ({ page }) => {
  for (const [prefix, text] of [
    ['', 'This jam is a mystery until it starts'],
    ['/hu', 'Ez a jam a kezdetéig titok'],
    ['/ir', 'Is rúndiamhair an jam seo'],
  ] as const) {
    await page.goto(`${prefix}${MYSTERY}`);
    await expect(page.getByText(text)).toBeVisible();
    await expect(page.getByRole('figure')).toHaveCount(0);
    await expect(page.getByRole('table')).toHaveCount(0);
  }
});

test('the jam page links to its statistics', async ({ page }) => {
  await page.goto('/jams/autumn-arcade-jam');
  await page.getByRole('link', { name: 'Statistics' }).click();
  await expect(page).toHaveURL(/\/jams\/autumn-arcade-jam\/stats$/);
});

test('the jam form refuses a colour that is hard to see, suggests the nearest that works, and the jam wears it', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await loginAs(page, 'demo_admin');
  await page.goto('/jams/new');
  await waitUntilSettled(page);
  await page.getByLabel('Name').fill(`Sunny Colours ${Date.now()}`);
  await page.getByLabel('Description').fill('A jam in its own colours.');
  await page.getByLabel(/^Start\b/).fill(datetimeLocal(-MINUTE));
  await page.getByLabel(/^End\b/).fill(datetimeLocal(7 * 24 * 60 * MINUTE));
  const colour = page.getByRole('textbox', { name: 'Accent colour' });
  await colour.fill('#ffff00');
  await page.getByRole('button', { name: 'Create game jam' }).click();
  // Inline, at the field (its description), as well as in the toast.
  await expect(colour).toHaveAttribute('aria-invalid', 'true');
  await expect(colour).toHaveAccessibleDescription(
    /This colour is hard to see in the light colour scheme \(contrast 1\.01:1, it needs 3:1\)\. The nearest colour that works is #8f8f00\./,
  );
  await page.getByRole('button', { name: 'Use #8f8f00' }).click();
  await expect(colour).toHaveValue('#8f8f00');
  await page.getByRole('button', { name: 'Create game jam' }).click();
  await expect(page.getByText('The game jam has been created.')).toBeVisible();
  await expect(page.locator('.jam-header')).toHaveAttribute('style', /--jam-accent: #8f8f00/);
});

test('a jam in its own colour and banner stays readable in every scheme', async ({ page }) => {
  test.setTimeout(60_000);
  await loginAs(page, 'demo_admin');
  const jam = await createJamThroughApi(page.request, {
    name: `Teal Tides ${Date.now()}`,
    description: 'Under the sea, in teal.',
    startsAt: new Date(Date.now() - 3_600_000).toISOString(),
    endsAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    accentColor: '#00838f',
    bannerUrl: 'https://example.org/no-such-banner.png',
  });
  // A page of the site first: a login from a kept session opens none, and about:blank has no storage.
  await page.goto('/');
  for (const mode of ['light', 'dark', 'flame'] as const) {
    await page.evaluate((mode) => localStorage.setItem('itinerary-color-mode', mode), mode);
    for (const path of [`/jams/${jam.slug}`, `/jams/${jam.slug}/stats`]) {
      await page.goto(path);
      await waitUntilSettled(page);
      expect(await accessibilityViolations(page, { mode, include: 'main' }), `${path} ${mode}`).toEqual([]);
    }
  }
});
