/**
 * The jam version (issue 56, ADR 050) on every deploy target: a maker uploads a small real .sb3 (made
 * by the test), a voter plays it in the sandboxed player, the stage moves after the green flag, and
 * no request leaves the site. On workerd the file lives in the R2 bucket of `wrangler dev --local`;
 * on the Node server in the folder beside the database; elsewhere in the database.
 */
import { createClient } from '@libsql/client';
import { makeSb3 } from '../helpers/sb3';
import { expect, ongoingJam, submitEntry, test, userPage } from './fixtures';

test('a maker uploads the jam version and a voter plays it here: the stage moves after the green flag, nothing leaves the site', async ({
  browser,
  target,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const jam = await ongoingJam(browser, 'Smoke Jam Version');
  const admin = await userPage(browser, 'demo_admin');
  const set = await admin.request.patch(`/api/jams/${jam.slug}`, { data: { jamVersion: 'allowed', judgeJamVersion: true } });
  expect(set.status(), await set.text()).toBe(200);
  await admin.context().close();

  const maker = await userPage(browser, 'cat_coder');
  const entry = await submitEntry(maker, jam.slug, 100000002);
  const uploaded = await maker.request.put(`/api/jams/${jam.slug}/entries/${entry.id}/jam-version`, {
    headers: { 'content-type': 'application/x.scratch.sb3' },
    data: Buffer.from(makeSb3()),
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  const refused = await maker.request.put(`/api/jams/${jam.slug}/entries/${entry.id}/jam-version`, {
    headers: { 'content-type': 'application/x.scratch.sb3' },
    data: Buffer.from('not a zip'),
  });
  expect(refused.status()).toBe(400);
  await maker.context().close();

  // The Worker keeps the file in R2, not in the database's fallback table.
  if (target.name === 'workerd') {
    const database = createClient({ url: target.databaseUrl });
    try {
      expect((await database.execute('select count(*) as n from stored_files')).rows[0]!.n).toBe(0);
    } finally {
      database.close();
    }
  }

  const voter = await userPage(browser, 'loop_legend');
  const requests: { url: string; frame: string }[] = [];
  voter.on('request', (request) => requests.push({ url: request.url(), frame: request.frame().url() }));
  await voter.goto(`/jams/${jam.slug}/entries/${entry.id}`);
  // The page's own pictures (Scratch avatars) have come; from here on, only what playing asks for.
  await voter.waitForLoadState('networkidle');
  const before = requests.length;
  await voter.getByRole('button', { name: 'Play the jam version' }).click();
  const greenFlag = voter.getByRole('button', { name: 'Green flag' });
  await expect(greenFlag).toBeEnabled({ timeout: 30_000 });
  const stage = voter.locator('iframe[title^="Jam version player"]');
  let still: Buffer = Buffer.alloc(0);
  await expect(async () => {
    const first = await stage.screenshot();
    await voter.waitForTimeout(300);
    still = await stage.screenshot();
    expect(still.equals(first)).toBe(true);
  }).toPass({ timeout: 15_000 });
  await greenFlag.click();
  await expect(voter.getByRole('region', { name: 'Jam version' }).getByRole('status')).toHaveText('Running');
  await voter.waitForTimeout(500);
  expect((await stage.screenshot()).equals(still)).toBe(false);

  const playing = requests.slice(before).filter(({ frame }) => !frame.startsWith('https://scratch.mit.edu'));
  expect(playing.map(({ url }) => new URL(url).pathname)).toContain(`/api/jams/${jam.slug}/entries/${entry.id}/jam-version/file`);
  expect(playing.filter(({ url }) => !url.startsWith(`${baseURL}/`) && !/^(data|blob):/.test(url))).toEqual([]);
});
