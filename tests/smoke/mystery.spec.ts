import { ADMIN, MINUTE, createJam, expect, test, unique, userPage } from './fixtures';

test('a mystery jam keeps its body out of the public page until it starts, then shows it', async ({ browser, request }) => {
  const secret = `The theme is ${unique('LIGHTHOUSES').replace(/\s/g, '-')}`;
  const admin = await userPage(browser, ADMIN);
  const startsAt = new Date(Date.now() + 5_000);
  const jam = await createJam(admin.request, {
    name: unique('Smoke Mystery'),
    description: 'Guess the theme!',
    body: secret,
    startsAt,
    endsAt: new Date(Date.now() + 60 * MINUTE),
    mystery: true,
  });

  // Before the start: not in the public HTML nor the public API; the administrator still sees it.
  const before = await request.get(`/jams/${jam.slug}`);
  expect(before.status()).toBe(200);
  const html = await before.text();
  expect(Date.now(), 'the checks before the start ran too late').toBeLessThan(startsAt.getTime());
  expect(html).toContain('Guess the theme!');
  expect(html).not.toContain(secret);
  expect(((await (await request.get(`/api/jams/${jam.slug}`)).json()) as { body: string | null }).body).toBeNull();
  await admin.goto(`/jams/${jam.slug}`);
  await expect(admin.locator('.mystery-preview')).toContainText(secret);
  await admin.context().close();

  // After the start: the body is in the public HTML.
  await expect
    .poll(async () => (await (await request.get(`/jams/${jam.slug}`)).text()).includes(secret), {
      timeout: 20_000,
      intervals: [500],
    })
    .toBe(true);
  expect(Date.now()).toBeGreaterThanOrEqual(startsAt.getTime());
});
