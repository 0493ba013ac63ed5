/**
 * Theme rounds (ADR 043) on every target: suggestions, then round 1 on the jam page (the Yes / No /
 * Skip card), a spike of one person's answers staying one answer (the answer is one statement), and
 * the theme hidden until the start, then out in the API.
 */
import { ADMIN, MINUTE, createJam, expect, test, unique, userPage } from './fixtures';

const at = (offset: number) => new Date(Date.now() + offset).toISOString();
const schedule = (phase: number) => {
  const [suggestFrom, round1From, finalFrom, closesAt] = [0, 1, 2, 3].map((i) => at((i - phase) * 10 * MINUTE - MINUTE));
  return { enabled: true, suggestFrom, round1From, finalFrom, closesAt };
};

test('theme suggestions, round 1 on the jam page and a spike of answers, and the theme out only at the start', async ({
  browser,
  target,
}) => {
  test.setTimeout(120_000);
  const admin = await userPage(browser, ADMIN);
  const jam = await createJam(admin.request, {
    name: unique('Smoke Theme'),
    startsAt: new Date(Date.now() + 120 * MINUTE),
    endsAt: new Date(Date.now() + 600 * MINUTE),
  });
  expect((await admin.request.put(`/api/jams/${jam.slug}/theme/rounds`, { data: schedule(0) })).status()).toBe(200);
  const cat = await userPage(browser, 'cat_coder');
  for (const text of ['Clockwork', 'the clockworks', 'Deep sea']) {
    expect((await cat.request.post(`/api/jams/${jam.slug}/theme/suggestions`, { data: { text } })).status()).toBe(201);
  }
  expect((await admin.request.put(`/api/jams/${jam.slug}/theme/rounds`, { data: schedule(1) })).status()).toBe(200);

  const voter = await userPage(browser, 'spike_themer');
  await voter.goto(`/jams/${jam.slug}`);
  const panel = voter.getByRole('region', { name: 'The theme, chosen together' });
  await expect(panel.getByText('Clockwork', { exact: true })).toBeVisible();
  await panel.getByRole('button', { name: 'Yes', exact: true }).click();
  await expect(panel.getByText('Deep sea', { exact: true })).toBeVisible();

  const mine = (await (await voter.request.get(`/api/jams/${jam.slug}/theme/mine`)).json()) as { next: { id: number } };
  const cookie = (await voter.context().cookies()).map(({ name, value }) => `${name}=${value}`).join('; ');
  const statuses = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      fetch(`${target.url}/api/jams/${jam.slug}/theme/suggestions/${mine.next.id}/answer`, {
        method: 'PUT',
        headers: { cookie, origin: target.url, 'content-type': 'application/json' },
        body: JSON.stringify({ answer: i % 2 ? 'yes' : 'no' }),
      }).then(async (response) => {
        await response.arrayBuffer();
        return response.status;
      }),
    ),
  );
  expect(statuses.filter((status) => status >= 500)).toEqual([]);
  const after = (await (await voter.request.get(`/api/jams/${jam.slug}/theme/mine`)).json()) as { next: unknown };
  expect(after.next).toBeNull();

  expect((await (await voter.request.get(`/api/jams/${jam.slug}`)).json()).theme).toBeNull();
  // Theme voting closes first: a start before it closes is refused (400 naming startsAt).
  expect((await admin.request.put(`/api/jams/${jam.slug}/theme/rounds`, { data: schedule(4) })).status()).toBe(200);
  const started = await admin.request.patch(`/api/jams/${jam.slug}`, { data: { startsAt: at(-MINUTE) } });
  expect(started.status(), await started.text()).toBe(200);
  expect((await (await voter.request.get(`/api/jams/${jam.slug}`)).json()).theme).toBe('Clockwork');
});
