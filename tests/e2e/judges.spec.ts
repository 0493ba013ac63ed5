/**
 * Judges (issue 42 §2, ADR 040) in the browser: a manager makes a judges-only jam and invites a judge,
 * the judge accepts on the dashboard, votes and leaves private feedback that the entry's team reads and
 * nobody else sees, and once voting ends the results show the Judges' choice.
 */
import { type Browser } from '@playwright/test';
import { accessibilityViolations } from './accessibility';
import { datetimeLocal, expect, test, userPage } from './fixtures';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

async function enter(browser: Browser, slug: string, name: string, scratchId: number) {
  const page = await userPage(browser, name);
  const response = await page.request.post(`/api/jams/${slug}/entries`, {
    data: { url: `https://scratch.mit.edu/projects/${scratchId}` },
  });
  expect(response.status(), await response.text()).toBe(201);
  await page.context().close();
}

test('a judges-only jam: the manager invites a judge, who accepts, votes and leaves feedback the team reads; the results show the Judges’ choice', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const admin = await userPage(browser, 'demo_admin');
  const name = `Judged Jam ${Date.now().toString(36)}`;
  await admin.goto('/jams/new');
  await admin.getByLabel('Name').fill(name);
  await admin.getByLabel('Description').fill('Our judges pick the winner.');
  await admin.getByLabel(/^Start\b/).fill(datetimeLocal(-MINUTE));
  await admin.getByLabel(/^End\b/).fill(datetimeLocal(HOUR));
  const judging = admin.getByRole('group', { name: 'Judging' });
  await judging.getByLabel('Who judges').selectOption('judges');
  await expect(
    judging.getByText('Only the judges you invite can vote or rate. Everyone can still play the entries.'),
  ).toBeVisible();
  await admin.getByRole('button', { name: 'Create game jam' }).click();
  await expect(admin.getByRole('heading', { level: 1, name })).toBeVisible();
  const slug = new URL(admin.url()).pathname.split('/').pop()!;
  expect(await (await admin.request.get(`/api/jams/${slug}`)).json()).toMatchObject({ whoJudges: 'judges' });
  await enter(browser, slug, 'pixel_pioneer', 100000001);

  // The manager invites a judge from the manager tools.
  await admin.getByRole('button', { name: 'Manager tools' }).click();
  await admin.getByRole('menuitem', { name: 'Judges' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Judges' });
  await expect(dialog.getByText('No judges yet. Invite Scratchers by their username.')).toBeVisible();
  await dialog.getByLabel('Invite a judge by Scratch username').fill('loop_legend');
  await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
  const invited = dialog.getByRole('list', { name: 'Judges' }).getByRole('listitem');
  await expect(invited).toHaveCount(1);
  await expect(invited).toContainText('loop_legend');
  await expect(invited).toContainText('Invited');
  expect(await accessibilityViolations(admin)).toEqual([]);

  // The judge finds the invitation in the inbox and accepts it on the dashboard.
  const judge = await userPage(browser, 'loop_legend');
  await judge.goto('/notifications');
  await expect(judge.getByText(`demo_admin invited you to judge ${name}`)).toBeVisible();
  await judge.goto('/dashboard');
  await expect(judge.getByRole('link', { name: `Judge ${name}` })).toBeVisible();
  await judge.getByRole('button', { name: `Accept to judge ${name}` }).click();
  await expect(judge.getByText(`You are a judge of ${name} now. Have fun!`)).toBeVisible();

  // Only judges vote: another Scratcher is told so, kindly.
  const fan = await userPage(browser, 'cat_coder');
  await fan.goto(`/jams/${slug}`);
  await expect(
    fan.getByText('Only this jam’s judges can vote or rate its entries. You can still play them and cheer the teams on!').first(),
  ).toBeVisible();

  // The judge votes on the jam page and leaves private feedback on the entry's page.
  await judge.goto(`/jams/${slug}`);
  await expect(judge.getByText('You are a judge of this jam: your votes make the judges’ ranking.')).toBeVisible();
  await judge.goto(`/jams/${slug}#submissions`);
  const card = judge.getByRole('listitem').filter({ has: judge.getByRole('heading', { name: 'Pixel Quest' }) });
  await card.getByRole('button', { name: 'Upvote' }).click();
  await expect(card.getByRole('button', { name: 'Upvote' })).toHaveAttribute('aria-pressed', 'true');
  const ids = (await (await judge.request.get(`/api/jams/${slug}/entries`)).json()) as { entries: { id: number }[] };
  const entryPath = `/jams/${slug}/entries/${ids.entries[0]!.id}`;
  await judge.goto(entryPath);
  const feedback = judge.getByRole('region', { name: 'Judges’ private feedback' });
  await feedback.getByLabel('Your private feedback').fill('The jumps feel great. Try a sound when the cat lands!');
  await feedback.getByRole('button', { name: 'Save feedback' }).click();
  await expect(feedback.getByText('Feedback saved. The team can read it now.')).toBeAttached();
  expect(await accessibilityViolations(judge)).toEqual([]);

  // The team reads it (and is told in the inbox); a visitor's page has none of it.
  const team = await userPage(browser, 'pixel_pioneer');
  await team.goto('/notifications');
  await expect(team.getByText('A judge left private feedback on Pixel Quest')).toBeVisible();
  await team.goto(entryPath);
  const read = team.getByRole('region', { name: 'Judges’ private feedback' });
  await expect(read.getByText('From loop_legend')).toBeVisible();
  await expect(read.getByText('The jumps feel great. Try a sound when the cat lands!')).toBeVisible();
  await expect(read.getByRole('textbox')).toHaveCount(0);
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(entryPath);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Pixel Quest' })).toBeVisible();
  await expect(visitor.getByText('The jumps feel great.')).toHaveCount(0);
  await expect(visitor.getByRole('region', { name: 'Judges’ private feedback' })).toHaveCount(0);

  // Voting ends: the results show the Judges' choice.
  const ended = await admin.request.patch(`/api/jams/${slug}`, {
    data: { startsAt: new Date(Date.now() - HOUR).toISOString(), endsAt: new Date(Date.now() - MINUTE).toISOString() },
  });
  expect(ended.status(), await ended.text()).toBe(200);
  await visitor.goto(`/jams/${slug}`);
  const results = visitor.getByRole('tabpanel', { name: 'Results' });
  const place = results.getByRole('listitem').filter({ hasText: 'Judges’ choice' });
  await expect(place).toContainText('Pixel Quest');
  await expect(results).not.toContainText('selected by the community');
  expect(await accessibilityViolations(visitor)).toEqual([]);
});
