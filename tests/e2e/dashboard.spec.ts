import { readFile } from 'node:fs/promises';
import { type BrowserContext, type Locator, type Page } from '@playwright/test';
import { users } from '#db/schema';
import { openDatabase } from '#server/node/database';
import { accessibilityViolations } from './accessibility';
import { expect, expectConsoleErrors, loginAs, test } from './fixtures';
import { type Site } from './site';

/** Scratch avatars live on the internet; answer them locally so the tests stay offline. */
const stubAvatars = (context: BrowserContext) =>
  context.route('https://cdn2.scratch.mit.edu/**', (route) =>
    route.fulfill({ contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg" width="90" height="90"/>' }),
  );

test.beforeEach(({ context }) => stubAvatars(context));

const expectPath = (page: Page, path: string) => expect.poll(() => new URL(page.url()).pathname).toBe(path);

/** The texts of one column of the users table, top to bottom. */
async function column(table: Locator, label: string): Promise<string[]> {
  const headers = await table.locator('thead tr').first().locator('th').allInnerTexts();
  const index = headers.findIndex((text) => text.startsWith(label));
  return table.locator(`tbody tr td:nth-child(${index + 1})`).allInnerTexts();
}

const sortedCopy = (values: string[], compare: (a: string, b: string) => number) => [...values].sort(compare);

/** The database sorts names ignoring case (SQLite's nocase: ASCII letters folded, then code points). */
const byNameIgnoringCase = (a: string, b: string) => {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  return x < y ? -1 : x > y ? 1 : 0;
};

/** The query of a request for the users list, or undefined for any other request. */
function usersListQuery(url: string, method: string): Record<string, string> | undefined {
  const parsed = new URL(url);
  return parsed.pathname === '/api/users' && method === 'GET' ? Object.fromEntries(parsed.searchParams) : undefined;
}

/**
 * Does something to the users table and waits until the server has answered the request for
 * the users list that it makes (the one `wanted` accepts) and the table shows the answer.
 */
async function answered(
  page: Page,
  action: () => Promise<unknown>,
  wanted: (query: Record<string, string>) => boolean = () => true,
): Promise<void> {
  const response = page.waitForResponse((candidate) => {
    const query = usersListQuery(candidate.url(), candidate.request().method());
    return query !== undefined && wanted(query);
  });
  await action();
  expect((await response).status()).toBe(200);
  await expect(page.getByRole('table', { name: 'All users' })).toHaveAttribute('aria-busy', 'false');
}

/** Users straight into the worker's database: more than the seed has, for several pages. */
async function addUsers(site: Site, names: readonly string[]): Promise<void> {
  const database = await openDatabase(site.databaseUrl);
  try {
    await database
      .insert(users)
      .values(names.map((name) => ({ name })))
      .onConflictDoNothing();
  } finally {
    database.$client.close();
  }
}

test('an administrator creates a user, sorts and filters the table, bans and unbans them, and deletes them', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await loginAs(page, 'demo_admin');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Admin tools' })).toBeVisible();
  await page.getByRole('link', { name: 'List all users' }).click();
  await expectPath(page, '/dashboard/users');
  const table = page.getByRole('table', { name: 'All users' });
  // demo_admin may also stand in the 'updated by' column when other tests changed users.
  await expect(table.getByRole('cell', { name: 'demo_admin', exact: true }).first()).toBeVisible();
  expect(await accessibilityViolations(page, { include: 'main' })).toEqual([]);

  // Create: the empty name is refused, then Scratch gives the canonical spelling.
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'You must enter a username!' })).toBeVisible();
  await page.getByLabel('Scratch username').fill('dash_NEWCOMER');
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByText('The user Dash_Newcomer has been created.')).toBeVisible();
  await expect(table.getByRole('cell', { name: 'Dash_Newcomer', exact: true })).toBeVisible();
  const row = table.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Dash_Newcomer', exact: true }) });
  await expect(row.getByRole('cell', { name: 'demo_admin', exact: true })).toBeVisible(); // updated by

  // Unknown Scratchers are refused with the spec's toast and the reason beside the form.
  // The failure is also written to the console for whoever reports it (src/client/report-failure.ts).
  expectConsoleErrors(page, /^Could not create the user! .*Scratch has no user called nobody_on_scratch/);
  await page.getByLabel('Scratch username').fill('nobody_on_scratch');
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByText('Could not create the user! Check the console for more information.')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Scratch has no user called nobody_on_scratch.' })).toBeVisible();

  // Sort by ID both ways, then by Admin with the name as a second (shift-click) rule, all users on
  // one page; the database sorts, so each click waits for its answer.
  await answered(
    page,
    () => page.getByLabel('Rows per page').selectOption({ label: 'All' }),
    (q) => q.perPage === 'all',
  );
  const byNumber = (a: string, b: string) => Number(a) - Number(b);
  await answered(
    page,
    () => table.getByRole('button', { name: /^Internal ID/ }).click(),
    (q) => q.sort === 'id:asc',
  );
  const once = await column(table, 'Internal ID');
  expect(once.length).toBeGreaterThan(2);
  expect(once).toEqual(sortedCopy(once, byNumber));
  await table.getByRole('button', { name: /^Internal ID/ }).click();
  await expect.poll(() => column(table, 'Internal ID')).toEqual([...once].reverse());
  await answered(
    page,
    () => table.getByRole('button', { name: /^Admin/ }).click(),
    (q) => q.sort === 'isAdmin:asc',
  );
  await answered(
    page,
    () => table.getByRole('button', { name: /^Name/ }).click({ modifiers: ['Shift'] }),
    (q) => q.sort === 'isAdmin:asc,name:asc',
  );
  const admins = await column(table, 'Admin');
  expect(admins).toContain('Yes');
  expect(admins).toContain('No');
  expect(admins).toEqual(sortedCopy(admins, (a, b) => a.localeCompare(b))); // No before Yes
  const plainNames = (await column(table, 'Name')).filter((_, i) => admins[i] === 'No');
  expect(plainNames).toEqual(sortedCopy(plainNames, byNameIgnoringCase));

  // Filter by name.
  await table.getByRole('searchbox', { name: 'Filter Name' }).fill('newcom');
  await expect.poll(() => column(table, 'Name')).toEqual(['Dash_Newcomer']);

  // The admin's own profile carries a warning.
  await table.getByRole('searchbox', { name: 'Filter Name' }).fill('');
  await table.getByRole('button', { name: 'Edit demo_admin' }).click();
  const own = page.getByRole('dialog', { name: 'Edit demo_admin' });
  await expect(own.getByText('You are editing your own profile!')).toBeVisible();
  expect(await accessibilityViolations(page, { include: 'main' })).toEqual([]);
  await own.getByRole('button', { name: 'Cancel' }).click();
  await table.getByRole('searchbox', { name: 'Filter Name' }).fill('newcom');

  // The new user logs in elsewhere.
  const userContext = await browser.newContext();
  await stubAvatars(userContext);
  const userPage = await userContext.newPage();
  await loginAs(userPage, 'Dash_Newcomer');
  await userPage.goto('/dashboard');
  await expect(userPage.getByRole('heading', { name: 'Dash_Newcomer' })).toBeVisible();

  // Ban: their next page load goes to the banned page.
  await table.getByRole('button', { name: 'Edit Dash_Newcomer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Dash_Newcomer' });
  await expect(dialog.getByText('You are editing your own profile!')).toHaveCount(0);
  await dialog.getByRole('switch', { name: 'Banned' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Dash_Newcomer has been updated.')).toBeVisible();
  await expect.poll(() => column(table, 'Banned')).toEqual(['Yes']);
  await userPage.reload();
  await expectPath(userPage, '/banned/Dash_Newcomer');
  await expect(
    userPage.getByText('You are banned from Itinerary! You can still continue to use the website logged out.'),
  ).toBeVisible();

  // Unban: the old session is over, so they log in again like anyone.
  await table.getByRole('button', { name: 'Edit Dash_Newcomer' }).click();
  await dialog.getByRole('switch', { name: 'Banned' }).uncheck();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => column(table, 'Banned')).toEqual(['No']);
  await userPage.goto('/dashboard');
  await expectPath(userPage, '/login');
  await userContext.close();

  // Delete, after confirming.
  await table.getByRole('button', { name: 'Delete Dash_Newcomer' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Dash_Newcomer?' });
  await expect(confirm.getByText('This deletes the user and their data: sessions, votes and entries.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete user' }).click();
  await expect(page.getByText('Dash_Newcomer has been deleted.')).toBeVisible();
  await expect(table.getByText('No data for table')).toBeVisible();
});

test('the users table asks the server for one page at a time, and never for every user unless All is chosen', async ({
  page,
  site,
}) => {
  test.setTimeout(90_000);
  // With the seed's users, more than three pages of ten.
  await addUsers(
    site,
    Array.from({ length: 25 }, (_, i) => `pager_${String(i + 1).padStart(2, '0')}`),
  );
  await loginAs(page, 'demo_admin');
  const asked: Record<string, string>[] = [];
  page.on('request', (request) => {
    const query = usersListQuery(request.url(), request.method());
    if (query) asked.push(query);
  });
  const table = page.getByRole('table', { name: 'All users' });
  const rows = table.locator('tbody tr');
  const range = page.locator('.table-range');
  const pageInput = page.getByRole('textbox', { name: 'Page' });

  // The first page, sorted by name, is all the browser asks for.
  await answered(page, () => page.goto('/dashboard/users'));
  await expect(rows).toHaveCount(10);
  expect(asked).toEqual([{ page: '1', perPage: '10', sort: 'name:asc' }]);
  const total = Number(/^1–10 of (\d+)$/.exec(await range.innerText())?.[1]);
  expect(total).toBeGreaterThanOrEqual(31);
  await expect(page.getByText(`of ${Math.ceil(total / 10)}`, { exact: true })).toBeVisible();

  // Next asks for page 2.
  await answered(
    page,
    () => page.getByRole('button', { name: 'Next' }).click(),
    (q) => q.page === '2',
  );
  expect(asked.at(-1)).toEqual({ page: '2', perPage: '10', sort: 'name:asc' });
  await expect(range).toHaveText(`11–20 of ${total}`);
  await expect(rows).toHaveCount(10);
  await expect(pageInput).toHaveValue('2');

  // Banning someone there reloads page 2, not the first page.
  const banned = (await column(table, 'Name')).find((name) => name.startsWith('pager_'))!;
  expect(banned).toBeDefined();
  await table.getByRole('button', { name: `Edit ${banned}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${banned}` });
  await dialog.getByRole('switch', { name: 'Banned' }).check();
  await answered(
    page,
    () => dialog.getByRole('button', { name: 'Save' }).click(),
    (q) => q.page === '2',
  );
  await expect(page.getByText(`${banned} has been updated.`)).toBeVisible();
  const bannedRow = table.getByRole('row').filter({ has: page.getByRole('cell', { name: banned, exact: true }) });
  await expect(bannedRow.getByRole('cell', { name: 'Yes', exact: true })).toBeVisible();
  await expect(range).toHaveText(`11–20 of ${total}`);

  // The page input takes only real pages: a page past the end reverts without asking anything.
  const before = asked.length;
  await pageInput.fill('99');
  await pageInput.press('Enter');
  await expect(pageInput).toHaveValue('2');
  expect(asked).toHaveLength(before);
  await answered(
    page,
    () => pageInput.fill('3'),
    (q) => q.page === '3',
  );
  await expect(range).toHaveText(`21–30 of ${total}`);

  // Sorting asks for the first page in the new order.
  const byNumber = (a: string, b: string) => Number(a) - Number(b);
  await answered(
    page,
    () => table.getByRole('button', { name: /^Internal ID/ }).click(),
    (q) => q.sort === 'id:asc',
  );
  expect(asked.at(-1)).toEqual({ page: '1', perPage: '10', sort: 'id:asc' });
  await expect(range).toHaveText(`1–10 of ${total}`);
  const ascending = await column(table, 'Internal ID');
  expect(ascending).toEqual(sortedCopy(ascending, byNumber));
  await answered(
    page,
    () => table.getByRole('button', { name: /^Internal ID/ }).click(),
    (q) => q.sort === 'id:desc',
  );
  const descending = await column(table, 'Internal ID');
  expect(descending).toEqual(sortedCopy(descending, byNumber).reverse());
  expect(Number(descending[0])).toBeGreaterThan(Number(ascending.at(-1)));

  // A column filter asks once, after typing pauses for 400 ms.
  const nameFilter = table.getByRole('searchbox', { name: 'Filter Name' });
  await answered(
    page,
    () => nameFilter.pressSequentially('pager_1', { delay: 40 }),
    (q) => q.name === 'pager_1',
  );
  expect(asked.filter((q) => 'name' in q).map((q) => q.name)).toEqual(['pager_1']);
  expect(asked.at(-1)).toEqual({ page: '1', perPage: '10', sort: 'id:desc', name: 'pager_1' });
  await expect(range).toHaveText('1–10 of 10');
  expect(sortedCopy(await column(table, 'Name'), byNameIgnoringCase)).toEqual(
    Array.from({ length: 10 }, (_, i) => `pager_${10 + i}`),
  );
  await answered(
    page,
    () => nameFilter.fill(''),
    (q) => !('name' in q),
  );

  // The flag filters are drop-downs.
  await answered(
    page,
    () => table.getByRole('combobox', { name: 'Filter Banned' }).selectOption({ label: 'Yes' }),
    (q) => q.isBanned === 'true',
  );
  expect(await column(table, 'Name')).toContain(banned);
  expect(new Set(await column(table, 'Banned'))).toEqual(new Set(['Yes']));
  await answered(
    page,
    () => table.getByRole('combobox', { name: 'Filter Banned' }).selectOption({ label: 'All' }),
    (q) => !('isBanned' in q),
  );

  // Page sizes: 20 asks for 20 users; only All asks for everyone.
  await expect(page.getByLabel('Rows per page').locator('option')).toHaveText(['10', '20', '30', '40', '50', 'All']);
  await answered(
    page,
    () => page.getByLabel('Rows per page').selectOption('20'),
    (q) => q.perPage === '20',
  );
  await expect(rows).toHaveCount(20);
  expect(asked.some((q) => q.perPage === 'all' || q.perPage === '-1')).toBe(false);
  await answered(
    page,
    () => page.getByLabel('Rows per page').selectOption({ label: 'All' }),
    (q) => q.perPage === 'all',
  );
  await expect(rows).toHaveCount(total);
  await expect(range).toHaveText(`1–${total} of ${total}`);

  // The search box asks the server too.
  await answered(
    page,
    () => page.getByRole('searchbox', { name: 'Search table' }).fill('pager_2'),
    (q) => q.q === 'pager_2',
  );
  expect(asked.at(-1)).toEqual({ page: '1', perPage: 'all', sort: 'id:desc', q: 'pager_2' });
  expect(sortedCopy(await column(table, 'Name'), byNameIgnoringCase)).toEqual(
    Array.from({ length: 6 }, (_, i) => `pager_${20 + i}`),
  );
  await answered(page, () => page.getByRole('searchbox', { name: 'Search table' }).fill('no such user'));
  await expect(table.getByText('No data for table')).toBeVisible();
  await expect(range).toHaveText('0–0 of 0');

  // Whatever the address asks for, the API answers 400 with the reason, never 500.
  for (const [query, message] of [
    ['page=two', 'page: The page must be a number.'],
    ['perPage=7', 'perPage: Show 10, 20, 30, 40 or 50 users per page, or all.'],
    [
      'sort=password:asc',
      'sort: Sort by one of name, id, isAdmin, isBanned, createdAt, updatedAt, updatedBy, as field:asc or field:desc.',
    ],
    ['isBanned=maybe', 'isBanned: Use true or false.'],
  ]) {
    const response = await page.request.get(`/api/users?${query}`);
    expect(response.status(), query).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(message);
  }
});

test('a user deletes their own account after typing their username and is logged out', async ({ page }) => {
  await loginAs(page, 'dash_leaver');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'dash_leaver' })).toBeVisible();
  await expect(page.getByText('Role: User')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Admin tools' })).toHaveCount(0);
  await expect(page.getByText('It is irreversible')).toBeVisible();
  expect(await accessibilityViolations(page, { include: 'main' })).toEqual([]);

  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  // A click before the island has hydrated does nothing, so retry until the dialog opens.
  await expect(async () => {
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog).toBeVisible({ timeout: 1000 });
  }).toPass();
  const forever = dialog.getByRole('button', { name: 'Delete my account forever' });
  await expect(forever).toBeDisabled();
  expect(await accessibilityViolations(page, { include: 'main' })).toEqual([]);
  await dialog.getByLabel('Type your username, dash_leaver, to confirm').fill('someone_else');
  await expect(forever).toBeDisabled();
  await dialog.getByLabel('Type your username, dash_leaver, to confirm').fill('dash_leaver');
  await forever.click();

  await expectPath(page, '/');
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in', exact: true })).toBeVisible();
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'itinerary-token')).toBeUndefined();
  await page.goto('/dashboard');
  await expectPath(page, '/login');
});

test('“Download my data” saves one JSON file of the user’s own data, and links to how long it is kept', async ({ page }) => {
  await loginAs(page, 'data_keeper');
  await page.goto('/dashboard');
  const panel = page.getByRole('region', { name: 'Your data' });
  await expect(panel.getByText('Download everything Itinerary keeps about you')).toBeVisible();
  expect(await accessibilityViolations(page, { include: 'main' })).toEqual([]);

  const downloaded = page.waitForEvent('download');
  await panel.getByRole('link', { name: 'Download my data' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/^itinerary-data-data_keeper-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, 'utf8'));
  expect(data).toMatchObject({ format: 'itinerary-my-data', version: 1, profile: { name: 'data_keeper', isAdmin: false } });
  for (const section of ['entries', 'credits', 'notes', 'kudosGiven', 'votes', 'plays', 'reports', 'notifications']) {
    expect(Array.isArray(data[section]), section).toBe(true);
  }
  // The download leaves the dashboard where it was.
  await expectPath(page, '/dashboard');

  await panel.getByRole('link', { name: 'What we keep, and for how long' }).click();
  await expectPath(page, '/privacy');
  await expect(page.getByRole('heading', { name: 'How long we keep it' })).toBeVisible();
  await expect(page.getByText('Sessions last 30 days')).toBeVisible();
});
