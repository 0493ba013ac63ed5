import { type Browser } from '@playwright/test';
import { createJamThroughApi, expect, test, userPage } from './fixtures';

const MINUTE = 60_000;

/** An ongoing jam with Orbit Runner (sprite_smith) and Gravity Golf (loop_legend) entered, in that order. */
async function jamWithEntries(browser: Browser) {
  const admin = await userPage(browser, 'demo_admin');
  const { slug, name } = await createJamThroughApi(admin.request, {
    name: `Entry Pages ${Date.now().toString(36)}`,
    description: 'Entry pages end to end.',
    startsAt: new Date(Date.now() - MINUTE).toISOString(),
    endsAt: new Date(Date.now() + 60 * MINUTE).toISOString(),
  });
  await admin.context().close();
  const ids: number[] = [];
  for (const [user, project] of [
    ['sprite_smith', 900000101],
    ['loop_legend', 900000102],
  ] as const) {
    const page = await userPage(browser, user);
    const response = await page.request.post(`/api/jams/${slug}/entries`, {
      data: { url: `https://scratch.mit.edu/projects/${project}` },
    });
    expect(response.status(), await response.text()).toBe(201);
    ids.push(((await response.json()) as { id: number }).id);
    await page.context().close();
  }
  return { slug, name, ids };
}

const LOCALES = [
  { prefix: '', instructions: 'Instructions', notes: 'Notes and Credits', next: 'Next entry', previous: 'Previous entry' },
  {
    prefix: '/hu',
    instructions: 'Útmutató',
    notes: 'Megjegyzések és köszönetnyilvánítás',
    next: 'Következő nevezés',
    previous: 'Előző nevezés',
  },
  {
    prefix: '/ir',
    instructions: 'Treoracha',
    notes: 'Nótaí agus Creidiúintí',
    next: 'An chéad iontráil eile',
    previous: 'An iontráil roimhe',
  },
];

for (const locale of LOCALES) {
  test(`a visitor opens an entry from the jam page and reads it (${locale.prefix || '/'})`, async ({ page, browser }) => {
    test.setTimeout(90_000);
    const { slug, name, ids } = await jamWithEntries(browser);
    await page.goto(`${locale.prefix}/jams/${slug}#submissions`);
    await page.getByRole('link', { name: 'Orbit Runner' }).click();
    await expect(page).toHaveURL(new RegExp(`${locale.prefix}/jams/${slug}/entries/${ids[0]}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Orbit Runner' })).toBeVisible();
    await expect(page.locator('iframe.scratch-player')).toHaveAttribute(
      'src',
      'https://scratch.mit.edu/projects/900000101/embed',
    );
    await expect(page.locator('.entry-author')).toContainText('sprite_smith');
    await expect(page.getByRole('heading', { name: locale.instructions })).toBeVisible();
    await expect(page.getByText('Arrow keys to steer, space to boost.')).toBeVisible();
    await expect(page.getByRole('heading', { name: locale.notes })).toBeVisible();
    // Only Scratch's own pages are links (issue 41 §1): the credit's address stays text.
    await expect(page.getByText('Music by https://example.com/orbit-music')).toBeVisible();
    await expect(page.getByRole('link', { name: 'https://example.com/orbit-music' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: name })).toHaveAttribute('href', `${locale.prefix}/jams/${slug}`);
    // While the jam runs, no votes and no rank.
    await expect(page.locator('.entry-votes')).toHaveCount(0);
    await expect(page.locator('.entry-rank')).toHaveCount(0);

    await page.getByRole('link', { name: new RegExp(locale.next) }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Gravity Golf' })).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(locale.next) })).toHaveCount(0);
    await page.getByRole('link', { name: new RegExp(locale.previous) }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Orbit Runner' })).toBeVisible();
  });
}

test('a Scratcher upvotes from the entry page, and its author refreshes it from Scratch', async ({ browser }) => {
  test.setTimeout(90_000);
  const { slug, ids } = await jamWithEntries(browser);

  const voter = await userPage(browser, 'cat_coder');
  await voter.goto(`/jams/${slug}/entries/${ids[0]}`);
  await voter.getByRole('button', { name: 'Upvote' }).click();
  await expect(voter.getByRole('button', { name: 'upvoted' })).toHaveAttribute('aria-pressed', 'true');
  await expect(voter.getByText('2 votes left')).toBeVisible();
  await expect(voter.getByRole('button', { name: 'Refresh from Scratch' })).toHaveCount(0);

  const author = await userPage(browser, 'sprite_smith');
  await author.goto(`/jams/${slug}/entries/${ids[0]}`);
  await expect(author.getByText('Your entry', { exact: true })).toBeVisible();
  await author.getByRole('button', { name: 'Refresh from Scratch' }).click();
  await expect(author.getByText('The entry was refreshed from Scratch.')).toBeVisible();
  await expect(author.getByRole('heading', { level: 1, name: 'Orbit Runner' })).toBeVisible();
});

test('a vote cast while the page is still loading the votes is not undone by the late answer', async ({ browser }) => {
  test.setTimeout(90_000);
  const { slug, ids } = await jamWithEntries(browser);
  const voter = await userPage(browser, 'cat_coder');
  // The page's first read of the votes is answered before the vote, but reaches the page after it.
  let voteDone!: () => void;
  const voted = new Promise<void>((resolve) => (voteDone = resolve));
  await voter.route(`**/api/jams/${slug}/my-votes`, async (route) => {
    const stale = await route.fetch();
    await voted;
    await route.fulfill({ response: stale });
  });
  voter.on('response', (response) => {
    if (response.url().endsWith(`/entries/${ids[0]}/vote`)) voteDone();
  });

  await voter.goto(`/jams/${slug}/entries/${ids[0]}`);
  const lateAnswer = voter.waitForResponse(`**/api/jams/${slug}/my-votes`);
  await voter.getByRole('button', { name: 'Upvote' }).click();
  await lateAnswer;
  await expect(voter.getByRole('button', { name: 'upvoted' })).toHaveAttribute('aria-pressed', 'true');
  await expect(voter.getByText('2 votes left')).toBeVisible();
});

test("an ended jam's entry page shows its rank, votes and ribbon", async ({ page }) => {
  await page.goto('/jams/autumn-arcade-jam');
  await page.getByRole('tab', { name: /Submissions/ }).click();
  await page.getByRole('link', { name: 'Leaf Catcher' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '#2 Leaf Catcher' })).toBeVisible();
  await expect(page.locator('.entry-votes')).toHaveText('▲ 1 vote');
  await expect(page.locator('.entry-card .chip.winner')).toHaveText('♛ winner');
  await expect(page.getByText('Golden leaves are worth 5 points.')).toBeVisible();
});

test('an unknown entry shows the not-found screen', async ({ page }) => {
  const response = await page.goto('/jams/space-sprint-jam/entries/999999');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('404');
});
