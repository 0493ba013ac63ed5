import { type Page } from '@playwright/test';
import { ADMIN, MINUTE, expect, ongoingJam, submitEntry, test, userPage } from './fixtures';

const upvote = (page: Page, title: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title }) })
    .getByRole('button', { name: /Upvote|upvoted/ });

test('entrants vote during a voting period after the submission end, others are told why, and votes stop at its end', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const jam = await ongoingJam(browser, 'Smoke Voting Period');
  const pixel = await userPage(browser, 'pixel_pioneer');
  await submitEntry(pixel, jam.slug, 100000001);
  const cat = await userPage(browser, 'cat_coder');
  const catEntry = await submitEntry(cat, jam.slug, 100000002);

  // Submissions close; voting goes on for an hour, for entrants only.
  const admin = await userPage(browser, ADMIN);
  const setTiming = (votingLeft: number) =>
    admin.request.patch(`/api/jams/${jam.slug}`, {
      data: {
        startsAt: new Date(Date.now() - 60 * MINUTE).toISOString(),
        endsAt: new Date(Date.now() - MINUTE).toISOString(),
        votingEndsAt: new Date(Date.now() + votingLeft).toISOString(),
        whoCanVote: 'entrants',
      },
    });
  expect((await setTiming(60 * MINUTE)).status()).toBe(200);

  await pixel.goto(`/jams/${jam.slug}#submissions`);
  await expect(pixel.locator('.jam-header .countdown')).toContainText('Voting ends in');
  await upvote(pixel, 'Cat Platformer').click();
  await expect(upvote(pixel, 'Cat Platformer')).toHaveAttribute('aria-pressed', 'true');
  await expect(pixel.getByText('You may cast 2 more votes')).toBeVisible();

  const outsider = await userPage(browser, 'loop_legend');
  await outsider.goto(`/jams/${jam.slug}#submissions`);
  await expect(upvote(outsider, 'Cat Platformer')).toHaveAccessibleDescription('Only entrants of this jam can vote.');
  const refused = await outsider.request.put(`/api/jams/${jam.slug}/entries/${catEntry.id}/vote`);
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.message).toBe('Only entrants of this jam can vote.');

  // The voting end passes: votes are refused and the results are public.
  expect((await setTiming(2000)).status()).toBe(200);
  await expect
    .poll(async () => (await pixel.request.put(`/api/jams/${jam.slug}/entries/${catEntry.id}/vote`)).status(), {
      timeout: 10_000,
    })
    .toBe(409);
  const late = await pixel.request.delete(`/api/jams/${jam.slug}/entries/${catEntry.id}/vote`);
  expect((await late.json()).error.message).toBe('Voting has ended for this jam.');
  await pixel.goto(`/jams/${jam.slug}`);
  await expect(pixel.getByRole('tab', { name: 'Results' })).toHaveAttribute('aria-selected', 'true');
  await expect(pixel.getByRole('tabpanel', { name: 'Results' }).getByText('1 vote').first()).toBeVisible();
});
