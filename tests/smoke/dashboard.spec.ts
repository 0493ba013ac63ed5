import { ADMIN, expect, loginAs, test, userPage } from './fixtures';

test('an administrator opens the admin tools on the dashboard and lists all users', async ({ page }) => {
  await loginAs(page, ADMIN);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Admin tools' })).toBeVisible();
  await page.getByRole('link', { name: 'List all users' }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/dashboard/users');
  const table = page.getByRole('table', { name: 'All users' });
  await expect(table.getByRole('cell', { name: ADMIN, exact: true }).first()).toBeVisible();
  await expect(table).toHaveAttribute('aria-busy', 'false');
});

test('someone who is not an administrator has no admin tools and is sent home from the users list', async ({ browser }) => {
  const user = await userPage(browser, 'cat_coder');
  await user.goto('/dashboard');
  await expect(user.getByRole('heading', { name: 'Jams you joined' })).toBeVisible();
  await expect(user.getByRole('heading', { name: 'Admin tools' })).toHaveCount(0);
  await user.goto('/dashboard/users');
  await expect.poll(() => new URL(user.url()).pathname).toBe('/');
});
