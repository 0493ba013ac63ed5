import { type Page } from '@playwright/test';
import { expect, test, userPage } from './fixtures';
import { uniqueTag } from '../helpers/unique-tag';

const MINUTE = 60_000;

async function submitThroughApi(page: Page, slug: string, scratchId: number) {
  const response = await page.request.post(`/api/jams/${slug}/entries`, {
    data: { url: `https://scratch.mit.edu/projects/${scratchId}` },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; title: string };
}

test('people enter a jam, vote within their limit, and see the winners after the end', async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await userPage(browser, 'demo_admin');
  const created = await admin.request.post('/api/jams', {
    data: {
      name: `Vote Rally ${uniqueTag()}`,
      description: 'Entries and votes end to end.',
      startsAt: new Date(Date.now() - MINUTE).toISOString(),
      endsAt: new Date(Date.now() + 60 * MINUTE).toISOString(),
    },
  });
  const { slug } = (await created.json()) as { slug: string };

  // A Scratcher enters through the form.
  const pixel = await userPage(browser, 'pixel_pioneer');
  await pixel.goto(`/jams/${slug}`);
  await expect(pixel.getByText('Submit your project below!')).toBeVisible();
  await pixel.getByRole('button', { name: 'Enter the game jam' }).click();
  const dialog = pixel.getByRole('dialog', { name: 'Enter the game jam' });
  await dialog.getByLabel('Game URL').fill('https://scratch.mit.edu/users/pixel_pioneer');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The URL entered is invalid!');
  await dialog.getByLabel('Game URL').fill('https://scratch.mit.edu/projects/100000002');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('You can only submit projects you own');
  await dialog.getByLabel('Game URL').fill('https://scratch.mit.edu/projects/100000001/fullscreen');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(pixel.getByText('Your project has been submitted!')).toBeVisible();
  await expect(pixel.getByText('You have entered this game jam.')).toBeVisible();
  await pixel.getByRole('tab', { name: 'Submissions (1)' }).click();
  await expect(pixel.getByRole('heading', { name: 'Pixel Quest' })).toBeVisible();

  // Three more entries.
  for (const [name, project] of [
    ['cat_coder', 100000002],
    ['GriffTheGreat', 100000004],
    ['MixedCase_Maker', 100000005],
  ] as const) {
    const page = await userPage(browser, name);
    await submitThroughApi(page, slug, project);
    await page.context().close();
  }

  // Another user upvotes three entries and is refused the fourth.
  const voter = await userPage(browser, 'sprite_smith');
  await voter.goto(`/jams/${slug}#submissions`);
  await expect(voter.getByRole('tab', { name: 'Submissions (4)' })).toHaveAttribute('aria-selected', 'true');
  await expect(voter.getByText('You may cast 3 more votes')).toBeVisible();
  const upvote = (title: string) =>
    voter
      .getByRole('listitem')
      .filter({ has: voter.getByRole('heading', { name: title }) })
      .getByRole('button', { name: /Upvote|upvoted/ });
  await expect(upvote('Pixel Quest')).toHaveAttribute('aria-pressed', 'false');
  await upvote('Pixel Quest').click();
  await expect(upvote('Pixel Quest')).toHaveAttribute('aria-pressed', 'true');
  await expect(voter.getByText('You may cast 2 more votes')).toBeVisible();
  await upvote('Cat Platformer').click();
  await expect(voter.getByText('You may cast 1 more vote')).toBeVisible();
  await upvote('Griff Dash').click();
  await expect(voter.getByText('You may cast 0 more votes')).toBeVisible();
  // The button says why it will not work before anyone tries.
  await expect(upvote('Mixed Up')).toHaveAccessibleDescription('No votes left');
  await upvote('Mixed Up').click();
  await expect(voter.getByText('You have used all 3 of your votes in this jam.')).toBeVisible();
  await expect(upvote('Mixed Up')).toHaveAttribute('aria-pressed', 'false');

  // Anonymous visitors are asked to log in.
  const anonymousContext = await browser.newContext();
  const anonymous = await anonymousContext.newPage();
  await anonymous.goto(`/jams/${slug}`);
  await anonymous.getByRole('tab', { name: 'Submissions (4)' }).click();
  await anonymous.getByRole('listitem').filter({ hasText: 'Pixel Quest' }).getByRole('button', { name: 'Upvote' }).click();
  await expect(anonymous.getByText('Please log in to upvote projects!')).toBeVisible();

  // The jam ends: the Results tab (opened first now) shows the Winners podium and the ranking.
  const ended = await admin.request.patch(`/api/jams/${slug}`, {
    data: { startsAt: new Date(Date.now() - 2 * MINUTE).toISOString(), endsAt: new Date(Date.now() - 1000).toISOString() },
  });
  expect(ended.status()).toBe(200);
  await admin.goto(`/jams/${slug}`);
  await expect(admin.getByRole('tab', { name: 'Results' })).toHaveAttribute('aria-selected', 'true');
  const results = admin.getByRole('tabpanel', { name: 'Results' });
  const winners = admin.getByRole('region', { name: 'Winners' });
  await expect(winners).toBeVisible();
  await expect(winners.getByText('selected by the community')).toBeVisible();
  await expect(results.getByText('The jam is over: vote counts and the ranking are public.')).toBeVisible();
  await expect(results.getByText('1 vote').first()).toBeVisible();
  await admin.getByRole('tab', { name: 'Submissions (4)' }).click();
  await expect(admin.getByRole('tabpanel', { name: 'Submissions (4)' }).getByText('1 vote').first()).toBeVisible();

  // A manager (here the administrator) selects a winner and revokes it.
  const mixedUp = admin.getByRole('listitem').filter({ has: admin.getByRole('heading', { name: 'Mixed Up' }) });
  await mixedUp.getByRole('button', { name: 'Entry options' }).click();
  await mixedUp.getByRole('menuitem', { name: 'Select as winner' }).click();
  await expect(admin.getByText('The winner has been selected.')).toBeVisible();
  await admin.getByRole('tab', { name: 'Results' }).click();
  await expect(admin.getByRole('region', { name: 'Winners' }).getByText('winner', { exact: true })).toBeVisible();
  await admin.getByRole('tab', { name: 'Submissions (4)' }).click();
  await expect(mixedUp.getByText('winner', { exact: true })).toBeVisible();
  await mixedUp.getByRole('button', { name: 'Entry options' }).click();
  await mixedUp.getByRole('menuitem', { name: 'Revoke winner' }).click();
  await expect(admin.getByText('The winner status has been revoked.')).toBeVisible();
  await admin.getByRole('tab', { name: 'Results' }).click();
  await expect(winners).toBeVisible();
  await expect(winners.getByText('selected by the community')).toBeVisible();
  await expect(admin.getByRole('region', { name: 'Winners' }).getByText('winner', { exact: true })).toHaveCount(0);
  await anonymousContext.close();
});
