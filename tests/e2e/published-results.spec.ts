/**
 * Results the host publishes and hidden entries (issue 42 §3, ADR 041) in the browser: a ratings jam
 * run from creation to published results. Its entries are hidden from the public until submissions
 * close, people rate, voting ends, the results wait for the managers, a manager publishes them, and
 * the results and the inbox message show.
 */
import { type Browser } from '@playwright/test';
import { accessibilityViolations } from './accessibility';
import { createJamThroughApi, datetimeLocal, expect, gotoUntilShown, test, userPage } from './fixtures';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

async function enter(browser: Browser, slug: string, name: string, scratchId: number): Promise<number> {
  const page = await userPage(browser, name);
  const response = await page.request.post(`/api/jams/${slug}/entries`, {
    data: { url: `https://scratch.mit.edu/projects/${scratchId}` },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: number };
  await page.context().close();
  return id;
}

const star = (page: import('@playwright/test').Page, criterion: string, stars: number) =>
  page
    .getByRole('group', { name: criterion, exact: true })
    .getByRole('radio', { name: stars === 1 ? '1 star' : `${stars} stars`, exact: true });

test('a ratings jam from creation to published results, its entries hidden until submissions close', async ({ browser }) => {
  test.setTimeout(180_000);
  const admin = await userPage(browser, 'demo_admin');
  const name = `Publish Jam ${Date.now().toString(36)}`;
  await admin.goto('/jams/new');
  await admin.getByLabel('Name').fill(name);
  await admin.getByLabel('Description').fill('Results when the hosts say so.');
  await admin.getByLabel(/^Start\b/).fill(datetimeLocal(-MINUTE));
  await admin.getByLabel(/^End\b/).fill(datetimeLocal(HOUR));
  const judging = admin.getByRole('group', { name: 'Judging' });
  await judging.getByRole('radio', { name: 'Star ratings' }).check();
  await judging.getByLabel('Ratings needed to be ranked').fill('1');
  const results = judging.getByRole('group', { name: 'When the results are shown' });
  await expect(results.getByRole('radio', { name: 'As soon as voting ends' })).toBeChecked();
  await results.getByRole('radio', { name: 'When a manager publishes them' }).check();
  await judging.getByRole('checkbox', { name: 'Hide entries until submissions close' }).check();
  await admin.getByRole('button', { name: 'Create game jam' }).click();
  await expect(admin.getByRole('heading', { level: 1, name })).toBeVisible();
  const slug = new URL(admin.url()).pathname.split('/').pop()!;
  expect(await (await admin.request.get(`/api/jams/${slug}`)).json()).toMatchObject({
    judging: 'ratings',
    results: 'manual',
    hiddenEntries: true,
    resultsPublishedAt: null,
  });

  const pixelId = await enter(browser, slug, 'pixel_pioneer', 100000001);
  const catId = await enter(browser, slug, 'cat_coder', 100000002);

  // Before submissions close: the public sees no entry, the team sees its own.
  const visitor = await (await browser.newContext()).newPage();
  // The page the manager's creation cached may stand for the new entries for a second (gotoUntilShown).
  await gotoUntilShown(visitor, `/jams/${slug}`, visitor.getByRole('tab', { name: 'Submissions (2)' }));
  await visitor.getByRole('tab', { name: 'Submissions (2)' }).click();
  await expect(
    visitor.getByText(
      'Entries stay hidden until submissions close, so every game gets the same attention. Come back after the deadline to play them!',
    ),
  ).toBeVisible();
  await expect(visitor.getByText('Cat Platformer')).toHaveCount(0);
  expect((await visitor.goto(`/jams/${slug}/entries/${catId}`))!.status()).toBe(404);
  const pixel = await userPage(browser, 'pixel_pioneer');
  const own = await pixel.goto(`/jams/${slug}/entries/${pixelId}`);
  expect(own!.status()).toBe(200);
  expect(own!.headers()['cache-control']).toBe('private, no-store');
  await expect(pixel.getByRole('heading', { level: 1, name: 'Pixel Quest' })).toBeVisible();

  // Submissions close, voting runs: the entries show and people rate them.
  const closed = await admin.request.patch(`/api/jams/${slug}`, {
    data: {
      startsAt: new Date(Date.now() - HOUR).toISOString(),
      endsAt: new Date(Date.now() - MINUTE).toISOString(),
      votingEndsAt: new Date(Date.now() + HOUR).toISOString(),
    },
  });
  expect(closed.status(), await closed.text()).toBe(200);
  await visitor.goto(`/jams/${slug}/entries/${catId}`);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Cat Platformer' })).toBeVisible();
  const sprite = await userPage(browser, 'sprite_smith');
  await sprite.goto(`/jams/${slug}/entries/${catId}`);
  await star(sprite, 'Overall', 5).check();
  await expect(sprite.getByRole('status').filter({ hasText: 'Overall: 5 stars saved' })).toBeAttached();
  await pixel.goto(`/jams/${slug}/entries/${catId}`);
  await star(pixel, 'Overall', 4).check();
  await expect(star(pixel, 'Overall', 4)).toBeChecked();
  const cat = await userPage(browser, 'cat_coder');
  await cat.goto(`/jams/${slug}/entries/${pixelId}`);
  await star(cat, 'Overall', 2).check();
  await expect(star(cat, 'Overall', 2)).toBeChecked();

  // Voting ends: the results wait for the managers.
  const ended = await admin.request.patch(`/api/jams/${slug}`, {
    data: {
      startsAt: new Date(Date.now() - 2 * HOUR).toISOString(),
      endsAt: new Date(Date.now() - HOUR).toISOString(),
      // Just now: the inbox tells those who had joined by the close, and they joined a moment ago.
      votingEndsAt: new Date(Date.now() - 1000).toISOString(),
    },
  });
  expect(ended.status(), await ended.text()).toBe(200);
  await visitor.goto(`/jams/${slug}`);
  await expect(visitor.getByText('Voting is over! The results are not out yet: the hosts will publish them soon.')).toBeVisible();
  await expect(visitor.getByRole('tab', { name: 'Results' })).toHaveCount(0);
  expect(await accessibilityViolations(visitor)).toEqual([]);
  await visitor.goto(`/jams/${slug}/entries/${catId}`);
  await expect(visitor.getByRole('region', { name: 'Results' })).toHaveCount(0);

  // A manager sees the publish panel on the review page, confirms, and the results are out.
  await admin.goto(`/jams/${slug}/review`);
  const panel = admin.getByRole('region', { name: 'Results' });
  await expect(panel).toContainText(
    'Results are hidden until you publish them. Until then, only the managers can see how the entries did.',
  );
  expect(await accessibilityViolations(admin)).toEqual([]);
  await panel.getByRole('button', { name: 'Publish results' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Publish the results?' });
  await expect(dialog).toContainText('everyone who took part gets a message in their inbox');
  await dialog.getByRole('button', { name: 'Publish results' }).click();
  await expect(admin.getByText('The results are published.')).toBeVisible();
  await expect(admin.getByRole('region', { name: 'Results' })).toHaveCount(0);

  await visitor.goto(`/jams/${slug}`);
  await expect(visitor.getByText('The results are not out yet', { exact: false })).toHaveCount(0);
  const resultsTab = visitor.getByRole('tabpanel', { name: 'Results' });
  await expect(resultsTab.getByRole('listitem').first()).toContainText('Cat Platformer');
  await expect(resultsTab.getByRole('listitem').first()).toContainText('★ 4.5 · 2 ratings');

  // The inbox tells the entrants once.
  await pixel.goto('/notifications');
  await expect(pixel.getByText(`The results of ${name} are out!`)).toHaveCount(1);
  await cat.goto('/notifications');
  await expect(cat.getByText(`The results of ${name} are out: your entry is the community's choice!`)).toHaveCount(1);
});

test('a winner a manager picks after voting ends stays secret until the results are published (issue 55)', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const admin = await userPage(browser, 'demo_admin');
  const jam = await createJamThroughApi(admin.request, {
    name: `Secret Winner ${Date.now().toString(36)}`,
    description: 'The hosts pick a winner and tell everyone when they are ready.',
    startsAt: new Date(Date.now() - MINUTE).toISOString(),
    endsAt: new Date(Date.now() + HOUR).toISOString(),
    results: 'manual',
  });
  const slug = jam.slug;
  const catId = await enter(browser, slug, 'cat_coder', 100000002);
  await enter(browser, slug, 'pixel_pioneer', 100000001);
  const ended = await admin.request.patch(`/api/jams/${slug}`, {
    data: { startsAt: new Date(Date.now() - 2 * HOUR).toISOString(), endsAt: new Date(Date.now() - MINUTE).toISOString() },
  });
  expect(ended.status(), await ended.text()).toBe(200);
  const picked = await admin.request.put(`/api/jams/${slug}/entries/${catId}/winner`);
  expect(picked.status(), await picked.text()).toBe(200);

  // Before the publish: neither a visitor nor the winning entrant sees the pick, on any page.
  const visitor = await (await browser.newContext()).newPage();
  const cat = await userPage(browser, 'cat_coder');
  for (const reader of [visitor, cat]) {
    const list = (await (await reader.request.get(`/api/jams/${slug}/entries`)).json()) as { entries: { isWinner: boolean }[] };
    expect(list.entries.map((entry) => entry.isWinner)).toEqual([false, false]);
    await reader.goto(`/jams/${slug}#submissions`);
    await expect(
      reader.getByText('Voting is over! The results are not out yet: the hosts will publish them soon.'),
    ).toBeVisible();
    await expect(reader.getByRole('heading', { name: 'Cat Platformer' })).toBeVisible();
    await expect(reader.locator('.chip.winner')).toHaveCount(0);
    await reader.goto(`/jams/${slug}/entries/${catId}`);
    await expect(reader.getByRole('heading', { level: 1, name: 'Cat Platformer' })).toBeVisible();
    await expect(reader.locator('.chip.winner')).toHaveCount(0);
  }

  // Published: the crown shows on the card and on the entry page.
  const published = await admin.request.put(`/api/jams/${slug}/results`);
  expect(published.status(), await published.text()).toBe(200);
  await visitor.goto(`/jams/${slug}#submissions`);
  const card = visitor.locator('.entries > li').filter({ has: visitor.getByRole('heading', { name: 'Cat Platformer' }) });
  await expect(card.locator('.chip.winner')).toContainText('winner');
  await visitor.goto(`/jams/${slug}/entries/${catId}`);
  await expect(visitor.locator('.chip.winner')).toContainText('winner');
});
