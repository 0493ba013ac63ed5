/**
 * Results the host publishes and hidden entries (ADR 041) on every target, checked like mystery
 * mode: no cached page shows a hidden entry before submissions close (not even after its team
 * opened it), the entry shows once they close, and a manual jam's results wait for the publish.
 */
import { ADMIN, MINUTE, type CreatedJam, expect, submitEntry, test, unique, userPage } from './fixtures';

test('hidden entries stay out of every cached page until submissions close; results wait for the publish', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await userPage(browser, ADMIN);
  const endsAt = new Date(Date.now() + 12_000);
  const created = await admin.request.post('/api/jams', {
    data: {
      name: unique('Smoke Hidden'),
      description: 'Entries wait for the deadline.',
      startsAt: new Date(Date.now() - MINUTE).toISOString(),
      endsAt: endsAt.toISOString(),
      votingEndsAt: new Date(Date.now() + 60 * MINUTE).toISOString(),
      results: 'manual',
      hiddenEntries: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const jam = (await created.json()) as CreatedJam;
  const cat = await userPage(browser, 'cat_coder');
  const entry = await submitEntry(cat, jam.slug, 100000002);
  const entryPath = `/jams/${jam.slug}/entries/${entry.id}`;

  // Before the close: a visitor gets the 404 and a page without the entry; its team sees it, privately.
  expect((await request.get(entryPath)).status()).toBe(404);
  const own = await cat.request.get(entryPath);
  expect(own.status()).toBe(200);
  expect(own.headers()['cache-control']).toBe('private, no-store');
  expect(await own.text()).toContain(entry.title);
  const after = await request.get(entryPath);
  expect(after.status(), 'a visitor after the team: nothing cached leaks').toBe(404);
  const before = await request.get(`/jams/${jam.slug}`);
  expect(await before.text()).not.toContain(entry.title);
  expect(((await (await request.get(`/api/jams/${jam.slug}/entries`)).json()) as { entries: unknown[] }).entries).toEqual([]);
  expect(Date.now(), 'the checks before the close ran too late').toBeLessThan(endsAt.getTime());

  // After the close: the entry page and the jam page show it (the cached copies ended at the close).
  await expect.poll(async () => (await request.get(entryPath)).status(), { timeout: 30_000, intervals: [500] }).toBe(200);
  await expect
    .poll(async () => (await (await request.get(`/jams/${jam.slug}`)).text()).includes(entry.title), {
      timeout: 30_000,
      intervals: [500],
    })
    .toBe(true);

  // Voting ends: the results wait for a manager; publishing shows them on the cached page.
  const ended = await admin.request.patch(`/api/jams/${jam.slug}`, {
    data: { votingEndsAt: new Date(Date.now() + 1000).toISOString() },
  });
  expect(ended.status(), await ended.text()).toBe(200);
  await expect
    .poll(async () => (await (await request.get(`/jams/${jam.slug}`)).text()).includes('data-results-pending'), {
      timeout: 30_000,
      intervals: [500],
    })
    .toBe(true);
  expect(((await (await request.get(`/api/jams/${jam.slug}`)).json()) as { resultsPublic: boolean }).resultsPublic).toBe(false);
  const published = await admin.request.put(`/api/jams/${jam.slug}/results`);
  expect(published.status(), await published.text()).toBe(200);
  await expect
    .poll(async () => (await (await request.get(`/jams/${jam.slug}`)).text()).includes('id="results-heading"'), {
      timeout: 30_000,
      intervals: [500],
    })
    .toBe(true);
  expect(((await (await request.get(`/api/jams/${jam.slug}`)).json()) as { resultsPublic: boolean }).resultsPublic).toBe(true);
});
