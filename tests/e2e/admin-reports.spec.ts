/**
 * Issue 41 in Chromium: a Scratcher's report details go through the note filter (a kind message, no
 * report kept), the report of a note reaches the administrators even for a jam they do not manage,
 * and an administrator follows the inbox item to the admin dashboard's queue, where they hide the note.
 */
import { accessibilityViolations } from './accessibility';
import { createJamThroughApi, expect, test, userPage } from './fixtures';
import { say } from './say';
import { uniqueTag } from '../helpers/unique-tag';

const MINUTE = 60_000;

test('a report of a note reaches the administrators, who open the reports queue from their inbox and hide the note', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // A jam managed by block_builder (created by demo_admin, who then leaves it to them), with Orbit Runner entered.
  const admin = await userPage(browser, 'demo_admin');
  const { slug, name } = await createJamThroughApi(admin.request, {
    name: `Admin Queue ${uniqueTag()}`,
    description: 'Reports reach the administrators.',
    startsAt: new Date(Date.now() - MINUTE).toISOString(),
    endsAt: new Date(Date.now() + 60 * MINUTE).toISOString(),
  });
  expect((await admin.request.post(`/api/jams/${slug}/managers`, { data: { name: 'block_builder' } })).status()).toBe(201);
  const smith = await userPage(browser, 'sprite_smith');
  const submitted = await smith.request.post(`/api/jams/${slug}/entries`, {
    data: { url: 'https://scratch.mit.edu/projects/900000101' },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const entryId = ((await submitted.json()) as { id: number }).id;
  await smith.context().close();
  const loop = await userPage(browser, 'loop_legend');
  const noted = await loop.request.post(`/api/jams/${slug}/entries/${entryId}/notes`, {
    data: { text: 'Boring game, nobody likes it' },
  });
  expect(noted.status(), await noted.text()).toBe(201);
  await loop.context().close();

  // cat_coder reports the note; details with an e-mail address are refused with the filter's message.
  const cat = await userPage(browser, 'cat_coder');
  await cat.goto(`/jams/${slug}/entries/${entryId}`);
  await cat.locator('#notes').scrollIntoViewIfNeeded();
  const note = cat.getByRole('listitem').filter({ hasText: 'Boring game, nobody likes it' });
  await note.getByRole('button', { name: say('en', 'report.button') }).click();
  const dialog = cat.getByRole('dialog', { name: say('en', 'report.noteTitle') });
  await dialog.getByRole('radio', { name: say('en', 'report.reason.inappropriate') }).check();
  await dialog.getByRole('textbox').fill('Mean. Tell me what you do: kid@example.com');
  await dialog.getByRole('button', { name: say('en', 'report.send') }).click();
  await expect(dialog.getByRole('alert')).toHaveText(say('en', 'common.refused.email'));
  await dialog.getByRole('textbox').fill('Mean to the author.');
  await dialog.getByRole('button', { name: say('en', 'report.send') }).click();
  await expect(cat.getByText(say('en', 'report.thanks'))).toBeVisible();
  await cat.context().close();

  // The administrator's inbox has it, and its link opens the admin dashboard's queue.
  await admin.goto('/notifications');
  const told = say('en', 'inbox.reportNote', { entry: 'Orbit Runner', jam: name });
  await admin.locator('ol.items > li').filter({ hasText: told }).getByRole('link', { name: told }).click();
  await expect(admin).toHaveURL(/\/dashboard\/reports$/);
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText(say('en', 'adminReports.heading'));
  const item = admin.locator('[data-item^="note-"]', { hasText: 'Boring game, nobody likes it' });
  await expect(item.getByText(say('en', 'moderation.noteBy', { name: 'loop_legend' }), { exact: false })).toBeVisible();
  await item.locator('summary').click();
  await expect(item.getByText('Mean to the author.')).toBeVisible();
  await expect(item.getByText(say('en', 'moderation.reportedBy', { name: 'cat_coder' }))).toBeVisible();
  expect(await accessibilityViolations(admin)).toEqual([]);

  // The same action a manager has: hide the note, which closes its reports.
  await item.getByRole('button', { name: say('en', 'moderation.hideNote') }).click();
  await admin
    .getByRole('dialog')
    .getByRole('button', { name: say('en', 'moderation.hideNote') })
    .click();
  await expect(admin.getByText(say('en', 'moderation.noteHidden'))).toBeVisible();
  await expect(admin.locator('[data-item^="note-"]', { hasText: 'Boring game, nobody likes it' })).toHaveCount(0);
  await admin.context().close();
});
