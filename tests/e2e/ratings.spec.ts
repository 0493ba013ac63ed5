/**
 * Ratings by criteria (issue 42 §1, ADR 039) in the browser: a manager makes a ratings jam with
 * criteria of their own, people rate entries with stars (and change a star), nobody rates their own
 * entry, and once voting ends every entry shows its place, average and count per criterion.
 */
import { type Browser, type Page } from '@playwright/test';
import { accessibilityViolations } from './accessibility';
import { createJamThroughApi, datetimeLocal, expect, gotoUntilShown, test, userPage, waitUntilSettled } from './fixtures';
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

async function entryIds(page: Page, slug: string): Promise<Record<string, number>> {
  const list = (await (await page.request.get(`/api/jams/${slug}/entries`)).json()) as {
    entries: { id: number; title: string }[];
  };
  return Object.fromEntries(list.entries.map((entry) => [entry.title, entry.id]));
}

/** The star of a criterion's radio group on an entry page. */
const star = (page: Page, criterion: string, stars: number) =>
  page
    .getByRole('group', { name: criterion, exact: true })
    .getByRole('radio', { name: stars === 1 ? '1 star' : `${stars} stars`, exact: true });

test('a manager makes a ratings jam with their criteria; people rate and change their stars; results show a place per criterion', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const admin = await userPage(browser, 'demo_admin');
  const name = `Star Jam ${uniqueTag()}`;
  await admin.goto('/jams/new');
  await admin.getByLabel('Name').fill(name);
  await admin.getByLabel('Description').fill('Every game gets stars.');
  await admin.getByLabel(/^Start\b/).fill(datetimeLocal(-MINUTE));
  await admin.getByLabel(/^End\b/).fill(datetimeLocal(HOUR));
  const judging = admin.getByRole('group', { name: 'Judging' });
  await judging.getByRole('radio', { name: 'Star ratings' }).check();
  const criteria = judging.getByRole('group', { name: 'Criteria' });
  await expect(criteria.getByRole('textbox')).toHaveCount(5);
  // Theme becomes Story, Sound goes, Music comes.
  await criteria.getByRole('textbox', { name: 'Criterion 5' }).fill('Story');
  await criteria.getByRole('button', { name: 'Remove criterion 4' }).click();
  await criteria.getByRole('button', { name: 'Add a criterion' }).click();
  await criteria.getByRole('textbox', { name: 'Criterion 5' }).fill('Music');
  await judging.getByLabel('Ratings needed to be ranked').fill('1');
  await admin.getByRole('button', { name: 'Create game jam' }).click();
  await expect(admin.getByRole('heading', { level: 1, name })).toBeVisible();
  const slug = new URL(admin.url()).pathname.split('/').pop()!;
  const jam = await (await admin.request.get(`/api/jams/${slug}`)).json();
  expect(jam).toMatchObject({
    judging: 'ratings',
    minRatings: 1,
    criteria: [
      { id: 1, name: 'Overall' },
      { id: 2, name: 'Fun' },
      { id: 3, name: 'Art' },
      { id: 4, name: 'Story' },
      { id: 5, name: 'Music' },
    ],
  });

  await enter(browser, slug, 'pixel_pioneer', 100000001);
  await enter(browser, slug, 'cat_coder', 100000002);
  const ids = await entryIds(admin, slug);

  // The cards lead to the entry page to rate (play first, then rate).
  const sprite = await userPage(browser, 'sprite_smith');
  const catCard = sprite.getByRole('listitem').filter({ has: sprite.getByRole('heading', { name: 'Cat Platformer' }) });
  // The page the manager's creation cached may stand for the new entries for a second (gotoUntilShown).
  await gotoUntilShown(sprite, `/jams/${slug}#submissions`, catCard.getByRole('link', { name: 'Rate it' }));
  await expect(catCard.getByRole('button', { name: /Upvote/ })).toHaveCount(0);
  await catCard.getByRole('link', { name: 'Rate it' }).click();
  await expect(sprite.getByRole('heading', { level: 1, name: 'Cat Platformer' })).toBeVisible();

  // Stars per criterion; a polite status says what was saved; a changed star replaces the old one.
  await star(sprite, 'Overall', 4).check();
  await expect(sprite.getByRole('status').filter({ hasText: 'Overall: 4 stars saved' })).toBeAttached();
  await star(sprite, 'Fun', 5).check();
  await expect(star(sprite, 'Fun', 5)).toBeChecked();
  await star(sprite, 'Overall', 5).check();
  await expect(star(sprite, 'Overall', 5)).toBeChecked();
  await expect(star(sprite, 'Overall', 4)).not.toBeChecked();
  expect(await accessibilityViolations(sprite)).toEqual([]);
  // Still there after a reload: the server kept them (only for the rater).
  await sprite.reload();
  await expect(star(sprite, 'Overall', 5)).toBeChecked();
  await expect(star(sprite, 'Fun', 5)).toBeChecked();
  const mine = await (await sprite.request.get(`/api/jams/${slug}/my-votes`)).json();
  expect(mine.ratings).toEqual([
    { entryId: ids['Cat Platformer'], criterionId: 1, stars: 5 },
    { entryId: ids['Cat Platformer'], criterionId: 2, stars: 5 },
  ]);

  // Nobody rates their own entry; the others rate each other's.
  const pixel = await userPage(browser, 'pixel_pioneer');
  await pixel.goto(`/jams/${slug}/entries/${ids['Pixel Quest']}`);
  await expect(pixel.getByText('Your entry', { exact: true })).toBeVisible();
  await expect(pixel.getByRole('radio')).toHaveCount(0);
  await pixel.goto(`/jams/${slug}/entries/${ids['Cat Platformer']}`);
  await star(pixel, 'Overall', 3).check();
  await expect(star(pixel, 'Overall', 3)).toBeChecked();
  const cat = await userPage(browser, 'cat_coder');
  await cat.goto(`/jams/${slug}/entries/${ids['Pixel Quest']}`);
  await star(cat, 'Overall', 2).check();
  await expect(star(cat, 'Overall', 2)).toBeChecked();

  // Voting ends: each entry shows its place, average and count per criterion.
  const ended = await admin.request.patch(`/api/jams/${slug}`, {
    data: { startsAt: new Date(Date.now() - HOUR).toISOString(), endsAt: new Date(Date.now() - MINUTE).toISOString() },
  });
  expect(ended.status(), await ended.text()).toBe(200);
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/jams/${slug}/entries/${ids['Cat Platformer']}`);
  const results = visitor.getByRole('region', { name: 'Results' });
  const row = (criterion: string) =>
    results.getByRole('row').filter({ has: visitor.getByRole('rowheader', { name: criterion }) });
  await expect(row('Overall')).toContainText('#1');
  await expect(row('Overall')).toContainText('4.0');
  await expect(row('Overall')).toContainText('2 ratings');
  await expect(row('Fun')).toContainText('#1');
  await expect(row('Art')).toContainText('Not enough ratings');
  await expect(visitor.getByRole('radio')).toHaveCount(0);
  expect(await accessibilityViolations(visitor)).toEqual([]);
  await visitor.goto(`/jams/${slug}/entries/${ids['Pixel Quest']}`);
  await expect(row('Overall')).toContainText('#2');
  await expect(row('Fun')).toContainText('Not enough ratings');
  // The jam's own order is Overall's: Cat Platformer first in the results, with its average; the
  // community's choice shows its place on every criterion.
  await visitor.goto(`/jams/${slug}`);
  const resultsTab = visitor.getByRole('tabpanel', { name: 'Results' });
  await expect(resultsTab.getByRole('listitem').first()).toContainText('Cat Platformer');
  await expect(resultsTab.getByRole('listitem').first()).toContainText('★ 4.0 · 2 ratings');
  await expect(resultsTab).toContainText('Overall #1 · Fun #1 · Art – · Story – · Music –');
  await visitor.getByRole('tab', { name: 'Submissions (2)' }).click();
  const first = visitor.locator('.entries > li').first();
  await expect(first.getByRole('heading')).toContainText('#1');
  await expect(first.getByRole('heading')).toContainText('Cat Platformer');
  await expect(first).toContainText('★ 4.0 · 2 ratings');
});

for (const mode of ['light', 'dark', 'flame'] as const) {
  test(`the stars fit a 390 px phone in ${mode}, move with the arrow keys, and pass the accessibility checks`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    const admin = await userPage(browser, 'demo_admin');
    const jam = await createJamThroughApi(admin.request, {
      name: `Phone Stars ${mode} ${uniqueTag()}`,
      description: 'Stars on a small screen.',
      startsAt: new Date(Date.now() - MINUTE).toISOString(),
      endsAt: new Date(Date.now() + HOUR).toISOString(),
      judging: 'ratings',
      criteria: [{ name: 'Overall' }, { name: 'Sound effects and music of the game' }],
    });
    await enter(browser, jam.slug, 'cat_coder', 100000002);
    const ids = await entryIds(admin, jam.slug);
    const page = await userPage(browser, 'sprite_smith');
    await page.addInitScript((mode) => localStorage.setItem('itinerary-color-mode', mode), mode);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/jams/${jam.slug}/entries/${ids['Cat Platformer']}`);
    await waitUntilSettled(page);
    await expect(page.locator('html')).toHaveAttribute('data-color-mode', mode);
    await star(page, 'Overall', 3).check();
    await expect(star(page, 'Overall', 3)).toBeChecked();
    // The keyboard: arrows move the choice within the criterion's group, as in any radio group.
    await star(page, 'Overall', 3).press('ArrowRight');
    await expect(star(page, 'Overall', 4)).toBeChecked();
    await expect(star(page, 'Overall', 4)).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: 'Overall: 4 stars saved' })).toBeAttached();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.locator('.star-rating').screenshot({ path: testInfo.outputPath(`stars-${mode}.png`) });
    expect(await accessibilityViolations(page, { mode, include: 'main' })).toEqual([]);
    // The criteria editor in the same colour mode and width.
    await admin.addInitScript((mode) => localStorage.setItem('itinerary-color-mode', mode), mode);
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.goto('/jams/new');
    const judging = admin.getByRole('group', { name: 'Judging' });
    await judging.getByRole('radio', { name: 'Star ratings' }).check();
    await expect(judging.getByRole('group', { name: 'Criteria' }).getByRole('textbox')).toHaveCount(5);
    const formOverflow = await admin.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(formOverflow).toBeLessThanOrEqual(0);
    await judging.screenshot({ path: testInfo.outputPath(`criteria-${mode}.png`) });
  });
}
