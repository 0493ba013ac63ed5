/**
 * Issue 13, the jam page: a banner header, an action card beside the body (above it on phones),
 * real tabs (links to anchors without JavaScript, a keyboard tablist with it) and, after the end,
 * a winners podium and the ranking. Runs against the demo seed (db/seed.ts).
 */
import { accessibilityViolations } from './accessibility';
import { type Page } from '@playwright/test';
import { expect, test, waitUntilSettled } from './fixtures';

const ENDED = '/jams/autumn-arcade-jam';
const ONGOING = '/jams/space-sprint-jam';
const UPCOMING = '/jams/winter-mystery-jam';

const tab = (page: Page, name: string | RegExp) => page.getByRole('tab', { name });
const panel = (page: Page, name: string | RegExp) => page.getByRole('tabpanel', { name });

test.describe('with JavaScript', () => {
  test('the tabs open the results of an ended jam first and move by keyboard, keeping the address in step', async ({ page }) => {
    await page.goto(ENDED);
    await expect(page.getByRole('tablist')).toBeVisible();
    await expect(page.getByRole('tab')).toHaveText(['About this jam', 'Submissions (3)', 'Results']);
    await expect(tab(page, 'Results')).toHaveAttribute('aria-selected', 'true');
    await expect(panel(page, 'Results').getByRole('region', { name: 'Winners' })).toBeVisible();
    await expect(page.getByText('Falling leaves.')).toBeHidden();
    // Roving tabindex: only the selected tab is in the Tab order.
    await expect(tab(page, 'Results')).toHaveAttribute('tabindex', '0');
    await expect(tab(page, 'About this jam')).toHaveAttribute('tabindex', '-1');
    await expect(tab(page, 'Submissions (3)')).toHaveAttribute('tabindex', '-1');

    await tab(page, 'Results').focus();
    await page.keyboard.press('ArrowRight');
    await expect(tab(page, 'About this jam')).toBeFocused();
    await expect(tab(page, 'About this jam')).toHaveAttribute('aria-selected', 'true');
    await expect(tab(page, 'Results')).toHaveAttribute('aria-selected', 'false');
    await expect(panel(page, 'About this jam')).toContainText('Falling leaves.');
    await expect(page.getByRole('region', { name: 'Winners' })).toBeHidden();
    await expect(page).toHaveURL(/#about$/);

    await page.keyboard.press('ArrowRight');
    await expect(tab(page, 'Submissions (3)')).toBeFocused();
    await expect(panel(page, 'Submissions (3)').getByRole('heading', { name: /Pumpkin Pong/ })).toBeVisible();
    await expect(page.getByText('Falling leaves.')).toBeHidden();
    await expect(page).toHaveURL(/#submissions$/);

    await page.keyboard.press('Home');
    await expect(tab(page, 'About this jam')).toBeFocused();
    await expect(tab(page, 'About this jam')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('End');
    await expect(tab(page, 'Results')).toBeFocused();
    await expect(panel(page, 'Results')).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(tab(page, 'Submissions (3)')).toHaveAttribute('aria-selected', 'true');
    await expect(tab(page, 'Submissions (3)')).toHaveAttribute('tabindex', '0');
    await expect(tab(page, 'Results')).toHaveAttribute('tabindex', '-1');

    // A shared link opens the tab it names.
    await page.goto(`${ENDED}#about`);
    await expect(tab(page, 'About this jam')).toHaveAttribute('aria-selected', 'true');
    await expect(panel(page, 'About this jam')).toContainText('Falling leaves.');
    await expect(page.getByRole('region', { name: 'Winners' })).toBeHidden();
    // And a click selects too.
    await tab(page, 'Submissions (3)').click();
    await expect(panel(page, 'Submissions (3)')).toBeVisible();
    await expect(page).toHaveURL(/#submissions$/);
  });

  test('a running jam has no Results tab and opens on its description', async ({ page }) => {
    await page.goto(ONGOING);
    await expect(page.getByRole('tab')).toHaveText(['About this jam', 'Submissions (3)']);
    await expect(tab(page, 'About this jam')).toHaveAttribute('aria-selected', 'true');
    await expect(panel(page, 'About this jam')).toContainText('Anything that goes round and round.');
    await expect(page.getByRole('region', { name: 'Winners' })).toHaveCount(0);
  });

  test('the action card sits beside the body at 1280 px and above it at 390 px', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(ONGOING);
    const card = page.getByRole('region', { name: 'Timing' });
    const body = page.getByRole('navigation', { name: 'Jam sections' });
    const about = panel(page, 'About this jam');
    let cardBox = (await card.boundingBox())!;
    let bodyBox = (await body.boundingBox())!;
    const aboutBox = (await about.boundingBox())!;
    expect(cardBox.x).toBeGreaterThanOrEqual(bodyBox.x + bodyBox.width);
    expect(cardBox.y).toBeLessThan(aboutBox.y + aboutBox.height);
    expect(cardBox.y + cardBox.height).toBeGreaterThan(bodyBox.y);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(ONGOING);
    cardBox = (await card.boundingBox())!;
    bodyBox = (await body.boundingBox())!;
    expect(cardBox.y + cardBox.height).toBeLessThanOrEqual(bodyBox.y);
    expect(Math.abs(cardBox.x - bodyBox.x)).toBeLessThan(48);
  });

  test('after the end, a podium shows the winner and the community’s choice, then the ranking', async ({ page }) => {
    await page.goto(ENDED);
    const podium = page.getByRole('region', { name: 'Winners' }).getByRole('listitem');
    await expect(podium).toHaveCount(2);
    const winner = podium.filter({ hasText: 'winner' }).filter({ hasNotText: 'community' });
    await expect(winner.getByRole('heading', { name: 'Leaf Catcher' })).toBeVisible();
    await expect(winner).toContainText('pixel_pioneer');
    await expect(winner.getByRole('link', { name: 'Leaf Catcher' })).toHaveAttribute(
      'href',
      'https://scratch.mit.edu/projects/900000201',
    );
    await expect(winner.locator('.picture > img')).toHaveAttribute(
      'src',
      'https://cdn2.scratch.mit.edu/get_image/project/900000201_480x360.png',
    );
    const community = podium.filter({ hasText: 'selected by the community' });
    await expect(community.getByRole('heading', { name: 'Pumpkin Pong' })).toBeVisible();
    await expect(community).toContainText('cat_coder');
    await expect(community).toContainText('2 votes');
    // The picture keeps Scratch's 4:3 whether or not the thumbnail loads.
    const thumbnail = (await winner.locator('.picture').boundingBox())!;
    expect(thumbnail.width / thumbnail.height).toBeCloseTo(4 / 3, 1);

    const ranking = page.getByRole('region', { name: 'Ranking' }).getByRole('listitem');
    await expect(ranking).toHaveText([
      // Each place says how many it is out of (issue 57).
      /^#1\s+of 3 Pumpkin Pong\s+cat_coder\s+2 votes$/,
      /^#2\s+of 3 Leaf Catcher\s+pixel_pioneer\s+1 vote$/,
      /^#3\s+of 3 Acorn Invaders\s+loop_legend\s+1 vote$/,
    ]);
  });

  test('the header shows the name on the picture, the chips and the big countdown with its spaces', async ({ page }) => {
    await page.goto(UPCOMING);
    const header = page.locator('.jam-header');
    await expect(header.getByRole('heading', { level: 1 })).toHaveText('Winter Mystery Jam');
    await expect(header.getByRole('listitem')).toHaveText(['Upcoming', 'Featured', 'Mystery mode']);
    await expect(header.locator('.countdown')).toHaveText(/^Starting in \d+ d \d\d h \d\d m \d\d s\s*$/);
    const banner = (await header.locator('.picture').boundingBox())!;
    const title = (await header.getByRole('heading', { level: 1 }).boundingBox())!;
    expect(title.y).toBeGreaterThanOrEqual(banner.y);
    expect(title.y + title.height).toBeLessThanOrEqual(banner.y + banner.height);
  });

  test('no jam page scrolls sideways at 320 px', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 700 });
    for (const path of [UPCOMING, ONGOING, ENDED]) {
      await page.goto(path);
      for (const name of await page.getByRole('tab').allTextContents()) {
        await tab(page, name).click();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${path} ${name}`).toBeLessThanOrEqual(0);
      }
    }
  });

  for (const mode of ['light', 'dark', 'flame'] as const) {
    test(`every tab of every jam page has no WCAG 2 A/AA violations in ${mode}`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.addInitScript((mode) => localStorage.setItem('itinerary-color-mode', mode), mode);
      for (const path of [UPCOMING, ONGOING, ENDED]) {
        await page.goto(path);
        await waitUntilSettled(page);
        await expect(page.locator('html')).toHaveAttribute('data-color-mode', mode);
        for (const name of await page.getByRole('tab').allTextContents()) {
          await tab(page, name).click();
          // The page's own content; the shell around it has its own gate (quality-gates.spec.ts).
          expect(await accessibilityViolations(page, { mode, include: 'main' }), `${path} ${name}`).toEqual([]);
        }
      }
    });
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the tabs are links to anchors and every section is readable', async ({ page }) => {
    await page.goto(ENDED);
    const sections = page.getByRole('navigation', { name: 'Jam sections' });
    await expect(page.getByRole('tablist')).toHaveCount(0);
    await expect(sections.getByRole('link', { name: 'About this jam' })).toHaveAttribute('href', '#about');
    await expect(sections.getByRole('link', { name: 'Submissions (3)' })).toHaveAttribute('href', '#submissions');
    await expect(sections.getByRole('link', { name: 'Results' })).toHaveAttribute('href', '#results');
    await expect(page.getByRole('heading', { level: 2, name: 'About this jam' })).toBeVisible();
    await expect(page.getByText('Falling leaves.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Submissions (3)' })).toBeVisible();
    await expect(page.locator('#submissions').getByRole('heading', { name: /Acorn Invaders/ })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Results' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Winners' }).getByRole('heading', { name: 'Leaf Catcher' })).toBeVisible();

    await sections.getByRole('link', { name: 'Submissions (3)' }).click();
    await expect(page).toHaveURL(/#submissions$/);
    await expect(page.getByText('Falling leaves.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Winners' })).toBeVisible();
  });
});
