import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';

const table = (page: Page) => page.getByRole('table', { name: 'Sample jams' });
const bodyRows = (page: Page) => table(page).locator('tbody tr');
const columnTexts = async (page: Page, index: number) =>
  (await bodyRows(page).locator(`td:nth-child(${index})`).allTextContents()).map((text) => text.trim());
const natural = (a: string, b: string) => a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' });
const range = (page: Page) => page.locator('.table-range');

async function ready(page: Page) {
  await page.goto('/dev/components');
  await expect(bodyRows(page)).toHaveCount(10);
  // The rows are in the server's HTML: wait until Astro has hydrated the island (it drops `ssr`).
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

/** With the page clock paused, only fastForward moves the page's timers. */
async function pauseClock(page: Page) {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1000);
}

test('toasts appear at the top and close by themselves after 5000 ms', async ({ page }) => {
  await page.clock.install();
  await ready(page);
  await pauseClock(page);
  await page.getByRole('button', { name: 'Success toast' }).click();
  const toast = page.getByRole('region', { name: 'Notifications' }).getByRole('listitem');
  await expect(toast).toHaveText(/Notification of type success/);
  await expect(toast).toHaveAttribute('data-type', 'success');
  await page.clock.fastForward(4900);
  await expect(toast).toBeVisible();
  await page.clock.fastForward(200);
  await expect(toast).toHaveClass(/closing/);
  await page.clock.fastForward(600);
  await expect(toast).toHaveCount(0);
});

test('a toast closes when its close button is pressed and error toasts are alerts', async ({ page }) => {
  await ready(page);
  await page.getByRole('button', { name: 'Error toast' }).click();
  await expect(page.getByRole('alert')).toHaveText(/Notification of type error/);
  await page.getByRole('button', { name: 'Close notification' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a toast without timeout stays, with a loading spinner', async ({ page }) => {
  await page.clock.install();
  await ready(page);
  await pauseClock(page);
  await page.getByRole('button', { name: 'Loading toast without timeout' }).click();
  const toast = page.getByRole('region', { name: 'Notifications' }).getByRole('listitem');
  await page.clock.fastForward(20_000);
  await expect(toast).toHaveText(/Working on it/);
  await expect(toast.getByRole('status')).toBeAttached();
});

test('the data table sorts ascending then descending', async ({ page }) => {
  await ready(page);
  const name = table(page).getByRole('button', { name: /^Name/ });
  await name.click();
  const ascending = await columnTexts(page, 1);
  expect(ascending).toEqual([...ascending].sort(natural));
  expect(ascending[0]).toBe('Castle 1');
  await expect(table(page).getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
  await name.click();
  const descending = await columnTexts(page, 1);
  expect(descending).toEqual([...descending].sort(natural).reverse());
  await expect(table(page).getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');
  await name.click();
  expect((await columnTexts(page, 1))[0]).toBe('Castle 1');
});

test('shift-click adds a second sort column', async ({ page }) => {
  await ready(page);
  await page.getByRole('combobox', { name: 'Rows per page' }).selectOption({ label: 'All' });
  await table(page).getByRole('button', { name: /^Team/ }).click();
  await table(page)
    .getByRole('button', { name: /^Entries/ })
    .click({ modifiers: ['Shift'] });
  const teams = await columnTexts(page, 2);
  const entries = (await columnTexts(page, 3)).map(Number);
  expect(teams).toEqual([...teams].sort(natural));
  // Within each team, the second sort orders the entries; the table has teams with several rows.
  const ties = teams.flatMap((team, i) => (i > 0 && team === teams[i - 1] ? [i] : []));
  expect(ties.length).toBeGreaterThan(0);
  for (const i of ties) expect(entries[i]).toBeGreaterThanOrEqual(entries[i - 1]!);
  // Without shift, a click replaces the sort.
  await table(page)
    .getByRole('button', { name: /^Entries/ })
    .click();
  const alone = (await columnTexts(page, 3)).map(Number);
  expect(alone).toEqual([...alone].sort((a, b) => b - a));
});

test('column filters apply after a 400 ms pause and the team filter is a drop-down', async ({ page }) => {
  await page.clock.install();
  await ready(page);
  await pauseClock(page);
  await page.getByRole('searchbox', { name: 'Filter Name' }).fill('orbit');
  await page.clock.fastForward(300);
  await expect(range(page)).toHaveText('1–10 of 57');
  await page.clock.fastForward(150);
  await expect(range(page)).toHaveText('1–5 of 5');
  expect((await columnTexts(page, 1)).every((name) => name.startsWith('Orbit'))).toBe(true);

  await page.getByRole('searchbox', { name: 'Filter Name' }).fill('');
  await page.clock.fastForward(450);
  await page.getByRole('combobox', { name: 'Filter Team' }).selectOption('Red');
  await expect(range(page)).toHaveText('1–10 of 19');
  expect(new Set(await columnTexts(page, 2))).toEqual(new Set(['Red']));
});

test('the global search looks through the searchable columns', async ({ page }) => {
  await ready(page);
  await page.getByRole('searchbox', { name: 'Search table' }).fill('maze');
  await expect(range(page)).toHaveText('1–5 of 5');
  await page.getByRole('searchbox', { name: 'Search table' }).fill('no such thing');
  await expect(table(page)).toContainText('No data for table');
});

test('the data table pages by 10, 20, 30, 40, 50 or All and the page input accepts only real pages', async ({ page }) => {
  await ready(page);
  const sizes = page.getByRole('combobox', { name: 'Rows per page' });
  await expect(sizes.locator('option')).toHaveText(['10', '20', '30', '40', '50', 'All']);
  await expect(page.getByText('of 6', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(range(page)).toHaveText('11–20 of 57');

  const pageInput = page.getByRole('textbox', { name: 'Page' });
  await pageInput.fill('9');
  await pageInput.press('Enter');
  await expect(pageInput).toHaveValue('2');
  await pageInput.fill('4');
  await expect(range(page)).toHaveText('31–40 of 57');

  await sizes.selectOption('20');
  await expect(bodyRows(page)).toHaveCount(20);
  await sizes.selectOption({ label: 'All' });
  await expect(bodyRows(page)).toHaveCount(57);
  await expect(page.getByText('of 1', { exact: true })).toBeVisible();
});

test('the data table says when it is empty or loading and hides hidden columns', async ({ page }) => {
  await ready(page);
  await expect(table(page).getByRole('columnheader')).not.toContainText(['Secret']);
  await page.getByRole('button', { name: 'No rows' }).click();
  await expect(table(page)).toContainText('No data for table');
  await page.getByRole('button', { name: 'Loading', exact: true }).click();
  await expect(table(page)).toContainText('Loading...');
});

test('the modal closes on Escape and on the overlay, and keeps focus inside', async ({ page }) => {
  await ready(page);
  const open = page.getByRole('button', { name: 'Open modal' });
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'A modal' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('With a sub-header');
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await open.click();
  await expect(dialog).toBeVisible();
  await page.mouse.click(5, 400);
  await expect(dialog).toBeHidden();
});

test('the dropdown stays open on a disabled item and closes on a click elsewhere', async ({ page }) => {
  await ready(page);
  const button = page.getByRole('button', { name: 'Choose' });
  await button.click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  // force: Playwright would otherwise wait for the aria-disabled item to become enabled.
  await menu.getByRole('menuitem', { name: 'Unavailable choice' }).click({ force: true });
  await expect(menu).toBeVisible();
  await page.getByRole('heading', { name: 'Shell components' }).click();
  await expect(menu).toBeHidden();

  await button.focus();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'First choice' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Unavailable choice' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
});

test('the confirmation dialog runs the action only when confirmed', async ({ page }) => {
  await ready(page);
  await page.getByRole('button', { name: 'Delete something' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete something?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Delete something' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Deleted');
});

/** The page's record of every `data-state` the progress bar took (see {@link recordBarStates}). */
type BarWindow = typeof window & { barStates: (string | null)[] };

/**
 * Records every `data-state` the progress bar takes, in the page as it happens: "failed" shows only
 * for the 500 ms hide delay, which Playwright's polling (up to a second apart) can miss on a busy machine.
 */
async function recordBarStates(page: Page): Promise<void> {
  await page.evaluate(() => {
    const bar = document.querySelector('.progress-bar')!;
    const seen = ((window as BarWindow).barStates = [bar.getAttribute('data-state')]);
    new MutationObserver(() => seen.push(bar.getAttribute('data-state'))).observe(bar, {
      attributes: true,
      attributeFilter: ['data-state'],
    });
  });
}

const forgetBarStates = (page: Page) => page.evaluate(() => void (window as BarWindow).barStates.splice(0));

const barTook = (page: Page, state: string) =>
  page.waitForFunction((wanted) => (window as BarWindow).barStates.includes(wanted), state);

test('the progress bar shows slow work and turns red when it fails', async ({ page }) => {
  await ready(page);
  const bar = page.locator('.progress-bar');
  await recordBarStates(page);
  await page.getByRole('button', { name: 'Failure' }).click();
  await barTook(page, 'failed');
  await expect(bar).toHaveAttribute('data-state', 'hidden');
  await forgetBarStates(page);
  await page.getByRole('button', { name: 'Slow success' }).click();
  await barTook(page, 'running');
  await expect(bar).toHaveAttribute('data-state', 'hidden', { timeout: 5000 });
});

test('the spinner shows the generic loading text', async ({ page }) => {
  await ready(page);
  await expect(page.locator('.demo').getByRole('status').filter({ hasText: 'Loading...' }).first()).toBeVisible();
});
