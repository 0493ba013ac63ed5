/**
 * The guarantees our Node server keeps, kept on every target: a vote spike by one person gets the
 * exact vote limit and no 5xx (on workerd the libSQL server refuses past 128 requests at once and the
 * site asks again: without that, 57 of these 500 were answered 503; the Rate Limiting bindings count
 * without writing to the database), and half a surrogate pair is stored as a replacement character,
 * not answered 500.
 */
import { createClient } from '@libsql/client';
import { ADMIN, expect, ongoingJam, submitEntry, test, unique, userPage } from './fixtures';

const AUTHORS = [
  ['pixel_pioneer', 100000001],
  ['cat_coder', 100000002],
  ['GriffTheGreat', 100000004],
  ['MixedCase_Maker', 100000005],
] as const;

test('500 upvotes at once by one Scratcher: exactly the 3 votes of the limit, and not one answer of 5xx', async ({
  browser,
  target,
}) => {
  test.setTimeout(120_000);
  const jam = await ongoingJam(browser, 'Smoke Vote Spike');
  const entryIds: number[] = [];
  for (const [author, project] of AUTHORS) {
    const page = await userPage(browser, author);
    entryIds.push((await submitEntry(page, jam.slug, project)).id);
    await page.context().close();
  }

  const voter = await userPage(browser, 'spike_upvoter');
  // Node's fetch, not the page's: it opens a connection for each request at once, as 200 browsers would.
  const cookie = (await voter.context().cookies()).map(({ name, value }) => `${name}=${value}`).join('; ');
  const answers = await Promise.all(
    Array.from({ length: 500 }, (_, i) =>
      fetch(`${target.url}/api/jams/${jam.slug}/entries/${entryIds[i % entryIds.length]}/vote`, {
        method: 'PUT',
        headers: { cookie, origin: target.url },
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
    answers.every((status) => [200, 409, 429].includes(status)),
    JSON.stringify(counts),
  ).toBe(true);
  console.log(`${target.name}: 500 votes at once answered ${JSON.stringify(counts)}`);

  const database = createClient({ url: target.databaseUrl });
  try {
    const votes = await database.execute({
      sql: `select count(*) as n
            from votes join users on users.id = votes.voter_id
            where users.name = 'spike_upvoter' and votes.entry_id in (${entryIds.join(',')})`,
      args: [],
    });
    expect(Number(votes.rows[0]!.n)).toBe(3);
    // The Worker counts votes with its Rate Limiting binding (wrangler.jsonc), not a database write each.
    const buckets = await database.execute("select count(*) as n from rate_limit_buckets where key like 'votes:%'");
    expect(Number(buckets.rows[0]!.n)).toBe(target.name === 'workerd' ? 0 : 1);
  } finally {
    database.close();
  }
  const mine = await voter.request.get(`/api/jams/${jam.slug}/my-votes`);
  expect(await mine.json()).toMatchObject({ limit: 3, used: 3, remaining: 0 });
  await voter.context().close();
});

test('half a surrogate pair in a jam’s texts is kept as a replacement character, never a 500', async ({ browser, target }) => {
  const admin = await userPage(browser, ADMIN);
  const name = unique('Surrogate');
  // JSON with the halves written out, as JSON.stringify of an emoji cut in two sends it.
  const created = await admin.request.post('/api/jams', {
    headers: { 'content-type': 'application/json' },
    data: `{"name":"${name} \\ud83d","description":"Build a rocket \\ud800","startsAt":"${new Date().toISOString()}","endsAt":"${new Date(Date.now() + 3_600_000).toISOString()}"}`,
  });
  expect(created.status(), await created.text()).toBe(201);
  const { slug } = (await created.json()) as { slug: string };
  const changed = await admin.request.patch(`/api/jams/${slug}`, {
    headers: { 'content-type': 'application/json' },
    data: '{"body":"Go \\udc00 go","description":"Rockets \\ud83d\\ude80 only"}',
  });
  expect(changed.status(), await changed.text()).toBe(200);

  const database = createClient({ url: target.databaseUrl });
  try {
    const { rows } = await database.execute({ sql: 'select name, description, body from jams where slug = ?', args: [slug] });
    expect({ ...rows[0] }).toEqual({ name: `${name} \ufffd`, description: 'Rockets 🚀 only', body: 'Go \ufffd go' });
  } finally {
    database.close();
  }
  await admin.context().close();
});
