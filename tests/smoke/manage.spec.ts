import { ADMIN, expect, ongoingJam, submitEntry, test, userPage } from './fixtures';

test('a manager of a jam edits it and removes a submission with the manager tools', async ({ browser }) => {
  // The manager must have logged in once before an administrator can add them.
  const manager = await userPage(browser, 'GriffTheGreat');
  const jam = await ongoingJam(browser, 'Smoke Managed');
  const admin = await userPage(browser, ADMIN);
  const added = await admin.request.post(`/api/jams/${jam.slug}/managers`, { data: { name: 'GriffTheGreat' } });
  expect(added.status(), await added.text()).toBe(201);
  await admin.context().close();
  const entrant = await userPage(browser, 'MixedCase_Maker');
  await submitEntry(entrant, jam.slug, 100000005);
  await entrant.context().close();

  await manager.goto(`/jams/${jam.slug}`);
  await expect(manager.getByText('You are a manager of this jam')).toBeVisible();
  await manager.getByRole('button', { name: /Manager tools/ }).click();
  await manager.getByRole('menuitem', { name: 'Edit game jam' }).click();
  const editor = manager.getByRole('dialog', { name: 'Edit game jam' });
  await editor.getByLabel('Description').fill('Edited by its manager.');
  await editor.getByRole('button', { name: 'Save changes' }).click();
  await expect(manager.getByText('The game jam has been updated.')).toBeVisible();
  await expect(manager.getByText('Edited by its manager.').first()).toBeVisible();

  await manager.getByRole('tab', { name: 'Submissions (1)' }).click();
  const entry = manager.getByRole('listitem').filter({ has: manager.getByRole('heading', { name: 'Mixed Up' }) });
  await entry.getByRole('button', { name: 'Entry options' }).click();
  await entry.getByRole('menuitem', { name: 'Remove entry' }).click();
  await manager.getByRole('dialog', { name: 'Remove entry' }).getByRole('button', { name: 'Remove entry' }).click();
  await expect(manager.getByText('The entry has been removed.')).toBeVisible();

  const after = (await (await manager.request.get(`/api/jams/${jam.slug}`)).json()) as { description: string };
  expect(after.description).toBe('Edited by its manager.');
  await manager.reload();
  await expect(manager.getByRole('tab', { name: 'Submissions (0)' })).toBeVisible();
});

test('an administrator features a jam with the manager tools and it shows on the home page', async ({ page, browser }) => {
  const jam = await ongoingJam(browser, 'Smoke Featured');
  const admin = await userPage(browser, ADMIN);
  await admin.goto(`/jams/${jam.slug}`);
  await expect(admin.getByText('You are an administrator')).toBeVisible();
  await admin.getByRole('button', { name: /Manager tools/ }).click();
  await admin.getByRole('menuitem', { name: 'Feature / Unfeature' }).click();
  await expect(admin.getByText('The game jam is now featured.')).toBeVisible();

  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Featured game jams' }).getByRole('link', { name: jam.name })).toBeVisible();
});
