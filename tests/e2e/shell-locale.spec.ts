import { expect, test } from './fixtures';

test('switching the language keeps the page and remembers the choice in the locale cookie', async ({ page, context }) => {
  await page.goto('/about?from=test#credits');
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: /Magyar/ })
    .click();
  await expect(page).toHaveURL(/\/hu\/about\?from=test#credits$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hu');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Az Itineraryről');

  const cookie = (await context.cookies()).find((c) => c.name === 'itinerary-locale');
  expect(cookie?.value).toBe('hu');
  expect(cookie?.sameSite).toBe('Lax');
  expect(cookie?.path).toBe('/');
  const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86400;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThan(366);

  await page.goto('/');
  await expect(page).toHaveURL(/\/hu$/);
});

test('the root path follows the browser language, other paths never redirect', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'hu-HU' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page).toHaveURL(/\/hu$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hu');
  await page.goto('/about');
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await context.close();
});

test('Irish browsers land on /ir', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'ga-IE' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page).toHaveURL(/\/ir$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ga');
  await context.close();
});
