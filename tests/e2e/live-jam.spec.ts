/**
 * A live jam (issue 44, ADR 044) in the browser: two visitors on the jam page see an entry submitted
 * from a third browser appear without a reload, and both see the results revealed when a manager
 * publishes them.
 */
import { createJamThroughApi, expect, test, userPage } from './fixtures';
import { watchLiveJam } from '../helpers/live-page';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

test('two visitors see an entry arrive and the results revealed, live', async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await userPage(browser, 'demo_admin');
  const { slug } = await createJamThroughApi(admin.request, {
    name: `Live Jam ${Date.now().toString(36)}`,
    description: 'Watch it happen.',
    startsAt: new Date(Date.now() - MINUTE).toISOString(),
    endsAt: new Date(Date.now() + HOUR).toISOString(),
    results: 'manual',
  });
  const visitors = await Promise.all([0, 1].map(async () => (await browser.newContext()).newPage()));
  for (const visitor of visitors) await watchLiveJam(visitor, slug);

  const pixel = await userPage(browser, 'pixel_pioneer');
  const submitted = await pixel.request.post(`/api/jams/${slug}/entries`, {
    data: { url: 'https://scratch.mit.edu/projects/100000001' },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  for (const visitor of visitors) {
    const justIn = visitor.getByRole('region', { name: 'Just in' });
    await expect(justIn.getByRole('link', { name: 'Pixel Quest' })).toBeVisible();
    await expect(justIn.getByText('by pixel_pioneer')).toBeVisible();
    await expect(visitor.locator('[data-live-counts]')).toHaveText('Live · 1 entry · 1 joined');
    // The cached page's own counters tick with the stream.
    await expect(visitor.locator('[data-participant-count]')).toHaveText('1 joined');
    await expect(visitor.getByRole('tab', { name: 'Submissions (1)' })).toBeVisible();
    await expect(visitor.locator('[data-live-announcement]')).toHaveText('New entry: Pixel Quest by pixel_pioneer');
  }

  // Voting ends; a manager publishes the results: every open page reveals them together.
  const ended = await admin.request.patch(`/api/jams/${slug}`, {
    data: { startsAt: new Date(Date.now() - HOUR).toISOString(), endsAt: new Date(Date.now() - MINUTE).toISOString() },
  });
  expect(ended.status(), await ended.text()).toBe(200);
  expect((await admin.request.put(`/api/jams/${slug}/results`)).status()).toBe(200);
  for (const visitor of visitors) {
    await expect(visitor.getByRole('heading', { level: 2, name: 'The results are out!' })).toBeVisible();
    await expect(visitor.locator('[data-live-announcement]')).toHaveText('The results are out!');
    await expect(visitor.getByRole('link', { name: 'See the results' })).toHaveAttribute('href', `/jams/${slug}#results`);
  }
});
