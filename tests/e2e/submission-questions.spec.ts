/**
 * Submission questions and late submissions (issue 42 §4, ADR 042) in the browser: a manager asks a
 * required yes/no and a private text question, an entrant answers them (the form says what is
 * missing), a visitor sees only the public answer, the manager sees both in the review list; after
 * the end the manager opens a late window for one Scratcher, who submits and is marked late.
 */
import { type Browser } from '@playwright/test';
import { accessibilityViolations } from './accessibility';
import { createJamThroughApi, expect, test, userPage, waitUntilSettled } from './fixtures';
import { uniqueTag } from '../helpers/unique-tag';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

async function managedJam(browser: Browser) {
  const admin = await userPage(browser, 'demo_admin');
  const now = Date.now();
  const jam = await createJamThroughApi(admin.request, {
    name: `Question Jam ${uniqueTag()}`,
    description: 'Tell us about your game.',
    startsAt: new Date(now - HOUR).toISOString(),
    endsAt: new Date(now + HOUR).toISOString(),
    votingEndsAt: new Date(now + 48 * HOUR).toISOString(),
  });
  const manager = await userPage(browser, 'pixel_pioneer');
  const added = await admin.request.post(`/api/jams/${jam.slug}/managers`, { data: { name: 'pixel_pioneer' } });
  expect(added.status(), await added.text()).toBe(201);
  await admin.context().close();
  return { slug: jam.slug, manager };
}

test('a manager asks questions, an entrant answers them, a visitor sees only the public answer, the manager sees both', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const { slug, manager } = await managedJam(browser);

  // The manager asks a required yes/no and a private text question in the jam form.
  await manager.goto(`/jams/${slug}`);
  await waitUntilSettled(manager);
  await manager.getByRole('button', { name: /Manager tools/ }).click();
  await manager.getByRole('menuitem', { name: 'Edit game jam' }).click();
  const editor = manager.getByRole('dialog', { name: 'Edit game jam' });
  const questions = editor.getByRole('group', { name: 'Submission questions' });
  await questions.getByRole('button', { name: 'Add a question' }).click();
  await questions.getByLabel('Question 1', { exact: true }).fill('I made all the art myself');
  await questions.getByLabel('Question 1 must be answered').check();
  await questions.getByRole('button', { name: 'Add a question' }).click();
  await questions.getByLabel('Question 2', { exact: true }).fill('Which tools did you use?');
  await questions.getByLabel('Answer to question 2').selectOption({ label: 'Short text' });
  await questions.getByLabel('Only managers see the answers to question 2').check();
  expect(await accessibilityViolations(manager)).toEqual([]);
  await editor.getByRole('button', { name: 'Save changes' }).click();
  await expect(manager.getByText('The game jam has been updated.')).toBeVisible();

  // The entrant forgets the checkbox: the form says which question needs an answer.
  const sprite = await userPage(browser, 'sprite_smith');
  await sprite.goto(`/jams/${slug}`);
  await sprite.getByRole('button', { name: 'Enter the game jam' }).click();
  const dialog = sprite.getByRole('dialog', { name: 'Enter the game jam' });
  await dialog.getByLabel('Game URL').fill('https://scratch.mit.edu/projects/900000101');
  await expect(dialog.getByText('Only the managers and your team see this answer.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please answer “I made all the art myself”: it is required.');
  await dialog.getByLabel('I made all the art myself').check();
  await dialog.getByLabel('Which tools did you use?').fill('Pen and paper');
  expect(await accessibilityViolations(sprite)).toEqual([]);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(sprite.getByText('Your project has been submitted!')).toBeVisible();
  const list = (await (await sprite.request.get(`/api/jams/${slug}/entries`)).json()) as { entries: { id: number }[] };
  const entryId = list.entries[0]!.id;

  // The team reads every answer on its entry page, and changes one while submissions are open.
  await sprite.goto(`/jams/${slug}/entries/${entryId}`);
  const panel = sprite.getByRole('region', { name: /^All answers/ });
  await expect(panel.getByRole('definition')).toHaveText(['Yes', 'Pen and paper']);
  await panel.getByRole('button', { name: 'Change the answers' }).click();
  await panel.getByLabel('Which tools did you use?').fill('Pencils and a tablet');
  await panel.getByRole('button', { name: 'Save the answers' }).click();
  await expect(panel.getByRole('status')).toHaveText('The answers were saved.');
  await expect(panel.getByRole('definition')).toHaveText(['Yes', 'Pencils and a tablet']);
  expect(await accessibilityViolations(sprite)).toEqual([]);

  // A visitor reads the public answer on the entry page, never the private one.
  const visitor = await browser.newPage();
  await visitor.goto(`/jams/${slug}/entries/${entryId}`);
  const answers = visitor.getByRole('region', { name: 'Answers' });
  await expect(answers.getByRole('term')).toHaveText(['I made all the art myself']);
  await expect(answers.getByRole('definition')).toHaveText(['Yes']);
  await expect(visitor.getByText('Pencils and a tablet')).toHaveCount(0);
  await expect(visitor.getByRole('region', { name: /^All answers/ })).toHaveCount(0);
  await visitor.close();

  // The manager reads both in the review list, the private one marked.
  await manager.goto(`/jams/${slug}/review`);
  const item = manager.getByRole('listitem').filter({ has: manager.getByRole('heading', { name: 'Orbit Runner' }) });
  const reviewAnswers = item.getByRole('group', { name: 'Answers to the submission questions' });
  await expect(reviewAnswers.getByRole('term')).toHaveText(['I made all the art myself', 'Which tools did you use? Private']);
  await expect(reviewAnswers.getByRole('definition')).toHaveText(['Yes', 'Pencils and a tablet']);
  expect(await accessibilityViolations(manager)).toEqual([]);
});

test('after the end a manager opens a late window for one Scratcher, who submits and is marked late', async ({ browser }) => {
  test.setTimeout(150_000);
  const { slug, manager } = await managedJam(browser);
  const now = Date.now();
  const ended = await manager.request.patch(`/api/jams/${slug}`, {
    data: { endsAt: new Date(now - MINUTE).toISOString() },
  });
  expect(ended.status(), await ended.text()).toBe(200);

  // Without a window, the latecomer cannot enter.
  const late = await userPage(browser, 'loop_legend');
  await late.goto(`/jams/${slug}`);
  await waitUntilSettled(late);
  await expect(late.getByRole('button', { name: 'Enter the game jam' })).toHaveCount(0);

  await manager.goto(`/jams/${slug}`);
  await waitUntilSettled(manager);
  await manager.getByRole('button', { name: /Manager tools/ }).click();
  await manager.getByRole('menuitem', { name: 'Late submissions' }).click();
  const windows = manager.getByRole('dialog', { name: 'Late submissions' });
  await expect(windows.getByText('Nobody has a late window yet.')).toBeVisible();
  await windows.getByLabel('Scratch username').fill('loop_legend');
  await windows.getByRole('button', { name: 'Open a late window' }).click();
  await expect(windows.getByRole('status')).toHaveText('loop_legend can now submit late.');
  const row = windows.getByRole('list', { name: 'Late windows' }).getByRole('listitem');
  await expect(row).toContainText('loop_legend');
  await expect(row).toContainText('Not submitted yet');
  expect(await accessibilityViolations(manager)).toEqual([]);

  // The latecomer hears of it, and submits after the end.
  await late.reload();
  await expect(late.getByText('Submit your project below!')).toBeVisible();
  await late.getByRole('button', { name: 'Enter the game jam' }).click();
  const dialog = late.getByRole('dialog', { name: 'Enter the game jam' });
  await expect(dialog.getByText('A manager gave you extra time: you can submit until')).toBeVisible();
  await dialog.getByLabel('Game URL').fill('https://scratch.mit.edu/projects/900000102');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(late.getByText('Your project has been submitted!')).toBeVisible();
  const inbox = (await (await late.request.get('/api/me/notifications')).json()) as { items: { kind: string }[] };
  expect(inbox.items.map((item) => item.kind)).toContain('late-window');

  // The managers see the late mark in the review list.
  await manager.goto(`/jams/${slug}/review`);
  const item = manager.getByRole('listitem').filter({ has: manager.getByRole('heading', { name: 'Gravity Golf' }) });
  await expect(item.getByText('Late', { exact: true })).toBeVisible();
});
