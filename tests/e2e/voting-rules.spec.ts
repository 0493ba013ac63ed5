/**
 * Fair judging §2 in the browser: the jam form's judging options, the voting period's countdown
 * and its end, and each "Who can vote" rule, in the three locales' routes.
 */
import { type Browser, type Page } from '@playwright/test';
import { accessibilityViolations } from './accessibility';
import { datetimeLocal, expect, test, userPage } from './fixtures';
import { uniqueTag } from '../helpers/unique-tag';

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

/** Moves the jam into its voting period: submissions closed a minute ago, voting ends in `votingLeft`. */
async function intoVotingPeriod(admin: Page, slug: string, votingLeft = 2 * HOUR) {
  const moved = await admin.request.patch(`/api/jams/${slug}`, {
    data: {
      startsAt: new Date(Date.now() - HOUR).toISOString(),
      endsAt: new Date(Date.now() - MINUTE).toISOString(),
      votingEndsAt: new Date(Date.now() + votingLeft).toISOString(),
    },
  });
  expect(moved.status(), await moved.text()).toBe(200);
}

const card = (page: Page, title: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });

test('a manager sets a voting period and "Entrants only"; entrants vote during it, others are told why, and it ends', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await userPage(browser, 'demo_admin');
  const name = `Entrants Vote ${uniqueTag()}`;
  await admin.goto('/jams/new');
  await admin.getByLabel('Name').fill(name);
  await admin.getByLabel('Description').fill('Only people with a game in it may vote.');
  await admin.getByLabel(/^Start\b/).fill(datetimeLocal(-MINUTE));
  await admin.getByLabel(/^End\b/).fill(datetimeLocal(HOUR));
  const judging = admin.getByRole('group', { name: 'Judging' });
  // A voting end before the submission end is refused in the form, with the API's words.
  await judging.getByLabel('Voting ends', { exact: true }).fill(datetimeLocal(30 * MINUTE));
  await judging.getByLabel('Who can vote').selectOption({ label: 'Entrants only' });
  await admin.getByRole('button', { name: 'Create game jam' }).click();
  await expect(judging.getByRole('alert')).toHaveText('The voting end must be after the end.');
  await judging.getByLabel('Voting ends', { exact: true }).fill(datetimeLocal(3 * HOUR));
  await admin.getByRole('button', { name: 'Create game jam' }).click();
  await expect(admin.getByRole('heading', { level: 1, name })).toBeVisible();
  const slug = new URL(admin.url()).pathname.split('/').pop()!;
  const timing = admin.getByRole('region', { name: 'Timing' });
  await expect(timing.getByText('Submissions end')).toBeVisible();
  await expect(timing.getByText('Voting ends')).toBeVisible();

  await enter(browser, slug, 'pixel_pioneer', 100000001);
  await enter(browser, slug, 'cat_coder', 100000002);
  await intoVotingPeriod(admin, slug);

  // An entrant votes after the submission end; the page says voting is still open.
  const pixel = await userPage(browser, 'pixel_pioneer');
  await pixel.goto(`/jams/${slug}`);
  await expect(pixel.locator('.jam-header').getByText('Voting', { exact: true })).toBeVisible();
  await expect(pixel.locator('.jam-header .countdown')).toContainText('Voting ends in');
  await expect(pixel.getByText('Submissions are closed, but voting is still open')).toBeVisible();
  await pixel.getByRole('tab', { name: 'Submissions (2)' }).click();
  const upvote = card(pixel, 'Cat Platformer').getByRole('button', { name: /Upvote|upvoted/ });
  await upvote.click();
  await expect(upvote).toHaveAttribute('aria-pressed', 'true');

  // Someone without an entry is told before trying, and refused when trying.
  const visitor = await userPage(browser, 'sprite_smith');
  await visitor.goto(`/jams/${slug}#submissions`);
  await expect(visitor.locator('.viewer-box').getByText('Only entrants of this jam can vote.')).toBeVisible();
  const refused = card(visitor, 'Cat Platformer').getByRole('button', { name: 'Upvote' });
  await expect(refused).toHaveAccessibleDescription('Only entrants of this jam can vote.');
  await refused.click();
  await expect(visitor.locator('.toasts').getByRole('alert')).toHaveText(/Only entrants of this jam can vote\./);
  await expect(refused).toHaveAttribute('aria-pressed', 'false');
  // The voting period's page, with the rule's notes, passes the accessibility checks.
  expect(await accessibilityViolations(visitor)).toEqual([]);

  // The voting end passes: the countdown flips without a reload, then the results open first.
  await intoVotingPeriod(admin, slug, 4000);
  await pixel.goto(`/jams/${slug}`);
  await expect(pixel.locator('.jam-header .countdown')).toContainText('Voting ends in');
  await expect(pixel.locator('.jam-header .countdown')).toContainText('Ended', { timeout: 10_000 });
  await pixel.reload();
  await expect(pixel.getByRole('tab', { name: 'Results' })).toHaveAttribute('aria-selected', 'true');
  await expect(pixel.locator('.jam-header').getByText('Ended', { exact: true })).toBeVisible();
  const late = await pixel.request.put(`/api/jams/${slug}/entries/${await entryId(pixel, slug, 'Cat Platformer')}/vote`);
  expect(late.status()).toBe(409);
  expect((await late.json()).error.message).toBe('Voting has ended for this jam.');
});

async function entryId(page: Page, slug: string, title: string): Promise<number> {
  const list = (await (await page.request.get(`/api/jams/${slug}/entries`)).json()) as {
    entries: { id: number; title: string }[];
  };
  return list.entries.find((entry) => entry.title === title)!.id;
}

test('"Participants" lets people who joined vote and tells the others, in Hungarian', async ({ browser }) => {
  test.setTimeout(90_000);
  const admin = await userPage(browser, 'demo_admin');
  const created = await admin.request.post('/api/jams', {
    data: {
      name: `Résztvevők ${uniqueTag()}`,
      description: 'Csak a résztvevők szavazhatnak.',
      startsAt: new Date(Date.now() - MINUTE).toISOString(),
      endsAt: new Date(Date.now() + HOUR).toISOString(),
      whoCanVote: 'participants',
    },
  });
  const { slug } = (await created.json()) as { slug: string };
  await enter(browser, slug, 'GriffTheGreat', 100000004);

  const joiner = await userPage(browser, 'loop_legend');
  expect((await joiner.request.put(`/api/jams/${slug}/participation`)).status()).toBe(200);
  await joiner.goto(`/hu/jams/${slug}#submissions`);
  const upvote = card(joiner, 'Griff Dash').locator('button.upvote');
  await upvote.click();
  await expect(upvote).toHaveAttribute('aria-pressed', 'true');

  const outsider = await userPage(browser, 'block_builder');
  await outsider.goto(`/hu/jams/${slug}#submissions`);
  await expect(outsider.locator('.viewer-box').getByText('Ebben a jamben csak a résztvevők szavazhatnak.')).toBeVisible();
  await expect(card(outsider, 'Griff Dash').getByRole('button', { name: 'Szavazok' })).toHaveAccessibleDescription(
    'Ebben a jamben csak a résztvevők szavazhatnak.',
  );
});

test('"Anyone logged in" during a voting period counts down in Irish and lets everyone vote', async ({ browser }) => {
  test.setTimeout(90_000);
  const admin = await userPage(browser, 'demo_admin');
  const created = await admin.request.post('/api/jams', {
    data: {
      name: `Vótáil ${uniqueTag()}`,
      description: 'Seachtain vótála.',
      startsAt: new Date(Date.now() - MINUTE).toISOString(),
      endsAt: new Date(Date.now() + HOUR).toISOString(),
      votingEndsAt: new Date(Date.now() + 2 * HOUR).toISOString(),
    },
  });
  const { slug } = (await created.json()) as { slug: string };
  await enter(browser, slug, 'MixedCase_Maker', 100000005);
  await intoVotingPeriod(admin, slug);

  const voter = await userPage(browser, 'block_builder');
  await voter.goto(`/ir/jams/${slug}`);
  await expect(voter.locator('.jam-header .countdown')).toContainText('Críochnaíonn an vótáil i gceann');
  await expect(voter.locator('.jam-header').getByText('Vótáil', { exact: true })).toBeVisible();
  await voter.goto(`/ir/jams/${slug}#submissions`);
  const upvote = card(voter, 'Mixed Up').locator('button.upvote');
  await upvote.click();
  await expect(upvote).toHaveAttribute('aria-pressed', 'true');
});

test('"Play before you vote" lets an upvote count once the voter has opened the entry\'s player', async ({ browser }) => {
  test.setTimeout(90_000);
  const admin = await userPage(browser, 'demo_admin');
  const created = await admin.request.post('/api/jams', {
    data: {
      name: `Play First ${uniqueTag()}`,
      description: 'Play before you vote.',
      startsAt: new Date(Date.now() - MINUTE).toISOString(),
      endsAt: new Date(Date.now() + HOUR).toISOString(),
      playBeforeVote: true,
    },
  });
  const { slug } = (await created.json()) as { slug: string };
  await enter(browser, slug, 'cat_coder', 100000002);

  const voter = await userPage(browser, 'sprite_smith');
  await voter.goto(`/jams/${slug}#submissions`);
  await expect(
    voter.locator('.viewer-box').getByText('In this jam, you can upvote an entry once you have played it.'),
  ).toBeVisible();
  const entry = card(voter, 'Cat Platformer');
  const upvote = entry.getByRole('button', { name: /Upvote|upvoted/ });
  await expect(upvote).toHaveAccessibleDescription('Play it first to upvote it');
  await upvote.click();
  await expect(voter.locator('.toasts').getByRole('alert')).toHaveText(
    /Play this entry before you upvote it: this jam counts votes only for entries the voter has opened\./,
  );
  await expect(upvote).toHaveAttribute('aria-pressed', 'false');

  await entry.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(entry.locator('iframe.scratch-player')).toBeVisible();
  await expect(upvote).toHaveAccessibleDescription('3 votes left');
  await upvote.click();
  await expect(upvote).toHaveAttribute('aria-pressed', 'true');
});
