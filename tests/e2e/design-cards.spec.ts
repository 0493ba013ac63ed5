/**
 * Issue 13, jam cards, home, explore and the dashboard: cards in a responsive grid, one link per
 * card, covers that fall back to generated art, digit countdowns with their spaces, the home rows,
 * numbered pagination and a toolbar that works without JavaScript. Runs against the demo seed.
 */
import { type Page } from '@playwright/test';
import { createJamThroughApi, datetimeLocal, expect, loginAs, test } from './fixtures';
import { uniqueTag } from '../helpers/unique-tag';

const HOUR = 60 * 60 * 1000;
const cards = (page: Page) => page.locator('article.jam-card');
const card = (page: Page, name: string) => cards(page).filter({ has: page.getByRole('link', { name, exact: true }) });

/** How many columns the cards stand in: the number of distinct left edges. */
const columns = (page: Page) =>
  cards(page).evaluateAll((all) => new Set(all.map((element) => Math.round(element.getBoundingClientRect().left))).size);

for (const [width, expected] of [
  [390, 1],
  [768, 2],
  [1280, 3],
] as const) {
  test(`explore shows the jams in ${expected} column${expected > 1 ? 's' : ''} at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/explore?perPage=20');
    await expect(cards(page).nth(2)).toBeVisible();
    expect(await columns(page)).toBe(expected);
  });
}

test('a jam card is one link that covers the whole card, with chips, its facts and a spaced countdown', async ({ page }) => {
  await page.goto('/explore?q=Space+Sprint');
  const sprint = card(page, 'Space Sprint Jam');
  await expect(sprint.locator('a')).toHaveCount(1);
  const link = sprint.getByRole('link', { name: 'Space Sprint Jam', exact: true });
  await expect(link).toHaveAttribute('href', '/jams/space-sprint-jam');
  // The link's stretched ::after covers the card: a click on the cover opens the jam.
  const box = (await sprint.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + 20);
  await expect(page).toHaveURL(/\/jams\/space-sprint-jam$/);
  await page.goBack();

  await expect(sprint.locator('.chip')).toHaveText(['Ongoing', 'Featured']);
  await expect(sprint.getByRole('definition')).toHaveText([/\w+ \d+, \d{4}/, /\w+ \d+, \d{4}/, /^\d+$/, /^\d+$/]);
  await expect(sprint.getByRole('term')).toHaveText(['Starts', 'Ends', 'Entries', 'Joined']);
  const countdown = sprint.locator('.countdown');
  await expect(countdown).toHaveAttribute('data-hydrated', 'true');
  await expect(countdown).toHaveText(/^Ending in \d+ d \d\d h \d\d m \d\d s\s*$/);
  await expect(countdown.getByRole('timer')).toHaveAccessibleName(/^\d+ days? \d+ hours? \d+ minutes? \d+ seconds?$/);
});

test('a jam cover that fails to load gives way to the generated art', async ({ page }) => {
  test.setTimeout(60_000);
  await loginAs(page, 'demo_admin');
  const name = `Broken Cover ${Date.now()}`;
  await page.goto('/jams/new');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Description').fill('A cover from a server that is down.');
  await page.getByLabel('Image link').fill('https://covers.example.test/down.png');
  await page.getByLabel(/^Start\b/).fill(datetimeLocal(HOUR));
  await page.getByLabel(/^End\b/).fill(datetimeLocal(48 * HOUR));
  await page.getByRole('button', { name: 'Create game jam' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  await page.route('https://covers.example.test/**', (route) => route.abort('connectionrefused'));
  await page.goto(`/explore?q=${encodeURIComponent(name)}`);
  const cover = card(page, name).locator('.picture');
  const image = cover.locator('img');
  await image.scrollIntoViewIfNeeded();
  await expect(image).toHaveAttribute('data-failed', '');
  await expect(image).toBeHidden();
  // The art is painted behind the image: a gradient background on the picture itself.
  expect(await cover.evaluate((element) => getComputedStyle(element).backgroundImage)).toContain('gradient');
  await expect(cover).toBeVisible();
});

test('home shows a hero, the featured jams and the Happening now and Starting soon rows with See all links', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Itinerary' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/explore');
  // A visitor is offered to log in; the link appears once the session is known.
  await expect(page.getByRole('main').getByRole('link', { name: 'Log in' })).toBeVisible();

  const featured = page.getByRole('region', { name: 'Featured game jams' });
  await expect(featured.getByRole('link', { name: 'Space Sprint Jam', exact: true })).toBeVisible();
  // Other tests add jams to the shared database, so each row is compared with its "See all" list:
  // the row shows the first jams of that list, in its order.
  const happening = page.getByRole('region', { name: 'Happening now' });
  const happeningNames = await happening.locator('a.card-link').allTextContents();
  expect(happeningNames.length).toBeGreaterThan(0);
  expect(happeningNames.length).toBeLessThanOrEqual(3);
  await expect(happening.getByRole('link', { name: /^See all ?: Happening now$/ })).toHaveAttribute(
    'href',
    '/explore?status=ongoing&sort=ending-soonest',
  );
  const starting = page.getByRole('region', { name: 'Starting soon' });
  const startingNames = await starting.locator('a.card-link').allTextContents();
  expect(startingNames.length).toBeGreaterThan(0);
  await starting.getByRole('link', { name: /^See all ?: Starting soon$/ }).click();
  await expect(page).toHaveURL(/\/explore\?status=upcoming&sort=starting-soonest$/);
  const upcomingNames = await cards(page).locator('a.card-link').allTextContents();
  expect(upcomingNames.slice(0, startingNames.length).map((name) => name.trim())).toEqual(
    startingNames.map((name) => name.trim()),
  );
  await page.goto('/explore?status=ongoing&sort=ending-soonest');
  const ongoingNames = await cards(page).locator('a.card-link').allTextContents();
  expect(ongoingNames.slice(0, happeningNames.length).map((name) => name.trim())).toEqual(
    happeningNames.map((name) => name.trim()),
  );
  await page.goBack();
  await expect(page.getByRole('radio', { name: 'Upcoming' })).toBeChecked();
  await expect(cards(page).locator('.chip.upcoming').first()).toHaveText('Upcoming');
  await expect(cards(page).locator('.chip.ended')).toHaveCount(0);
});

test('explore pages with numbered links around the current page and keeps "Page {page} of {total}"', async ({ page }) => {
  // The demo seed has three jams: four more make at least three pages of three.
  await loginAs(page, 'demo_admin');
  for (const day of [1, 2, 3, 4]) {
    await createJamThroughApi(page.request, {
      name: `Paging Jam ${day} ${uniqueTag()}`,
      description: 'A jam that fills the explore pages.',
      body: 'Make something.',
      startsAt: new Date(Date.now() + day * 24 * HOUR).toISOString(),
      endsAt: new Date(Date.now() + (day + 2) * 24 * HOUR).toISOString(),
    });
  }
  await page.goto('/explore?perPage=3');
  const pages = page.getByRole('navigation', { name: 'Pages' });
  const total = Number((await pages.getByText(/^Page 1 of \d+$/).textContent())!.match(/of (\d+)/)![1]);
  expect(total).toBeGreaterThan(1);
  await expect(pages.getByRole('link', { name: 'Page 1', exact: true })).toHaveAttribute('aria-current', 'page');
  await pages.getByRole('link', { name: 'Page 2', exact: true }).click();
  await expect(page).toHaveURL(/perPage=3&page=2$/);
  await expect(pages.getByText(`Page 2 of ${total}`)).toBeVisible();
  await expect(pages.getByRole('link', { name: 'Page 2', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(pages.getByRole('link', { name: /Previous/ })).toHaveAttribute('href', '/explore?perPage=3');
  const count = Number((await page.getByText(/^\d+ game jams$/).textContent())!.split(' ')[0]);
  expect(Math.ceil(count / 3)).toBe(total);
});

test.describe('with JavaScript turned off', () => {
  test.use({ javaScriptEnabled: false });

  test('the explore toolbar filters by status, featured and sort through a plain form', async ({ page }) => {
    await page.goto('/explore');
    await page.getByRole('radio', { name: 'Ended' }).check();
    await page.getByLabel('Sort by').selectOption('name');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/status=ended/);
    await expect(page).toHaveURL(/sort=name/);
    await expect(page.getByRole('radio', { name: 'Ended' })).toBeChecked();
    await expect(card(page, 'Autumn Arcade Jam')).toBeVisible();
    await expect(cards(page).locator('.chip.ongoing')).toHaveCount(0);

    await page.getByRole('radio', { name: 'Any status' }).check();
    await page.getByLabel('Featured only').check();
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/featured=true/);
    await expect(card(page, 'Space Sprint Jam')).toBeVisible();
    await expect(card(page, 'Autumn Arcade Jam')).toHaveCount(0);
  });
});

test('the dashboard shows the profile, the jams as compact cards with their status, and the danger zone apart', async ({
  page,
}) => {
  await loginAs(page, 'pixel_pioneer');
  await page.goto('/dashboard');
  const profile = page.getByRole('region', { name: 'pixel_pioneer' });
  await expect(profile.getByRole('heading', { level: 1, name: 'Your dashboard' })).toBeVisible();
  await expect(profile.getByText('User', { exact: true })).toBeVisible();
  const jams = page.getByRole('region', { name: 'Your game jams' });
  const autumn = jams.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Autumn Arcade Jam' }) });
  // Submitting joined the jam: it is under "Jams you joined" (with what is left) and "Jams you entered".
  await expect(autumn).toHaveText([
    /Autumn Arcade Jam Ended\s*Results are out/,
    /Autumn Arcade Jam Ended your entry: Leaf Catcher/,
  ]);
  for (const card of await autumn.all()) await expect(card.locator('a')).toHaveCount(1);
  await expect(
    page.getByRole('region', { name: 'Delete my account' }).getByRole('button', { name: 'Delete my account' }),
  ).toBeVisible();
});
