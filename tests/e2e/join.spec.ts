import { type Browser, type Page } from '@playwright/test';
import { createJamThroughApi, expect, test, userPage } from './fixtures';
import { uniqueTag } from '../helpers/unique-tag';

const MINUTE = 60_000;

async function newJam(browser: Browser, name: string, startsIn: number) {
  const admin = await userPage(browser, 'demo_admin');
  const jam = await createJamThroughApi(admin.request, {
    name: `${name} ${uniqueTag()}`,
    description: 'Joining end to end.',
    startsAt: new Date(Date.now() + startsIn).toISOString(),
    endsAt: new Date(Date.now() + startsIn + 60 * MINUTE).toISOString(),
  });
  await admin.context().close();
  return jam;
}

const counter = (page: Page) => page.locator('[data-participant-count]');

test('a visitor is asked to log in; a Scratcher joins, sees the count go up, leaves, and finds the jam on the dashboard', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { slug, name } = await newJam(browser, 'Join Parade', 10 * MINUTE);

  const visitor = await browser.newPage();
  await visitor.goto(`/jams/${slug}`);
  await expect(counter(visitor)).toHaveText('0 joined');
  await expect(visitor.getByText('Want to take part? Log in with your Scratch account.')).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Join this jam' })).toHaveCount(0);

  const cat = await userPage(browser, 'cat_coder');
  await cat.goto(`/jams/${slug}`);
  await cat.getByRole('button', { name: 'Join this jam' }).click();
  await expect(cat.getByText('You joined this jam.')).toBeVisible();
  await expect(counter(cat)).toHaveText('1 joined');

  await cat.goto('/dashboard');
  const joined = cat.locator('li', { hasText: name });
  await expect(cat.getByRole('heading', { name: 'Jams you joined' })).toBeVisible();
  await expect(joined.getByText('Not submitted yet')).toBeVisible();
  await expect(joined.locator('.countdown')).toBeVisible();

  // The jam page (cached public HTML) shows the count to everyone once re-rendered.
  await expect(async () => {
    await visitor.reload();
    await expect(counter(visitor)).toHaveText('1 joined', { timeout: 500 });
  }).toPass({ timeout: 15_000 });

  await cat.goto(`/jams/${slug}`);
  await cat.getByRole('button', { name: 'Leave' }).click();
  await expect(cat.getByRole('button', { name: 'Join this jam' })).toBeVisible();
  await expect(counter(cat)).toHaveText('0 joined');
});

test('someone who submitted has joined and cannot leave', async ({ browser }) => {
  const { slug } = await newJam(browser, 'Submitted Join', -MINUTE);
  const pixel = await userPage(browser, 'pixel_pioneer');
  const response = await pixel.request.post(`/api/jams/${slug}/entries`, {
    data: { url: 'https://scratch.mit.edu/projects/100000001' },
  });
  expect(response.status(), await response.text()).toBe(201);
  await pixel.goto(`/jams/${slug}`);
  await expect(pixel.getByText('You have entered this game jam.')).toBeVisible();
  await expect(pixel.getByRole('button', { name: 'Leave' })).toHaveCount(0);
  await expect(pixel.getByRole('button', { name: 'Join this jam' })).toHaveCount(0);
  await expect(counter(pixel)).toHaveText('1 joined');
});

for (const { prefix, join, joinedText, count } of [
  { prefix: '/hu', join: 'Csatlakozás a jamhez', joinedText: 'Csatlakoztál ehhez a jamhez.', count: '1 csatlakozott' },
  { prefix: '/ir', join: 'Glac páirt sa jam seo', joinedText: 'Ghlac tú páirt sa jam seo.', count: '1 páirteach' },
]) {
  test(`joining works on the ${prefix} pages in their language`, async ({ browser }) => {
    const { slug } = await newJam(browser, `Join ${prefix}`, 10 * MINUTE);
    const griff = await userPage(browser, 'GriffTheGreat');
    await griff.goto(`${prefix}/jams/${slug}`);
    await griff.getByRole('button', { name: join }).click();
    await expect(griff.getByText(joinedText)).toBeVisible();
    await expect(counter(griff)).toHaveText(count);
  });
}
