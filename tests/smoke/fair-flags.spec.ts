/**
 * Fair judging §1 on every deploy target: the Scratch history read at submission flags a project
 * made before the jam; after the end, the first read of the jam checks every entry again in the
 * background (on workerd through the request's `waitUntil`); a manager disqualifies the entry.
 */
import { ADMIN, MINUTE, createJam, expect, submitEntry, test, unique, userPage } from './fixtures';

test('an entry made before the jam is flagged, checked again after the end, and disqualified', async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await userPage(browser, ADMIN);
  const jam = await createJam(admin.request, {
    name: unique('Smoke Flags'),
    startsAt: new Date(Date.now() - MINUTE),
    endsAt: new Date(Date.now() + 60 * MINUTE),
  });
  const author = await userPage(browser, 'flag_oldtimer');
  const entry = (await submitEntry(author, jam.slug, 100000009)) as unknown as {
    id: number;
    flags: { kind: string; at: string }[];
  };
  expect(entry.flags).toEqual([
    { kind: 'created-before-start', at: '2026-02-20T10:00:00.000Z', parentId: null, parentTitle: null },
  ]);
  await author.context().close();

  const review = async () =>
    (await (await admin.request.get(`/api/jams/${jam.slug}/review`)).json()) as {
      entriesCheckedAt: string | null;
      entries: { id: number; historyCheckedAt: string }[];
    };
  const submittedCheck = (await review()).entries[0]!.historyCheckedAt;

  // The manager ends the jam early (instead of the test waiting for a real end).
  const endsAt = new Date(Date.now() + 1_000);
  const ended = await admin.request.patch(`/api/jams/${jam.slug}`, { data: { endsAt: endsAt.toISOString() } });
  expect(ended.status(), await ended.text()).toBe(200);
  // After the end: one read of the jam starts the check, and the answer does not wait for it.
  await expect.poll(() => Date.now(), { timeout: 40_000 }).toBeGreaterThan(endsAt.getTime() + 1000);
  expect((await admin.request.get(`/api/jams/${jam.slug}`)).status()).toBe(200);
  await expect.poll(async () => (await review()).entries[0]!.historyCheckedAt, { timeout: 20_000 }).not.toBe(submittedCheck);
  expect((await review()).entriesCheckedAt).not.toBeNull();

  const disqualified = await admin.request.put(`/api/jams/${jam.slug}/entries/${entry.id}/review`, {
    data: { review: 'disqualified' },
  });
  expect(disqualified.status(), await disqualified.text()).toBe(200);
  await admin.goto(`/jams/${jam.slug}/review`);
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText(`Review the entries of ${jam.name}`);
  await expect(admin.locator('li[data-entry-id]')).toHaveAttribute('data-review', 'disqualified');
  await admin.context().close();
});
