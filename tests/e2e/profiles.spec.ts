/**
 * Public profiles and finding an entry in Chromium (issue 35 §2, §3), in the three locales'
 * routes: a profile with medals after the end, one before the results are public (no places), a
 * banned user's; a name on the jam page leads to the profile; the jam page's search with and
 * without JavaScript, its state in the address.
 */
import { accessibilityViolations } from './accessibility';
import { type Page } from '@playwright/test';
import { entries, jams, users } from '#db/schema';
import { openDatabase } from '#server/node/database';
import { eq } from 'drizzle-orm';
import { expect, test, waitUntilSettled } from './fixtures';
import { type Code, say } from './say';
import type { Site } from './site';

const LOCALES: { code: Code; prefix: string }[] = [
  { code: 'en', prefix: '' },
  { code: 'hu', prefix: '/hu' },
  { code: 'ir', prefix: '/ir' },
];

/** A profile's card of `title` (in `jam`: other specs in the worker may enter the same project elsewhere). */
const entryCard = (page: Page, title: string, jam?: string) => {
  const card = page.locator('.profile-entry').filter({ has: page.getByRole('link', { name: title, exact: true }) });
  return jam ? card.filter({ has: page.getByRole('link', { name: jam, exact: true }) }) : card;
};

test('a profile shows the jams a Scratcher entered with their place and medals once the results are public, in every locale', async ({
  page,
}) => {
  // The demo's ended jam: Leaf Catcher is the managers' winner, Pumpkin Pong has the most votes.
  const api = await (await page.request.get('/api/user/pixel_pioneer/profile')).json();
  const leaf = api.entries.items.find((item: { title: string }) => item.title === 'Leaf Catcher');
  expect(leaf).toMatchObject({ resultsPublic: true, winner: true });
  for (const { code, prefix } of LOCALES) {
    await page.goto(`${prefix}/users/pixel_pioneer`);
    await expect(page.getByRole('heading', { level: 1, name: 'pixel_pioneer' })).toBeVisible();
    await expect(page.getByRole('link', { name: say(code, 'profile.scratchLink') })).toHaveAttribute(
      'href',
      'https://scratch.mit.edu/users/pixel_pioneer/',
    );
    await expect(page.getByText(say(code, 'profile.joined'))).toBeVisible();
    await expect(page.getByRole('heading', { name: say(code, 'profile.entered') })).toBeVisible();
    const card = entryCard(page, 'Leaf Catcher', 'Autumn Arcade Jam');
    await expect(card.getByText(say(code, 'entry.winner'))).toBeVisible();
    await expect(card.getByText(say(code, 'profile.place', { rank: leaf.rank }))).toBeVisible();
    await expect(card.getByRole('link', { name: 'Autumn Arcade Jam' })).toHaveAttribute(
      'href',
      `${prefix}/jams/autumn-arcade-jam`,
    );
    // Managed jams and the totals.
    await expect(page.getByRole('link', { name: 'Space Sprint Jam' })).toHaveAttribute('href', `${prefix}/jams/space-sprint-jam`);
    await expect(page.getByText(say(code, 'profile.totalWins'))).toBeVisible();
  }
  // The community's choice gets its own medal on its maker's profile.
  await page.goto('/hu/users/cat_coder');
  await expect(entryCard(page, 'Pumpkin Pong').getByText(say('hu', 'entry.communityChoice'))).toBeVisible();
});

test('before the results are public, a profile shows the entry without a place or medal', async ({ page }) => {
  for (const { code, prefix } of LOCALES) {
    await page.goto(`${prefix}/users/sprite_smith`);
    const card = entryCard(page, 'Orbit Runner', 'Space Sprint Jam');
    await expect(card.getByText(say(code, 'profile.resultsPending'))).toBeVisible();
    await expect(card.getByText(say(code, 'entry.winner'))).toHaveCount(0);
    await expect(card.getByText(new RegExp(say(code, 'profile.place', { rank: '\\d+' })))).toHaveCount(0);
  }
});

test('a name on the jam page leads to that Scratcher’s profile, and another casing of the address to the stored one', async ({
  page,
}) => {
  await page.goto('/ir/jams/space-sprint-jam#submissions');
  await waitUntilSettled(page);
  await page.locator('.entry').filter({ hasText: 'Orbit Runner' }).getByRole('link', { name: 'sprite_smith' }).click();
  await expect(page).toHaveURL(/\/ir\/users\/sprite_smith$/);
  await expect(page.getByRole('heading', { level: 1, name: 'sprite_smith' })).toBeVisible();
  await page.goto('/hu/users/SPRITE_SMITH');
  await expect(page).toHaveURL(/\/hu\/users\/sprite_smith$/);
});

async function bannedAuthor(site: Site): Promise<string> {
  const database = await openDatabase(site.databaseUrl);
  try {
    const name = 'profile_banned_e2e';
    const [existing] = await database.select().from(users).where(eq(users.name, name));
    if (existing) return name;
    const [person] = await database.insert(users).values({ name, isBanned: true }).returning();
    const [jam] = await database.select().from(jams).where(eq(jams.slug, 'autumn-arcade-jam'));
    await database
      .insert(entries)
      .values({ jamId: jam!.id, submitterId: person!.id, scratchId: 913_000_001, title: 'Banned Hidden Game', authorName: name });
    return name;
  } finally {
    database.$client.close();
  }
}

test('a banned user’s profile says only that the account is not available, in every locale', async ({ page, site }) => {
  const name = await bannedAuthor(site);
  for (const { code, prefix } of LOCALES) {
    const response = await page.goto(`${prefix}/users/${name}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: say(code, 'profile.unavailableTitle') })).toBeVisible();
    await expect(page.getByText(say(code, 'profile.unavailable'))).toBeVisible();
    await expect(page.getByText('Banned Hidden Game')).toHaveCount(0);
    await expect(page.locator('main img')).toHaveCount(0);
    await expect(page.getByRole('link', { name: say(code, 'profile.explore') })).toHaveAttribute('href', `${prefix}/explore`);
  }
});

/** Searches the jam page's entries with its form, as a visitor types and presses Enter. */
async function searchEntries(page: Page, code: Code, text: string): Promise<void> {
  const box = page.getByRole('searchbox', { name: say(code, 'entrySearch.label') });
  await box.fill(text);
  await box.press('Enter');
  await page.waitForURL((url) => url.searchParams.get('q') === text);
}

const cardTitles = (page: Page) => page.locator('ol.entries .entry-link');

test('searching the entries works without JavaScript, keeps the search in the address and clears it, in every locale', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const { code, prefix } of LOCALES) {
    await page.goto(`${prefix}/jams/space-sprint-jam`);
    await searchEntries(page, code, 'GRAVITY');
    expect(new URL(page.url()).pathname).toBe(`${prefix}/jams/space-sprint-jam`);
    await expect(cardTitles(page)).toHaveText(['Gravity Golf']);
    await expect(
      page.getByRole('status').filter({ hasText: say(code, 'entrySearch.results', { q: 'GRAVITY', count: 1 }) }),
    ).toBeVisible();
    // By author too.
    await searchEntries(page, code, 'block_builder');
    await expect(cardTitles(page)).toHaveText(['Moon Miner']);
    // Nothing matches: a kind message and the way back.
    await searchEntries(page, code, 'zebra');
    await expect(page.getByText(say(code, 'entrySearch.none', { q: 'zebra' }))).toBeVisible();
    await expect(cardTitles(page)).toHaveCount(0);
    await page.getByRole('link', { name: say(code, 'entrySearch.clear') }).click();
    await expect(cardTitles(page)).toHaveText(['Orbit Runner', 'Gravity Golf', 'Moon Miner']);
    expect(new URL(page.url()).searchParams.has('q')).toBe(false);
  }
  await context.close();
});

test('with JavaScript the search opens on the submissions, and an order keeps it', async ({ page }) => {
  for (const { code, prefix } of LOCALES) {
    await page.goto(`${prefix}/jams/space-sprint-jam#submissions`);
    await waitUntilSettled(page);
    await searchEntries(page, code, 'o');
    await waitUntilSettled(page);
    expect(new URL(page.url()).hash).toBe('#submissions');
    await expect(page.getByRole('searchbox', { name: say(code, 'entrySearch.label') })).toHaveValue('o');
    await page.getByRole('link', { name: say(code, 'entrySort.newest') }).click();
    await expect(page).toHaveURL(/\?q=o&sort=newest#submissions$/);
    await expect(cardTitles(page)).toHaveText(['Moon Miner', 'Gravity Golf', 'Orbit Runner']);
    await expect(page.getByRole('searchbox', { name: say(code, 'entrySearch.label') })).toHaveValue('o');
  }
});

for (const mode of ['light', 'dark', 'flame'] as const) {
  test(`a profile, a banned one and a search have no WCAG 2 A/AA violations and no sideways scroll at 320 px, in ${mode}`, async ({
    page,
    site,
  }) => {
    const banned = await bannedAuthor(site);
    await page.addInitScript((mode) => localStorage.setItem('itinerary-color-mode', mode), mode);
    for (const path of ['/users/pixel_pioneer', `/hu/users/${banned}`, '/ir/jams/space-sprint-jam?q=moon#submissions']) {
      for (const width of [1280, 320]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(path);
        await waitUntilSettled(page);
        await expect(page.locator('html')).toHaveAttribute('data-color-mode', mode);
        expect(await accessibilityViolations(page, { mode, include: 'main' }), `${path} ${width}`).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${path} ${width}`).toBeLessThanOrEqual(0);
      }
    }
  });
}
