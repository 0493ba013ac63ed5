/**
 * The layout holds on small phones: no page scrolls sideways at 320 px (light and flame, whose
 * chips and buttons differ), the controls people tap are at least 44 × 44 px at 390 px, and a
 * user whose picture cannot be loaded shows the initial placeholder instead of a broken image.
 */
import { type Page } from '@playwright/test';
import { expect, loginAs, pretendLoggedIn, test, waitUntilSettled } from './fixtures';

const MODES = ['light', 'flame'] as const;
const JAMS = { upcoming: '/jams/winter-mystery-jam', ongoing: '/jams/space-sprint-jam', ended: '/jams/autumn-arcade-jam' };

/** Pages anyone can open, each with the heading that says it has rendered. */
const PUBLIC_PAGES = [
  { name: 'home', path: '/', heading: 'Welcome to Itinerary' },
  { name: 'explore', path: '/explore', heading: 'Explore' },
  { name: 'an upcoming jam', path: JAMS.upcoming, heading: 'Winter Mystery Jam' },
  { name: 'an ongoing jam', path: JAMS.ongoing, heading: 'Space Sprint Jam' },
  { name: 'an ended jam', path: JAMS.ended, heading: 'Autumn Arcade Jam' },
  { name: 'login', path: '/login', heading: 'Log in to Itinerary' },
  { name: 'about', path: '/about', heading: 'About Itinerary' },
  { name: 'FAQ', path: '/faq', heading: 'Frequently asked questions' },
  { name: 'the 404 error screen', path: '/no-such-page', heading: 'This page could not be found' },
];

/** Pages for a logged-in administrator, each with what shows it has loaded. */
const ADMIN_PAGES = [
  { name: 'the dashboard', path: '/dashboard', ready: (page: Page) => page.getByRole('heading', { name: 'Your dashboard' }) },
  {
    name: 'the users table',
    path: '/dashboard/users',
    ready: (page: Page) => page.getByRole('cell', { name: 'demo_admin', exact: true }),
  },
  { name: 'create jam', path: '/jams/new', ready: (page: Page) => page.getByRole('heading', { name: 'Create a game jam' }) },
  {
    name: 'request a jam',
    path: '/jams/request',
    ready: (page: Page) => page.getByRole('heading', { level: 1, name: 'Request a game jam' }),
  },
  {
    name: 'the jam requests queue',
    path: '/dashboard/jam-requests',
    ready: (page: Page) => page.getByRole('button', { name: /^Review “Puzzle Planet Jam”/ }),
  },
];

async function useColorMode(page: Page, mode: string) {
  await page.addInitScript((mode) => localStorage.setItem('itinerary-color-mode', mode), mode);
}

/** The page's width beyond the viewport, with the elements sticking out (for the failure message). */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const sticksOut = (element: Element) => element.getBoundingClientRect().right > width + 0.5;
    // The outermost elements that stick out: their parent still fits.
    const culprits = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => sticksOut(element) && element.parentElement && !sticksOut(element.parentElement))
      .slice(0, 5)
      .map((element) => {
        const owner = element.closest('[class]:not([class^="astro-"])') ?? element;
        const text = (element.textContent ?? '').trim().slice(0, 30);
        return `<${element.tagName.toLowerCase()}> in .${[...owner.classList].join('.')} "${text}" (${Math.round(element.getBoundingClientRect().right)} px)`;
      });
    return { scrollWidth: document.documentElement.scrollWidth, culprits };
  });
}

/** Soft in a loop of pages, so one page's failure does not hide the next one's. */
async function expectNoSidewaysScroll(page: Page, { soft = false } = {}) {
  const { scrollWidth, culprits } = await overflow(page);
  (soft ? expect.soft : expect)(scrollWidth, `wider than 320 px because of: ${culprits.join(', ')}`).toBeLessThanOrEqual(320);
}

for (const mode of MODES) {
  test.describe(`at 320 px in ${mode}`, () => {
    test.use({ viewport: { width: 320, height: 640 } });

    for (const { name, path, heading } of PUBLIC_PAGES) {
      test(`${name} does not scroll sideways`, async ({ page }) => {
        await useColorMode(page, mode);
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('data-color-mode', mode);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await waitUntilSettled(page);
        await expectNoSidewaysScroll(page);
      });
    }

    test('the dashboard, the users table, create jam and the jam requests do not scroll sideways for an administrator', async ({
      page,
    }) => {
      test.setTimeout(60_000);
      await useColorMode(page, mode);
      await loginAs(page, 'demo_admin');
      for (const { name, path, ready } of ADMIN_PAGES) {
        await test.step(name, async () => {
          await page.goto(path);
          await expect(ready(page).first()).toBeVisible();
          await waitUntilSettled(page);
          await expectNoSidewaysScroll(page, { soft: true });
        });
      }
    });
  });
}

/** Visible controls smaller than 44 × 44 px, described for the failure message. */
async function smallTargets(page: Page, selector: string) {
  const small: string[] = [];
  for (const control of await page.locator(selector).filter({ visible: true }).all()) {
    const box = await control.boundingBox();
    if (box && (box.width < 44 || box.height < 44)) {
      small.push(
        `"${(await control.innerText()).trim() || (await control.getAttribute('aria-label'))}" ${Math.round(box.width)}×${Math.round(box.height)}`,
      );
    }
  }
  return small;
}

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the navigation bar's controls are at least 44 px square, folded and unfolded", async ({ page }) => {
    await page.goto('/explore');
    const nav = page.getByRole('banner');
    const menu = nav.getByRole('button', { name: 'Menu' });
    await expect(menu).toBeVisible();
    expect(await smallTargets(page, 'header :is(a, button)')).toEqual([]);
    await menu.click();
    await expect(nav.getByRole('link', { name: 'Log in' })).toBeVisible();
    const controls = nav.locator(':is(a, button)').filter({ visible: true });
    expect(await controls.count()).toBeGreaterThanOrEqual(8);
    expect(await smallTargets(page, 'header :is(a, button)')).toEqual([]);
  });

  for (const { name, path } of [
    { name: 'home', path: '/' },
    { name: 'explore', path: '/explore' },
    { name: 'an upcoming jam', path: JAMS.upcoming },
    { name: 'an ongoing jam', path: JAMS.ongoing },
    { name: 'an ended jam', path: JAMS.ended },
  ]) {
    test(`the buttons on ${name} are at least 44 px square`, async ({ page }) => {
      await page.goto(path);
      await waitUntilSettled(page);
      const buttons = page.locator('main :is(.button, button)').filter({ visible: true });
      expect(await buttons.count()).toBeGreaterThan(0);
      expect(await smallTargets(page, 'main :is(.button, button)')).toEqual([]);
    });
  }
});

test('a user whose picture cannot be loaded shows their initial in the navigation bar', async ({ page, baseURL }) => {
  await pretendLoggedIn(page, baseURL!);
  await page.route('**/api/user/*/picture', (route) => route.abort('connectionrefused'));
  await page.goto('/about');
  const profile = page.getByRole('banner').getByRole('link', { name: 'pixel_pioneer' });
  await expect(profile).toBeVisible();
  const picture = profile.locator('img');
  await expect(picture).toHaveAttribute('data-failed', '');
  await expect(picture).toBeHidden();
  const placeholder = profile.locator('.avatar-placeholder');
  await expect(placeholder).toBeVisible();
  await expect(placeholder).toHaveText('p');
  const box = await placeholder.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(24);
});
