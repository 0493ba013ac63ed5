/**
 * Submission questions and late submissions (ADR 042) on every target: answers are enforced and
 * stored, the entry page shows only the public one, the managers read both; after the end a late
 * window lets one Scratcher submit through the form, and the entry is marked late.
 */
import { ADMIN, MINUTE, expect, ongoingJam, test, userPage } from './fixtures';

test('answers are asked and kept private where asked, and a late window lets one Scratcher submit after the end', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const jam = await ongoingJam(browser, 'Smoke Questions');
  const admin = await userPage(browser, ADMIN);
  const asked = await admin.request.patch(`/api/jams/${jam.slug}`, {
    data: {
      votingEndsAt: new Date(Date.now() + 48 * 60 * MINUTE).toISOString(),
      questions: [
        { kind: 'yesno', prompt: 'I made all the art myself', required: true },
        { kind: 'text', prompt: 'Which tools did you use?', private: true },
      ],
    },
  });
  expect(asked.status(), await asked.text()).toBe(200);

  const sprite = await userPage(browser, 'sprite_smith');
  const url = 'https://scratch.mit.edu/projects/900000101';
  const missing = await sprite.request.post(`/api/jams/${jam.slug}/entries`, { data: { url } });
  expect(missing.status()).toBe(400);
  expect((await missing.json()).error.message).toBe('Please answer “I made all the art myself”: it is required.');
  const entered = await sprite.request.post(`/api/jams/${jam.slug}/entries`, {
    data: { url, answers: { '1': true, '2': 'Pen and paper' } },
  });
  expect(entered.status(), await entered.text()).toBe(201);
  const entry = (await entered.json()) as { id: number };

  const visitor = await browser.newPage();
  await visitor.goto(`/jams/${jam.slug}/entries/${entry.id}`);
  const answers = visitor.getByRole('region', { name: 'Answers' });
  await expect(answers.getByRole('term')).toHaveText(['I made all the art myself']);
  await expect(answers.getByRole('definition')).toHaveText(['Yes']);
  await expect(visitor.getByText('Pen and paper')).toHaveCount(0);
  await visitor.close();
  const all = await (await admin.request.get(`/api/jams/${jam.slug}/entries/${entry.id}/answers`)).json();
  expect(all.answers.map((answer: { answer: unknown }) => answer.answer)).toEqual([true, 'Pen and paper']);

  // Submissions close; a manager opens a late window for one Scratcher, who submits through the form.
  const ended = await admin.request.patch(`/api/jams/${jam.slug}`, {
    data: { endsAt: new Date(Date.now() - MINUTE).toISOString() },
  });
  expect(ended.status(), await ended.text()).toBe(200);
  const until = new Date(Date.now() + 60 * MINUTE).toISOString();
  const granted = await admin.request.put(`/api/jams/${jam.slug}/late-submissions/loop_legend`, { data: { until } });
  expect(granted.status(), await granted.text()).toBe(200);
  const late = await userPage(browser, 'loop_legend');
  await late.goto(`/jams/${jam.slug}`);
  await late.getByRole('button', { name: 'Enter the game jam' }).click();
  const dialog = late.getByRole('dialog', { name: 'Enter the game jam' });
  await dialog.getByLabel('Game URL').fill('https://scratch.mit.edu/projects/900000102');
  await dialog.getByLabel('I made all the art myself').check();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(late.getByText('Your project has been submitted!')).toBeVisible();

  const review = await (await admin.request.get(`/api/jams/${jam.slug}/review`)).json();
  const marks = Object.fromEntries(review.entries.map((e: { title: string; late: boolean }) => [e.title, e.late]));
  expect(marks).toEqual({ 'Orbit Runner': false, 'Gravity Golf': true });
});
