/**
 * Judges (ADR 040) on every target: in a judges-only jam a Scratcher who is not a judge is refused,
 * the invited judge accepts and votes, a spike of the judge's votes stays one vote and no 5xx, the
 * judge's private feedback reaches the team and never the public page, and the results show the
 * Judges' choice.
 */
import { ADMIN, MINUTE, expect, ongoingJam, submitEntry, test, userPage } from './fixtures';

test('a judge accepts, votes (a spike stays one vote), leaves private feedback the team reads, and the results show the Judges’ choice', async ({
  browser,
  target,
}) => {
  test.setTimeout(120_000);
  const jam = await ongoingJam(browser, 'Smoke Judges');
  const admin = await userPage(browser, ADMIN);
  const judgesOnly = await admin.request.patch(`/api/jams/${jam.slug}`, { data: { whoJudges: 'judges' } });
  expect(judgesOnly.status(), await judgesOnly.text()).toBe(200);
  const cat = await userPage(browser, 'cat_coder');
  const entry = await submitEntry(cat, jam.slug, 100000002);

  const fan = await userPage(browser, 'pixel_pioneer');
  const refused = await fan.request.put(`/api/jams/${jam.slug}/entries/${entry.id}/vote`);
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.message).toBe(
    'Only this jam’s judges can vote or rate its entries. You can still play them and cheer the teams on!',
  );

  const invited = await admin.request.post(`/api/jams/${jam.slug}/judges`, { data: { name: 'spike_judge' } });
  expect(invited.status(), await invited.text()).toBe(201);
  const judge = await userPage(browser, 'spike_judge');
  const accepted = await judge.request.put(`/api/me/judge-invitations/${jam.slug}`);
  expect(accepted.status(), await accepted.text()).toBe(200);

  const cookie = (await judge.context().cookies()).map(({ name, value }) => `${name}=${value}`).join('; ');
  const answers = await Promise.all(
    Array.from({ length: 50 }, () =>
      fetch(`${target.url}/api/jams/${jam.slug}/entries/${entry.id}/vote`, {
        method: 'PUT',
        headers: { cookie, origin: target.url },
      }).then(async (response) => {
        await response.arrayBuffer();
        return response.status;
      }),
    ),
  );
  expect(answers.filter((status) => status >= 500)).toEqual([]);
  expect(answers.every((status) => [200, 429].includes(status))).toBe(true);
  const mine = await (await judge.request.get(`/api/jams/${jam.slug}/my-votes`)).json();
  expect(mine).toMatchObject({ whoJudges: 'judges', judge: true, entryIds: [entry.id], used: 1 });

  await judge.goto(`/jams/${jam.slug}/entries/${entry.id}`);
  const box = judge.getByRole('region', { name: 'Judges’ private feedback' });
  await box.getByLabel('Your private feedback').fill('Smooth controls, lovely colours!');
  await box.getByRole('button', { name: 'Save feedback' }).click();
  await expect(box.getByText('Feedback saved. The team can read it now.')).toBeAttached();

  await cat.goto(`/jams/${jam.slug}/entries/${entry.id}`);
  await expect(
    cat.getByRole('region', { name: 'Judges’ private feedback' }).getByText('Smooth controls, lovely colours!'),
  ).toBeVisible();
  const publicPage = await (await fetch(`${target.url}/jams/${jam.slug}/entries/${entry.id}`)).text();
  expect(publicPage).not.toContain('Smooth controls');
  expect((await fan.request.get(`/api/jams/${jam.slug}/entries/${entry.id}/judge-feedback`)).status()).toBe(403);

  const ended = await admin.request.patch(`/api/jams/${jam.slug}`, {
    data: { startsAt: new Date(Date.now() - 60 * MINUTE).toISOString(), endsAt: new Date(Date.now() - MINUTE).toISOString() },
  });
  expect(ended.status()).toBe(200);
  const winners = await (await fetch(`${target.url}/api/jams/${jam.slug}/winners`)).json();
  expect(winners).toMatchObject({ communityChoice: null, judgesChoice: { id: entry.id, votes: 1 } });
});
