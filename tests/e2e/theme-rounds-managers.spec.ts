/**
 * Theme rounds' managers' screens (issue 43, ADR 043): "Theme chosen by the community" in the jam
 * form (create and edit, one request each, the schedule's rules said at their dates), and the
 * "Theme suggestions" manager tool that removes and merges suggestions until the final round.
 */
import type { Page } from '@playwright/test';
import { accessibilityViolations } from './accessibility';
import { datetimeLocal, expect, test, userPage } from './fixtures';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const themeOf = async (page: Page, slug: string) => (await page.request.get(`/api/jams/${slug}/theme`)).json();

test('a manager turns on community themes in the jam form, then removes and merges suggestions', async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await userPage(browser, 'demo_admin');
  const name = `Chosen Theme ${Date.now().toString(36)}`;
  await admin.goto('/jams/new');
  await admin.getByLabel('Name').fill(name);
  await admin.getByLabel('Description').fill('Suggest the theme, then vote for it.');
  await admin.getByLabel(/^Start\b/).fill(datetimeLocal(4 * HOUR));
  await admin.getByLabel(/^End\b/).fill(datetimeLocal(28 * HOUR));

  const theme = admin.getByRole('group', { name: 'Theme', exact: true });
  await expect(theme.getByLabel('Suggestions open')).toBeHidden();
  await theme.getByLabel('Theme chosen by the community').check();
  await expect(theme.getByLabel('Finalists')).toHaveValue('16');
  await theme.getByLabel('Suggestions open').fill(datetimeLocal(-MINUTE));
  await theme.getByLabel('Round 1 opens').fill(datetimeLocal(2 * HOUR));
  await theme.getByLabel('Final round opens').fill(datetimeLocal(HOUR));
  await theme.getByLabel('Voting closes').fill(datetimeLocal(3 * HOUR));
  await admin.getByRole('button', { name: 'Create game jam' }).click();
  await expect(theme.getByRole('alert')).toHaveText(
    'The theme dates must go in order: suggestions open, then round 1, then the final round, then voting closes.',
  );
  await expect(theme.getByLabel('Final round opens')).toHaveAttribute('aria-invalid', 'true');
  await theme.getByLabel('Round 1 opens').fill(datetimeLocal(HOUR));
  await theme.getByLabel('Final round opens').fill(datetimeLocal(2 * HOUR));
  await theme.getByLabel('Voting closes').fill(datetimeLocal(5 * HOUR));
  await admin.getByRole('button', { name: 'Create game jam' }).click();
  await expect(theme.getByRole('alert')).toHaveText('Theme voting must close at or before the jam starts.');
  await theme.getByLabel('Voting closes').fill(datetimeLocal(3 * HOUR));
  await theme.getByLabel('Finalists').fill('8');
  expect(await accessibilityViolations(admin)).toEqual([]);
  await admin.getByRole('button', { name: 'Create game jam' }).click();
  await expect(admin.getByRole('heading', { level: 1, name })).toBeVisible();
  const slug = new URL(admin.url()).pathname.split('/').pop()!;
  expect(await themeOf(admin, slug)).toMatchObject({ phase: 'suggesting', finalists: 8 });

  // Three Scratchers suggest: "Kitty" is the same theme as "Cats" to a person, not to the key.
  for (const [who, text] of [
    ['loop_legend', 'Cats'],
    ['block_builder', 'Kitty'],
    ['pixel_pioneer', 'Upside down'],
  ] as const) {
    const voter = await userPage(browser, who);
    const made = await voter.request.post(`/api/jams/${slug}/theme/suggestions`, { data: { text } });
    expect(made.status(), await made.text()).toBe(201);
    await voter.close();
  }

  await admin.getByRole('button', { name: 'Manager tools' }).click();
  await admin.getByRole('menuitem', { name: 'Theme suggestions' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Theme suggestions' });
  const list = dialog.getByRole('list', { name: 'Theme suggestions' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(list.getByRole('listitem').filter({ hasText: 'Kitty' })).toContainText(
    'first suggested by block_builder · 1 suggester',
  );

  // Remove asks first; cancelling keeps it.
  await dialog.getByRole('button', { name: 'Remove “Upside down”' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Remove this suggestion?' });
  await expect(confirm).toContainText('“Upside down” and its round 1 answers will be removed. This cannot be undone.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await dialog.getByRole('button', { name: 'Remove “Upside down”' }).click();
  await confirm.getByRole('button', { name: 'Remove' }).click();
  // (The confirmation's spinner is a status too while it waits.)
  const said = dialog.getByRole('status').filter({ hasText: /was (removed|merged)/ });
  await expect(said).toHaveText('“Upside down” was removed.');
  await expect(list.getByRole('listitem')).toHaveCount(2);

  // Merge by keyboard: the choice of target gets the focus.
  await dialog.getByRole('button', { name: 'Merge “Kitty” into another suggestion' }).click();
  const into = dialog.getByLabel('Merge “Kitty” into');
  await expect(into).toBeFocused();
  expect(await accessibilityViolations(admin, { include: 'dialog[open]' })).toEqual([]);
  await into.selectOption({ label: 'Cats' });
  await admin.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Merge', exact: true })).toBeFocused();
  await admin.keyboard.press('Enter');
  await expect(said).toHaveText('“Kitty” was merged into “Cats”.');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem')).toContainText('Cats');
  await expect(list.getByRole('listitem')).toContainText('first suggested by loop_legend · 2 suggesters');
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  // Editing: the schedule is in the form; moving the start before theme voting closes is said at the start.
  await admin.getByRole('button', { name: 'Manager tools' }).click();
  await admin.getByRole('menuitem', { name: 'Edit game jam' }).click();
  const edit = admin.getByRole('dialog', { name: 'Edit game jam' });
  const editTheme = edit.getByRole('group', { name: 'Theme', exact: true });
  await expect(editTheme.getByLabel('Theme chosen by the community')).toBeChecked();
  await expect(editTheme.getByLabel('Finalists')).toHaveValue('8');
  await edit.getByLabel(/^Start\b/).fill(datetimeLocal(2 * HOUR));
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit.getByRole('alert')).toHaveText(
    'The jam cannot start before theme voting closes: start later, or close theme voting earlier.',
  );
  await expect(edit.getByLabel(/^Start\b/)).toHaveAttribute('aria-invalid', 'true');
  await edit.getByLabel(/^Start\b/).fill(datetimeLocal(4 * HOUR));
  await editTheme.getByLabel('Finalists').fill('4');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(admin.getByText('The game jam has been updated.')).toBeVisible();
  expect(await themeOf(admin, slug)).toMatchObject({ phase: 'suggesting', finalists: 4 });

  // Once the final round opens, the list stays but says why nothing can change.
  const moments = [-3, -2, -1, 1].map((hours) => new Date(Date.now() + hours * HOUR).toISOString());
  const moved = await admin.request.put(`/api/jams/${slug}/theme/rounds`, {
    data: { enabled: true, suggestFrom: moments[0], round1From: moments[1], finalFrom: moments[2], closesAt: moments[3] },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  await admin.reload();
  await admin.getByRole('button', { name: 'Manager tools' }).click();
  await admin.getByRole('menuitem', { name: 'Theme suggestions' }).click();
  await expect(
    dialog.getByText('The final round has opened, so the suggestions can no longer be removed or merged.'),
  ).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(dialog.getByRole('button', { name: /Remove|Merge/ })).toHaveCount(0);
});
