import { expect, test, waitUntilSettled } from './fixtures';

const theme = (page: import('@playwright/test').Page) => page.locator('html');

test('the chosen theme persists across a reload and syncs to a second tab', async ({ page, context }) => {
  await page.goto('/about');
  // The theme select is an island that hydrates when the browser is idle: a choice made before is lost.
  await waitUntilSettled(page);
  const select = page.getByRole('combobox', { name: 'Theme' });
  await expect(select).toHaveValue('system');
  await select.selectOption({ label: 'Dark mode' });
  await expect(theme(page)).toHaveAttribute('data-theme', 'dark');

  await page.reload();
  await expect(theme(page)).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('combobox', { name: 'Theme' })).toHaveValue('dark');

  const second = await context.newPage();
  await second.goto('/faq');
  await expect(theme(second)).toHaveAttribute('data-theme', 'dark');
  await waitUntilSettled(second);

  await second.getByRole('combobox', { name: 'Theme' }).selectOption({ label: 'Flame' });
  await expect(theme(second)).toHaveAttribute('data-theme', 'flame');
  await expect(theme(page)).toHaveAttribute('data-theme', 'flame');
});

test('the stored theme is applied before the first paint, by a script the CSP allows', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => message.text().includes('Content Security Policy') && violations.push(message.text()));
  await page.addInitScript(() => {
    localStorage.setItem('itinerary-color-mode', 'flame');
    new MutationObserver((_, observer) => {
      if (!document.body) return;
      (window as unknown as { themeAtBody: string | null }).themeAtBody = document.documentElement.getAttribute('data-theme');
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  for (const path of ['/terms', '/explore']) {
    await page.goto(path);
    expect(await page.evaluate(() => (window as unknown as { themeAtBody: string | null }).themeAtBody), path).toBe('flame');
  }
  expect(violations).toEqual([]);
});

test('the system preference follows the operating system setting live', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/privacy');
  await expect(theme(page)).toHaveAttribute('data-theme', 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(theme(page)).toHaveAttribute('data-theme', 'dark');
});

test('a page can force a colour mode over the preference', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('itinerary-color-mode', 'dark'));
  await page.goto('/dev/components?force=flame');
  await expect(theme(page)).toHaveAttribute('data-theme', 'flame');
});
