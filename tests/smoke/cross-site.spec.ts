import { ADMIN, expect, ongoingJam, test, userPage } from './fixtures';

const EVIL = 'https://evil.example';
const REFUSED = {
  error: { status: 403, code: 'forbidden', message: 'This request came from another site, so it was refused.' },
};

test('a forged cross-site write with the victim’s session cookie is refused with 403 and changes nothing', async ({
  browser,
}) => {
  const jam = await ongoingJam(browser, 'Smoke Forgery');
  const admin = await userPage(browser, ADMIN);
  const visitor = await userPage(browser, 'sprite_smith');
  const read = async () =>
    (await (await admin.request.get(`/api/jams/${jam.slug}`)).json()) as { description: string; participantCount: number };
  const before = await read();

  // The administrator's cookie rides along on an edit another site's page sent.
  const edit = await admin.request.patch(`/api/jams/${jam.slug}`, {
    headers: { origin: EVIL },
    data: { description: 'Defaced by evil.example' },
  });
  expect(edit.status()).toBe(403);
  expect(await edit.json()).toEqual(REFUSED);

  // A Scratcher's cookie on a forged join and a forged submission.
  const join = await visitor.request.put(`/api/jams/${jam.slug}/participation`, { headers: { origin: EVIL } });
  expect(join.status()).toBe(403);
  expect(await join.json()).toEqual(REFUSED);
  const submit = await visitor.request.post(`/api/jams/${jam.slug}/entries`, {
    headers: { origin: EVIL },
    data: { url: 'https://scratch.mit.edu/projects/900000101' },
  });
  expect(submit.status()).toBe(403);
  expect(await submit.json()).toEqual(REFUSED);

  const after = await read();
  expect(after.description).toBe(before.description);
  expect(after.participantCount).toBe(before.participantCount);
  const entries = (await (await admin.request.get(`/api/jams/${jam.slug}/entries`)).json()) as { entries: unknown[] };
  expect(entries.entries).toEqual([]);
});
