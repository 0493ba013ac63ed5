import { type Browser } from '@playwright/test';
import { createJamThroughApi, expect, test, userPage, waitUntilSettled } from './fixtures';
import { uniqueTag } from '../helpers/unique-tag';

const MINUTE = 60_000;

/** An ongoing jam with Orbit Runner (sprite_smith) and Gravity Golf (loop_legend) entered, in that order. */
async function jamWithEntries(browser: Browser) {
  const admin = await userPage(browser, 'demo_admin');
  const { slug, name } = await createJamThroughApi(admin.request, {
    name: `Entry Pages ${uniqueTag()}`,
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

test('a vote cast while the page is still loading its viewer document waits for it and is not undone by it', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { slug, ids } = await jamWithEntries(browser);
  const voter = await userPage(browser, 'cat_coder');
  // The page's viewer document (with the votes) is held back a while.
  const documentPath = `**/api/jams/${slug}/viewer?entry=${ids[0]}`;
  await voter.route(documentPath, async (route) => {
    const answer = await route.fetch();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.fulfill({ response: answer });
  });
  const document = voter.waitForResponse(documentPath);
  await voter.goto(`/jams/${slug}/entries/${ids[0]}`);
  await voter.getByRole('button', { name: 'Upvote' }).click();
  await document;
  await expect(voter.getByRole('button', { name: 'upvoted' })).toHaveAttribute('aria-pressed', 'true');
  await expect(voter.getByText('2 votes left')).toBeVisible();
});

test('a logged-in reader’s entry page asks the API once for everything personal on it, beside its play', async ({ browser }) => {
  test.setTimeout(90_000);
  const { slug, ids } = await jamWithEntries(browser);
  // A page of its own: the login's last page may still be asking for its things.
  const reader = await (await userPage(browser, 'cat_coder')).context().newPage();
  const calls: string[] = [];
  // The API's answers the page's scripts ask for (pictures such as /api/user/…/picture are images).
  reader.on('request', (request) => {
    const url = new URL(request.url());
    const script = request.resourceType() === 'fetch' || request.resourceType() === 'xhr';
    if (script && url.pathname.startsWith('/api/')) calls.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  await reader.goto(`/jams/${slug}/entries/${ids[0]}`);
  // Every island hydrated, the notes (hydrated when scrolled into view) and the team panel included.
  await reader.getByRole('heading', { name: 'Notes from players' }).scrollIntoViewIfNeeded();
  await waitUntilSettled(reader);
  await expect(reader.getByText('No notes yet', { exact: false })).toBeVisible();
  await expect(reader.getByRole('button', { name: 'Upvote' })).toBeEnabled();
  await reader.waitForLoadState('networkidle');
  // The document and the play go out side by side: a play answers 204 once its row is committed (ADR 045).
  expect([...calls].sort()).toEqual([
    `GET /api/jams/${slug}/viewer?entry=${ids[0]}`,
    `PUT /api/jams/${slug}/entries/${ids[0]}/play`,
  ]);

  // What the reader then does costs its own request, and nothing else is asked again.
  await reader.getByRole('button', { name: 'Upvote' }).click();
  await expect(reader.getByRole('button', { name: 'upvoted' })).toHaveAttribute('aria-pressed', 'true');
  expect(calls.slice(2)).toEqual([`PUT /api/jams/${slug}/entries/${ids[0]}/vote`]);
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
