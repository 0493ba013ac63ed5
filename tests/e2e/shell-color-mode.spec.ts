import { expect, test, waitUntilSettled } from './fixtures';

const mode = (page: import('@playwright/test').Page) => page.locator('html');

test('the chosen colour mode persists across a reload and syncs to a second tab', async ({ page, context }) => {
  await page.goto('/about');
  // The colour mode select (labelled Theme) is an island that hydrates when the browser is idle: a choice made before is lost.
  await waitUntilSettled(page);
  const select = page.getByRole('combobox', { name: 'Theme' });
  await expect(select).toHaveValue('system');
  await select.selectOption({ label: 'Dark mode' });
  await expect(mode(page)).toHaveAttribute('data-color-mode', 'dark');

  await page.reload();
  await expect(mode(page)).toHaveAttribute('data-color-mode', 'dark');
  await expect(page.getByRole('combobox', { name: 'Theme' })).toHaveValue('dark');

  const second = await context.newPage();
  await second.goto('/faq');
  await expect(mode(second)).toHaveAttribute('data-color-mode', 'dark');
  await waitUntilSettled(second);

  await second.getByRole('combobox', { name: 'Theme' }).selectOption({ label: 'Flame' });
  await expect(mode(second)).toHaveAttribute('data-color-mode', 'flame');
  await expect(mode(page)).toHaveAttribute('data-color-mode', 'flame');
});

test('the stored colour mode is applied before the first paint, by a script the CSP allows', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => message.text().includes('Content Security Policy') && violations.push(message.text()));
  await page.addInitScript(() => {
    localStorage.setItem('itinerary-color-mode', 'flame');
    new MutationObserver((_, observer) => {
      if (!document.body) return;
      (window as unknown as { modeAtBody: string | null }).modeAtBody = document.documentElement.getAttribute('data-color-mode');
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  for (const path of ['/terms', '/explore']) {
    await page.goto(path);
    expect(await page.evaluate(() => (window as unknown as { modeAtBody: string | null }).modeAtBody), path).toBe('flame');
  }
  expect(violations).toEqual([]);
});

test('the system preference follows the operating system setting live', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/privacy');
  await expect(mode(page)).toHaveAttribute('data-color-mode', 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(mode(page)).toHaveAttribute('data-color-mode', 'dark');
});

test('a page can force a colour mode over the preference', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('itinerary-color-mode', 'dark'));
  await page.goto('/dev/components?force=flame');
  await expect(mode(page)).toHaveAttribute('data-color-mode', 'flame');
});
