/**
 * Issue 57 on every target: a jam's statistics page (nothing of a mystery jam before its start, the
 * charts once it runs, in every locale) and a host's colour, refused with the nearest that passes.
 */
import { ADMIN, MINUTE, createJam, expect, test, unique, userPage } from './fixtures';

test('the statistics page keeps a mystery jam secret until its start, then tells its story; a hard-to-see colour is refused', async ({
  browser,
  request,
}) => {
  const admin = await userPage(browser, ADMIN);
  const startsAt = new Date(Date.now() + 5_000);
  const jam = await createJam(admin.request, {
    name: unique('Smoke Stats'),
    startsAt,
    endsAt: new Date(Date.now() + 60 * MINUTE),
    mystery: true,
  });

  const before = await (await request.get(`/jams/${jam.slug}/stats`)).text();
  expect(Date.now(), 'the check before the start ran too late').toBeLessThan(startsAt.getTime());
  expect(before).toContain('data-stats-mystery');
  expect(before).not.toContain('<figure');

  await expect
    .poll(async () => (await (await request.get(`/jams/${jam.slug}/stats`)).text()).includes('id="chart-entries-title"'), {
      timeout: 20_000,
      intervals: [500],
    })
    .toBe(true);
  for (const prefix of ['/hu', '/ir']) expect((await request.get(`${prefix}/jams/${jam.slug}/stats`)).status()).toBe(200);
  await admin.goto(`/jams/${jam.slug}/stats`);
  await expect(admin.getByRole('figure', { name: 'Entries', exact: true })).toBeVisible();
  await expect(admin.getByRole('table', { name: 'Entries', exact: true })).toBeAttached();

  const refused = await admin.request.patch(`/api/jams/${jam.slug}`, { data: { accentColor: '#ffff00' } });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toContain(
    'The nearest colour that passes is #8f8f00.',
  );
  expect((await admin.request.patch(`/api/jams/${jam.slug}`, { data: { accentColor: '#8f8f00' } })).status()).toBe(200);
  await expect
    .poll(async () => (await (await request.get(`/jams/${jam.slug}`)).text()).includes('--jam-accent: #8f8f00'), {
      timeout: 20_000,
      intervals: [500],
    })
    .toBe(true);
  await admin.context().close();
});
