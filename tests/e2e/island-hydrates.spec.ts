import { expect, test } from './fixtures';

test('the home page countdown island hydrates and ticks in the browser', async ({ page }) => {
  await page.goto('/');
  const countdown = page.locator('.countdown').first();
  // Card countdowns hydrate when they come into view (client:visible).
  await countdown.scrollIntoViewIfNeeded();
  await expect(countdown).toHaveAttribute('data-hydrated', 'true');
  const timer = countdown.getByRole('timer');
  const first = await timer.textContent();
  await expect(timer).not.toHaveText(first ?? '', { timeout: 5000 });
});
