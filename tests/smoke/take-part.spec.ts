import { type Page } from '@playwright/test';
import { expect, ongoingJam, submitEntry, test, userPage } from './fixtures';

test('a Scratcher joins a jam, submits a project through the form and withdraws the entry', async ({ browser }) => {
  const jam = await ongoingJam(browser, 'Smoke Take Part');
  const pixel = await userPage(browser, 'pixel_pioneer');
  await pixel.goto(`/jams/${jam.slug}`);

  await pixel.getByRole('button', { name: 'Join this jam' }).click();
  await expect(pixel.getByText('You joined this jam.')).toBeVisible();
  await expect(pixel.getByText('Submit your project below!')).toBeVisible();

  await pixel.getByRole('button', { name: 'Enter the game jam' }).click();
  const dialog = pixel.getByRole('dialog', { name: 'Enter the game jam' });
  await dialog.getByLabel('Game URL').fill('https://scratch.mit.edu/projects/100000001');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(pixel.getByText('Your project has been submitted!')).toBeVisible();
  await expect(pixel.getByText('You have entered this game jam.')).toBeVisible();

  await pixel.getByRole('tab', { name: 'Submissions (1)' }).click();
  const entry = pixel.getByRole('listitem').filter({ has: pixel.getByRole('heading', { name: 'Pixel Quest' }) });
  await entry.getByRole('button', { name: 'Entry options' }).click();
  await entry.getByRole('menuitem', { name: 'Remove entry' }).click();
  await pixel.getByRole('dialog', { name: 'Remove entry' }).getByRole('button', { name: 'Remove entry' }).click();
  await expect(pixel.getByText('The entry has been removed.')).toBeVisible();

  await pixel.reload();
  await expect(pixel.getByRole('tab', { name: 'Submissions (0)' })).toBeVisible();
  await expect(pixel.getByText('Submit your project below!')).toBeVisible();
});

test('a Scratcher votes up to the limit of 3, the 4th vote is refused, and a withdrawn vote frees one', async ({ browser }) => {
  test.setTimeout(60_000);
  const jam = await ongoingJam(browser, 'Smoke Votes');
  for (const [name, project] of [
    ['cat_coder', 100000002],
    ['GriffTheGreat', 100000004],
    ['MixedCase_Maker', 100000005],
    ['block_builder', 900000103],
  ] as const) {
    const author = await userPage(browser, name);
    await submitEntry(author, jam.slug, project);
    await author.context().close();
  }

  const voter = await userPage(browser, 'loop_legend');
  await voter.goto(`/jams/${jam.slug}#submissions`);
  await expect(voter.getByRole('tab', { name: 'Submissions (4)' })).toHaveAttribute('aria-selected', 'true');
  await expect(voter.getByText('You may cast 3 more votes')).toBeVisible();
  const upvote = (page: Page, title: string) =>
    page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: title }) })
      .getByRole('button', { name: /Upvote|upvoted/ });

  await upvote(voter, 'Cat Platformer').click();
  await expect(upvote(voter, 'Cat Platformer')).toHaveAttribute('aria-pressed', 'true');
  await expect(voter.getByText('You may cast 2 more votes')).toBeVisible();
  await upvote(voter, 'Griff Dash').click();
  await expect(voter.getByText('You may cast 1 more vote')).toBeVisible();
  await upvote(voter, 'Mixed Up').click();
  await expect(voter.getByText('You may cast 0 more votes')).toBeVisible();

  // The fourth is refused, with the limit in the message.
  await upvote(voter, 'Moon Miner').click();
  await expect(voter.getByText('You have used all 3 of your votes in this jam.')).toBeVisible();
  await expect(upvote(voter, 'Moon Miner')).toHaveAttribute('aria-pressed', 'false');
  const refused = await voter.request.get(`/api/jams/${jam.slug}/my-votes`);
  expect(((await refused.json()) as { remaining: number; entryIds: number[] }).entryIds).toHaveLength(3);

  // Withdrawing a vote gives it back.
  await upvote(voter, 'Griff Dash').click();
  await expect(upvote(voter, 'Griff Dash')).toHaveAttribute('aria-pressed', 'false');
  await expect(voter.getByText('You may cast 1 more vote')).toBeVisible();
  await upvote(voter, 'Moon Miner').click();
  await expect(upvote(voter, 'Moon Miner')).toHaveAttribute('aria-pressed', 'true');
  await expect(voter.getByText('You may cast 0 more votes')).toBeVisible();
});
