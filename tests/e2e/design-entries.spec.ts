import { type Browser } from '@playwright/test';
import { expect, loginAs, test, userPage } from './fixtures';
import { uniqueTag } from '../helpers/unique-tag';

const MINUTE = 60_000;
/** A 1×1 PNG, served in place of pictures from the outside world. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** An ongoing jam with pixel_pioneer's "Pixel Quest" entered. */
async function jamWithOneEntry(browser: Browser): Promise<string> {
  const admin = await userPage(browser, 'demo_admin');
  const created = await admin.request.post('/api/jams', {
    data: {
      name: `Picture Party ${uniqueTag()}`,
      description: 'Entries as thumbnail cards.',
      startsAt: new Date(Date.now() - MINUTE).toISOString(),
      endsAt: new Date(Date.now() + 60 * MINUTE).toISOString(),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { slug } = (await created.json()) as { slug: string };
  await admin.context().close();
  const pixel = await userPage(browser, 'pixel_pioneer');
  const entered = await pixel.request.post(`/api/jams/${slug}/entries`, {
    data: { url: 'https://scratch.mit.edu/projects/100000001' },
  });
  expect(entered.status(), await entered.text()).toBe(201);
  await pixel.context().close();
  return slug;
}

test('an entry whose thumbnail fails to load shows its generated art instead of a broken image', async ({ browser }) => {
  const slug = await jamWithOneEntry(browser);
  const page = await (await browser.newContext()).newPage();
  await page.route('https://cdn2.scratch.mit.edu/**', (route) => route.abort());
  await page.goto(`/jams/${slug}#submissions`);

  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Pixel Quest' }) });
  const thumbnail = card.locator('img[src*="cdn2.scratch.mit.edu/get_image/project/100000001"]');
  await card.scrollIntoViewIfNeeded();
  await expect(thumbnail).toHaveAttribute('data-failed', '');
  await expect(thumbnail).toBeHidden();

  const picture = card.locator('.picture');
  await expect(picture).toBeVisible();
  const box = await picture.boundingBox();
  expect(box?.width).toBeGreaterThan(100);
  // 4:3, like Scratch's 480×360 thumbnails.
  expect(Math.abs(box!.height - (box!.width * 3) / 4)).toBeLessThan(2);
  expect(await picture.evaluate((element) => getComputedStyle(element).backgroundImage)).toContain('gradient');
  await page.context().close();
});

test('Play opens the Scratch player in the card and Close brings the thumbnail back', async ({ browser }) => {
  const slug = await jamWithOneEntry(browser);
  const page = await (await browser.newContext()).newPage();
  await page.route('https://scratch.mit.edu/projects/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<p>The player</p>' }),
  );
  await page.goto(`/jams/${slug}#submissions`);

  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Pixel Quest' }) });
  await expect(card.getByRole('link', { name: 'View on Scratch' })).toHaveAttribute(
    'href',
    'https://scratch.mit.edu/projects/100000001',
  );
  await card.getByRole('button', { name: 'Play', exact: true }).click();
  const player = card.locator('iframe[title="Scratch player: Pixel Quest"]');
  await expect(player).toBeVisible();
  await expect(player).toHaveAttribute('src', 'https://scratch.mit.edu/projects/100000001/embed');
  await expect(card.locator('.picture')).toHaveCount(0);
  // Scratch's embed proportions (485×402), never wider than the card.
  const [frame, cardBox] = [await player.boundingBox(), await card.boundingBox()];
  expect(Math.abs(frame!.height - (frame!.width * 402) / 485)).toBeLessThan(2);
  expect(frame!.width).toBeLessThanOrEqual(cardBox!.width);
  await expect(card.getByRole('button', { name: 'Close player' })).toBeFocused();

  await card.getByRole('button', { name: 'Close player' }).click();
  await expect(player).toHaveCount(0);
  await expect(card.locator('.picture')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Play', exact: true })).toBeFocused();
  await page.context().close();
});

test('the Upvote button says whether it is pressed, how many votes are left, and why voting will not work', async ({
  browser,
}) => {
  const slug = await jamWithOneEntry(browser);

  const anonymous = await (await browser.newContext()).newPage();
  await anonymous.goto(`/jams/${slug}#submissions`);
  const anonymousCard = anonymous.getByRole('listitem').filter({ has: anonymous.getByRole('heading', { name: 'Pixel Quest' }) });
  await expect(anonymousCard.getByRole('button', { name: 'Upvote' })).toHaveAccessibleDescription('Log in to vote');
  await anonymous.context().close();

  const author = await userPage(browser, 'pixel_pioneer');
  await author.goto(`/jams/${slug}#submissions`);
  const ownCard = author.getByRole('listitem').filter({ has: author.getByRole('heading', { name: 'Pixel Quest' }) });
  await expect(ownCard.getByText('Your entry')).toBeVisible();
  await expect(ownCard.getByRole('button', { name: /upvote/i })).toHaveCount(0);
  await author.context().close();

  const voter = await userPage(browser, 'sprite_smith');
  await voter.goto(`/jams/${slug}#submissions`);
  const card = voter.getByRole('listitem').filter({ has: voter.getByRole('heading', { name: 'Pixel Quest' }) });
  const button = card.getByRole('button', { name: /Upvote|upvoted/ });
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await expect(button).toHaveAccessibleDescription('3 votes left');
  await expect(card.getByText('3 votes left')).toBeVisible();
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await expect(button).toHaveText(/upvoted/);
  await expect(card.getByText('2 votes left')).toBeVisible();
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await expect(card.getByText('3 votes left')).toBeVisible();
  await voter.context().close();
});

test('the submit dialog previews the Scratch project once the URL names one', async ({ browser }) => {
  const slug = await jamWithOneEntry(browser);
  const page = await userPage(browser, 'cat_coder');
  await page.route('https://cdn2.scratch.mit.edu/**', (route) => route.fulfill({ contentType: 'image/png', body: PNG }));
  await page.goto(`/jams/${slug}`);
  await page.getByRole('button', { name: 'Enter the game jam' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enter the game jam' });
  const preview = dialog.getByRole('figure');
  await expect(preview.locator('img')).toHaveCount(0);
  await dialog.getByLabel('Game URL').fill('https://scratch.mit.edu/projects/100000002/');
  await expect(preview).toContainText('Project 100000002');
  const thumbnail = preview.locator('img');
  await expect(thumbnail).toHaveAttribute('src', 'https://cdn2.scratch.mit.edu/get_image/project/100000002_480x360.png');
  await expect(thumbnail).toBeVisible();
  await dialog.getByLabel('Game URL').fill('https://scratch.mit.edu/users/cat_coder');
  await expect(preview.locator('img')).toHaveCount(0);
  await page.context().close();
});

test('the jam form previews the cover picture once an image link is typed', async ({ page }) => {
  await loginAs(page, 'demo_admin');
  await page.route('https://images.example.org/**', (route) => route.fulfill({ contentType: 'image/png', body: PNG }));
  await page.goto('/jams/new');
  const preview = page.getByRole('figure', { name: 'Cover preview' });
  await expect(preview.locator('.picture')).toBeVisible();
  await expect(preview.locator('img')).toHaveCount(0);

  await page.getByLabel('Name').fill('Cover Story');
  await page.getByLabel('Image link').fill('https://images.example.org/cover.png');
  const cover = preview.locator('img');
  await expect(cover).toHaveAttribute('src', 'https://images.example.org/cover.png');
  await expect(cover).toBeVisible();
  await expect(cover).not.toHaveAttribute('data-failed');
  await expect(preview).toContainText('Cover Story');
  const box = await preview.locator('.picture').boundingBox();
  expect(Math.abs(box!.height - (box!.width * 9) / 16)).toBeLessThan(2);

  await page.getByLabel('Image link').fill('not a link');
  await expect(preview.locator('img')).toHaveCount(0);
});

test('a vote the server was too busy for is sent once more after its Retry-After, and the voter is told if that fails too', async ({
  browser,
}) => {
  const slug = await jamWithOneEntry(browser);
  const voter = await userPage(browser, 'sprite_smith');
  // The answer a database busy past its retries gives (errors.ts: 503, Retry-After), for the next `busy` votes.
  let busy = 1;
  const sent: string[] = [];
  await voter.route(`**/api/jams/${slug}/entries/*/vote`, async (route) => {
    sent.push(route.request().method());
    if (busy-- <= 0) return route.fallback();
    await route.fulfill({
      status: 503,
      headers: { 'retry-after': '1' },
      contentType: 'application/json',
      body: JSON.stringify({
        error: {
          status: 503,
          code: 'upstream_unavailable',
          message: 'The database is busy or unreachable right now. Please try again in a moment.',
        },
      }),
    });
  });
  await voter.goto(`/jams/${slug}#submissions`);
  const card = voter.getByRole('listitem').filter({ has: voter.getByRole('heading', { name: 'Pixel Quest' }) });
  const button = card.getByRole('button', { name: /Upvote|upvoted/ });
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await expect(card.getByText('2 votes left')).toBeVisible();
  expect(sent).toEqual(['PUT', 'PUT']);

  busy = 2;
  sent.length = 0;
  await button.click();
  await expect(
    voter.getByRole('alert').filter({
      hasText: 'We tried twice, but the site is too busy right now. Nothing was changed; please try again in a moment.',
    }),
  ).toBeVisible();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  expect(sent).toEqual(['DELETE', 'DELETE']);
  await voter.reload();
  await expect(card.getByRole('button', { name: /Upvote|upvoted/ })).toHaveAttribute('aria-pressed', 'true');
  await voter.context().close();
});
