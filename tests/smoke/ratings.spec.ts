/**
 * Ratings by criteria (ADR 039) on every target: a Scratcher rates with the stars of the entry
 * page, 200 ratings at once by one person leave exactly one rating per criterion and no 5xx (the
 * rating is one statement), and the ended jam shows a place per criterion.
 */
import { createClient } from '@libsql/client';
import { ADMIN, MINUTE, expect, ongoingJam, submitEntry, test, userPage } from './fixtures';

test('a Scratcher rates an entry with stars, a spike of ratings stays one per criterion, and the results show places', async ({
  browser,
  target,
}) => {
  test.setTimeout(120_000);
  const jam = await ongoingJam(browser, 'Smoke Ratings');
  const admin = await userPage(browser, ADMIN);
  const judged = await admin.request.patch(`/api/jams/${jam.slug}`, { data: { judging: 'ratings', minRatings: 1 } });
  expect(judged.status(), await judged.text()).toBe(200);
  const cat = await userPage(browser, 'cat_coder');
  const entry = await submitEntry(cat, jam.slug, 100000002);

  const rater = await userPage(browser, 'spike_rater');
  await rater.goto(`/jams/${jam.slug}/entries/${entry.id}`);
  const overall = rater.getByRole('group', { name: 'Overall', exact: true });
  await overall.getByRole('radio', { name: '4 stars', exact: true }).check();
  await expect(overall.getByRole('radio', { name: '4 stars', exact: true })).toBeChecked();

  const cookie = (await rater.context().cookies()).map(({ name, value }) => `${name}=${value}`).join('; ');
  const answers = await Promise.all(
    Array.from({ length: 200 }, (_, i) =>
      fetch(`${target.url}/api/jams/${jam.slug}/entries/${entry.id}/rating`, {
        method: 'PUT',
        headers: { cookie, origin: target.url, 'content-type': 'application/json' },
        body: JSON.stringify({ stars: { '1': (i % 5) + 1, '2': 3 } }),
      }).then(async (response) => {
        await response.arrayBuffer();
        return response.status;
      }),
    ),
  );
  const counts = answers.reduce<Record<number, number>>(
    (tally, status) => ({ ...tally, [status]: (tally[status] ?? 0) + 1 }),
    {},
  );
  expect(
    answers.filter((status) => status >= 500),
    JSON.stringify(counts),
  ).toEqual([]);
  expect(
    answers.every((status) => [200, 429].includes(status)),
    JSON.stringify(counts),
  ).toBe(true);
  const database = createClient({ url: target.databaseUrl });
  try {
    const rows = await database.execute({
      sql: `select criterion_id, count(*) as n from ratings join users on users.id = ratings.rater_id
            where users.name = 'spike_rater' and ratings.entry_id = ? group by criterion_id order by criterion_id`,
      args: [entry.id],
    });
    expect(rows.rows.map((row) => [Number(row.criterion_id), Number(row.n)])).toEqual([
      [1, 1],
      [2, 1],
    ]);
  } finally {
    database.close();
  }

  // The jam ends: its entry page shows the place per criterion.
  const ended = await admin.request.patch(`/api/jams/${jam.slug}`, {
    data: { startsAt: new Date(Date.now() - 60 * MINUTE).toISOString(), endsAt: new Date(Date.now() - MINUTE).toISOString() },
  });
  expect(ended.status()).toBe(200);
  await rater.goto(`/jams/${jam.slug}/entries/${entry.id}`);
  const results = rater.getByRole('region', { name: 'Results' });
  await expect(results.getByRole('row').filter({ has: rater.getByRole('rowheader', { name: 'Overall' }) })).toContainText('#1');
  await expect(results.getByRole('row').filter({ has: rater.getByRole('rowheader', { name: 'Art' }) })).toContainText(
    'Not enough ratings',
  );
});
