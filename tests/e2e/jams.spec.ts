import { type Browser } from '@playwright/test';
import { createJamThroughApi, datetimeLocal, expect, loginAs, test, waitUntilSettled } from './fixtures';
import { uniqueTag } from '../helpers/unique-tag';

const MINUTE = 60_000;
const uniqueName = (base: string) => `${base} ${uniqueTag()}`;

async function anonymousPageText(browser: Browser, path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(path);
  const text = await page.locator('main').innerText();
  await context.close();
  return text;
}

test('an administrator creates, edits, features and runs a jam', async ({ page }) => {
  test.setTimeout(90_000);
  await loginAs(page, 'demo_admin');
  const name = uniqueName('Pixel Parade');

  await page.goto('/jams/new');
  await page.getByRole('button', { name: 'Create game jam' }).click();
  await expect(page.getByText('Please fill in the required fields!').first()).toBeVisible();

  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Description').fill('Tiny pixel games for a tiny week.');
  await page.getByRole('textbox', { name: 'Body' }).fill('## Theme\n\nEverything is **pixels**.');
  await page.getByRole('tab', { name: 'Preview' }).click();
  await expect(page.locator('.preview strong')).toHaveText('pixels');
  await page.getByLabel('Image link').fill('not a url');
  await page.getByLabel(/^Start\b/).fill(datetimeLocal(-MINUTE));
  await page.getByLabel(/^End\b/).fill(datetimeLocal(7 * 24 * 60 * MINUTE));
  await page.getByRole('button', { name: 'Create game jam' }).click();
  await expect(page.getByText('The URL entered is invalid!').first()).toBeVisible();
  await page.getByLabel('Image link').fill('');
  await page.getByRole('button', { name: 'Create game jam' }).click();

  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('The game jam has been created.')).toBeVisible();
  await expect(page.getByText('You are an administrator')).toBeVisible();
  await expect(page.locator('#about strong')).toHaveText('pixels');

  // Edit it through the manager tools.
  await page.getByRole('button', { name: /Manager tools/ }).click();
  await page.getByRole('menuitem', { name: 'Edit game jam' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit game jam' });
  await editor.getByLabel('Description').fill('Edited: tiny pixel games.');
  await editor.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('The game jam has been updated.')).toBeVisible();
  await expect(page.getByText('Edited: tiny pixel games.').first()).toBeVisible();

  // Add a manager, then remove them with confirmation.
  await page.getByRole('button', { name: /Manager tools/ }).click();
  await page.getByRole('menuitem', { name: 'Edit managers' }).click();
  const managers = page.getByRole('dialog', { name: 'Edit managers' });
  await managers.getByLabel('Add a manager by username').fill('sprite_smith');
  await managers.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('sprite_smith is now a manager of this jam.')).toBeVisible();
  await expect(managers.getByRole('listitem').filter({ hasText: 'sprite_smith' })).toBeVisible();
  await managers.getByRole('button', { name: 'Remove sprite_smith' }).click();
  await page.getByRole('dialog', { name: 'Remove sprite_smith as a manager?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('sprite_smith is no longer a manager of this jam.')).toBeVisible();
  await expect(managers.getByText('This jam has no managers yet.')).toBeVisible();
  await managers.getByRole('button', { name: 'Close' }).click();

  // Feature it: it appears on the home page.
  await page.getByRole('button', { name: /Manager tools/ }).click();
  await page.getByRole('menuitem', { name: 'Feature / Unfeature' }).click();
  await expect(page.getByText('The game jam is now featured.')).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Featured game jams' }).getByRole('link', { name })).toBeVisible();
});

test('mystery mode hides the body from visitors until an administrator turns it off', async ({ page, browser }) => {
  await loginAs(page, 'demo_admin');
  const jam = await createJamThroughApi(page.request, {
    name: uniqueName('Secret Sprint'),
    description: 'Guess the theme!',
    body: 'The theme is LIGHTHOUSES',
    startsAt: new Date(Date.now() + 60 * MINUTE).toISOString(),
    endsAt: new Date(Date.now() + 120 * MINUTE).toISOString(),
    mystery: true,
  });
  expect(await anonymousPageText(browser, `/jams/${jam.slug}`)).not.toContain('LIGHTHOUSES');
  await page.goto(`/jams/${jam.slug}`);
  await expect(page.locator('.mystery-preview')).toContainText('The theme is LIGHTHOUSES');

  await page.getByRole('button', { name: /Manager tools/ }).click();
  await page.getByRole('menuitem', { name: 'Advanced options' }).click();
  const dialog = page.getByRole('dialog', { name: 'Advanced options' });
  await dialog.getByLabel('Mystery mode').uncheck();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Advanced options saved.')).toBeVisible();
  expect(await anonymousPageText(browser, `/jams/${jam.slug}`)).toContain('The theme is LIGHTHOUSES');
});

test("a logged-in reader's jam page asks the API once for everything personal on it", async ({ page }) => {
  await loginAs(page, 'cat_coder');
  // A page of its own: the login's last page may still be asking for its things.
  const reader = await page.context().newPage();
  const calls: string[] = [];
  // The API's answers the page's scripts ask for (pictures such as /api/user/…/picture are images).
  reader.on('request', (request) => {
    const url = new URL(request.url());
    const script = request.resourceType() === 'fetch' || request.resourceType() === 'xhr';
    if (script && url.pathname.startsWith('/api/')) calls.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  await reader.goto('/jams/space-sprint-jam#submissions');
  await waitUntilSettled(reader);
  await expect(reader.getByText(/votes? left/).first()).toBeVisible();
  await reader.waitForLoadState('networkidle');
  expect(calls).toEqual(['GET /api/jams/space-sprint-jam/viewer']);
});

test('the countdown flips from "Starting in" to "Ending in" when the start passes, without a reload', async ({ page }) => {
  await loginAs(page, 'demo_admin');
  const jam = await createJamThroughApi(page.request, {
    name: uniqueName('Quick Start'),
    description: 'Starts in a few seconds.',
    startsAt: new Date(Date.now() + 4000).toISOString(),
    endsAt: new Date(Date.now() + 60 * MINUTE).toISOString(),
  });
  await page.goto(`/jams/${jam.slug}`);
  const countdown = page.locator('.jam-header .countdown');
  await expect(countdown).toContainText('Starting in');
  await expect(countdown).toContainText('Ending in', { timeout: 10_000 });
  await expect(page.getByText('Submit your project below!')).toBeVisible();
});

test('explore paginates, filters by status and featured, and searches by name', async ({ page }) => {
  await loginAs(page, 'demo_admin');
  const prefix = uniqueName('Zorbly');
  for (let i = 1; i <= 4; i++) {
    await createJamThroughApi(page.request, {
      name: `${prefix} ${i}`,
      description: 'For the explore test.',
      startsAt: new Date(Date.now() - (i + 1) * 24 * 60 * MINUTE).toISOString(),
      endsAt: new Date(Date.now() - i * 24 * 60 * MINUTE).toISOString(),
    });
  }
  await page.goto('/explore');
  await page.getByLabel('Search by name').fill(prefix);
  await page.getByRole('radio', { name: 'Ended' }).check();
  await page.getByLabel('Jams per page').selectOption('3');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/status=ended/);
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 }).filter({ hasText: prefix })).toHaveCount(3);
  await expect(page.getByRole('link', { name: `${prefix} 1` })).toBeVisible();
  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(page.getByRole('link', { name: `${prefix} 4` })).toBeVisible();

  await page.goto(`/explore?q=${encodeURIComponent(prefix)}&status=ongoing`);
  await expect(page.getByText('No game jams match these filters.')).toBeVisible();
  await page.goto(`/explore?q=${encodeURIComponent(prefix)}&featured=true`);
  await expect(page.getByText('No game jams match these filters.')).toBeVisible();
  await page.goto(`/explore?q=${encodeURIComponent(prefix)}&perPage=3&page=99`);
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('explore sorts by name or by start, keeps the sort in the address and on the next page', async ({ page, browser }) => {
    const HOUR = 60 * MINUTE;
    const prefix = uniqueName('Sortwise');
    const admin = await browser.newContext({ javaScriptEnabled: true });
    const adminPage = await admin.newPage();
    await loginAs(adminPage, 'demo_admin');
    for (const [word, start, end] of [
      ['delta', 1, 2],
      ['Alpha', 3, 4],
      ['charlie', -2, 8],
      ['bravo', -5, 1],
    ] as const) {
      await createJamThroughApi(adminPage.request, {
        name: `${prefix} ${word}`,
        description: 'For the explore sort test.',
        startsAt: new Date(Date.now() + start * HOUR).toISOString(),
        endsAt: new Date(Date.now() + end * HOUR).toISOString(),
      });
    }
    await admin.close();

    const listed = () => page.getByRole('heading', { level: 2 }).filter({ hasText: prefix }).allInnerTexts();
    await page.goto(`/explore?q=${encodeURIComponent(prefix)}&perPage=3`);
    await page.getByLabel('Sort by').selectOption({ label: 'Name A–Z' });
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/[?&]sort=name(&|$)/);
    expect(await listed()).toEqual([`${prefix} Alpha`, `${prefix} bravo`, `${prefix} charlie`]);
    await page.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/[?&]sort=name(&|$)/);
    await expect(page.getByText('Page 2 of 2')).toBeVisible();
    expect(await listed()).toEqual([`${prefix} delta`]);
    await expect(page.getByLabel('Sort by')).toHaveValue('name');

    await page.getByLabel('Sort by').selectOption({ label: 'Starting soonest' });
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/[?&]sort=starting-soonest(&|$)/);
    expect(await listed()).toEqual([`${prefix} delta`, `${prefix} Alpha`, `${prefix} charlie`]);
    await expect(page.getByLabel('Sort by').locator('option')).toHaveText([
      'Newest start',
      'Ending soonest',
      'Starting soonest',
      'Most entries',
      'Name A–Z',
    ]);
  });
});
