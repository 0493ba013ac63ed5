import { type BrowserContext, type Page } from '@playwright/test';
import { accessibilityViolations } from './accessibility';
import { expect, test } from './fixtures';

const FAILED = 'Failed FluffyScratch auth! Keep in mind that the login system currently does not support New Scratchers.';
const SERVER_ERROR = 'The servers could not communicate with the auth provider and/or the Scratch API. Please try again later.';
const BANNED = 'You are banned from Itinerary! You can still continue to use the website logged out.';

/** Scratch avatars live on the internet; answer them locally so the tests stay offline. */
async function stubAvatars(context: BrowserContext) {
  await context.route('https://cdn2.scratch.mit.edu/**', (route) =>
    route.fulfill({ contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg" width="90" height="90"/>' }),
  );
}

test.beforeEach(({ context }) => stubAvatars(context));

const expectPath = (page: Page, path: string) => expect.poll(() => new URL(page.url()).pathname).toBe(path);

/** /login → "Log in with Scratch" → the (fake) provider's page → back on /confirm-login. */
async function throughProvider(page: Page, username: string, locale = '') {
  await page.goto(`${locale}/login`);
  await page.getByRole('link', { name: 'Log in with Scratch' }).click();
  await page.getByLabel('Scratch username').fill(username);
  await page.getByRole('button', { name: 'Authorize' }).click();
}

async function logIn(page: Page, username: string) {
  await throughProvider(page, username);
  await expect(page.getByRole('heading', { name: `Log in as ${username}` })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expectPath(page, '/');
}

test('a Scratcher logs in through the provider, sees avatar and name in the navigation, visits the dashboard and logs out', async ({
  page,
}) => {
  await throughProvider(page, 'login_learner');
  await expectPath(page, '/confirm-login');
  await expect(page.getByRole('heading', { name: 'Log in as login_learner' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expectPath(page, '/');

  const profile = page.getByRole('banner').getByRole('link', { name: 'login_learner' });
  await expect(profile).toBeVisible();
  await expect(profile.locator('img')).toHaveAttribute('src', '/api/user/login_learner/picture');

  await profile.click();
  await expectPath(page, '/dashboard');

  await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
  await expectPath(page, '/');
  await expect(page.getByText('You have been logged out.')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in', exact: true })).toBeVisible();
  await page.goto('/dashboard');
  await expectPath(page, '/login');
});

test('a New Scratcher is sent back to the login page with the failed-auth toast', async ({ page }) => {
  await throughProvider(page, 'fresh_sprout');
  await expectPath(page, '/login');
  await expect(page.getByText(FAILED)).toBeVisible();
  expect(new URL(page.url()).search).toBe('');
});

test('a code the provider refuses with 403 shows the failed-auth toast, not the server-error one', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Log in with Scratch' }).click();
  await expect(page.getByLabel('Scratch username')).toBeVisible();
  // As if the provider sent the browser back with a code it never issued (or one that expired).
  await page.goto('/api/auth/callback?privateCode=not-issued-by-the-provider');
  await expectPath(page, '/login');
  await expect(page.getByText(FAILED)).toBeVisible();
  await expect(page.getByText(SERVER_ERROR)).toHaveCount(0);
});

test('when Scratch cannot be reached during login, the login page shows the server-error toast', async ({ page }) => {
  await throughProvider(page, 'outage_otter');
  await expectPath(page, '/login');
  await expect(page.getByText(SERVER_ERROR)).toBeVisible();
  await expect(page.getByText(FAILED)).toHaveCount(0);
});

test('Cancel on the confirmation page discards the login, and the link cannot be used again', async ({ page }) => {
  await throughProvider(page, 'sprite_smith');
  const confirmUrl = page.url();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expectPath(page, '/login');
  await page.goto(confirmUrl);
  await expect(page.getByRole('heading', { name: 'This login link cannot be used' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to log in' }).click();
  await expectPath(page, '/login');
});

test('guards send visitors where the specification says', async ({ page }) => {
  for (const [from, to] of [
    ['/dashboard', '/login'],
    ['/hu/jams/new', '/hu/login'],
    ['/dashboard/users', '/'],
  ]) {
    await page.goto(from!);
    await expectPath(page, to!);
  }
  await logIn(page, 'block_builder');
  for (const [from, to] of [
    ['/login', '/'],
    ['/ir/confirm-login', '/ir'],
    ['/dashboard/users', '/'],
    ['/dashboard', '/dashboard'],
  ]) {
    await page.goto(from!);
    await expectPath(page, to!);
  }
});

test('a banned user is sent to the banned page and can go on browsing logged out', async ({ page, browser, baseURL }) => {
  await logIn(page, 'banned_bandit');

  const adminContext = await browser.newContext();
  await stubAvatars(adminContext);
  const admin = await adminContext.newPage();
  await logIn(admin, 'demo_admin');
  const headers = { origin: baseURL! };
  const found = await admin.request.post('/api/users', { data: { name: 'banned_bandit' }, headers });
  const { user } = (await found.json()) as { user: { id: number } };
  expect((await admin.request.patch(`/api/users/${user.id}`, { data: { isBanned: true }, headers })).ok()).toBe(true);
  await adminContext.close();

  await page.goto('/dashboard');
  await expectPath(page, '/banned/banned_bandit');
  await expect(page.getByRole('heading', { name: 'You are banned' })).toBeVisible();
  await expect(page.getByText(BANNED)).toBeVisible();
  await page.getByRole('link', { name: 'Continue to the home page' }).click();
  await expectPath(page, '/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in', exact: true })).toBeVisible();

  await throughProvider(page, 'banned_bandit');
  await expectPath(page, '/banned/banned_bandit');
});

test('the login and confirmation pages have no accessibility violations', async ({ page }) => {
  const audit = () => accessibilityViolations(page, { include: 'main' });
  await page.goto('/login');
  expect(await audit()).toEqual([]);
  await throughProvider(page, 'cat_coder');
  await expect(page.getByRole('heading', { name: 'Log in as cat_coder' })).toBeVisible();
  expect(await audit()).toEqual([]);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.goto('/confirm-login?token=stale');
  expect(await audit()).toEqual([]);
});
