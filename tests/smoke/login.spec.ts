import { expect, logInThroughScratch, test } from './fixtures';

const FAILED = 'Failed FluffyScratch auth! Keep in mind that the login system currently does not support New Scratchers.';

test('a Scratcher logs in with Scratch, confirms, and is logged in', async ({ page }) => {
  await logInThroughScratch(page, 'login_learner');
  await expect(page).toHaveURL(/\/confirm-login/);
  await expect(page.getByRole('heading', { name: 'Log in as login_learner' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'login_learner' })).toBeVisible();
  const me = await page.request.get('/api/auth/me');
  expect(me.status()).toBe(200);
  expect(((await me.json()) as { name: string }).name).toBe('login_learner');
});

test('a New Scratcher is refused with the failed-auth message', async ({ page }) => {
  await logInThroughScratch(page, 'fresh_sprout');
  await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
  await expect(page.getByText(FAILED)).toBeVisible();
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in', exact: true })).toBeVisible();
});
