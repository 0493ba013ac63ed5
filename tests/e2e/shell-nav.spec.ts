import { expect, pretendLoggedIn, test } from './fixtures';

test('a visitor sees Log in and no Create menu', async ({ page }) => {
  await page.goto('/hu/explore');
  const nav = page.getByRole('banner');
  await expect(nav.getByRole('link', { name: 'Bejelentkezés' })).toHaveAttribute('href', '/hu/login');
  await expect(nav.getByRole('button', { name: /Létrehozás/ })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: /Visszajelzés/ })).toHaveAttribute('target', '_blank');
});

test('a logged-in user gets the Create menu, a profile link and Log out', async ({ page, baseURL }) => {
  await pretendLoggedIn(page, baseURL!);
  await page.goto('/about');
  const nav = page.getByRole('banner');
  await expect(nav.getByRole('link', { name: 'pixel_pioneer' })).toHaveAttribute('href', '/dashboard');
  await expect(nav.getByRole('link', { name: 'Log in' })).toHaveCount(0);
  await nav.getByRole('button', { name: /Create/ }).click();
  // Only administrators create jams; everyone else requests one.
  await expect(nav.getByRole('menuitem', { name: 'Request a game jam' })).toHaveAttribute('href', '/jams/request');

  await nav.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('You have been logged out.');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
});

test('on a phone the navigation folds into a menu button', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 700 });
  await page.goto('/faq');
  const nav = page.getByRole('banner');
  const menu = nav.getByRole('button', { name: 'Menu' });
  await expect(nav.getByRole('link', { name: 'Explore' })).toBeHidden();
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'Explore' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(nav.getByRole('link', { name: 'Explore' })).toBeHidden();
});

test('the navigation bar stays at the top, 3rem high', async ({ page }) => {
  await page.goto('/privacy');
  const header = page.getByRole('banner');
  await page.mouse.wheel(0, 2000);
  await expect.poll(async () => (await header.boundingBox())?.y).toBe(0);
  expect((await header.boundingBox())?.height).toBe(48);
});
