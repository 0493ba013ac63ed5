import { ADMIN, expect, ongoingJam, submitEntry, test, userPage } from './fixtures';

test('Play next takes a Scratcher to the least-played entry, the entry page counts the play, and the sorts follow', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const jam = await ongoingJam(browser, 'Smoke Plays');
  const ids: Record<string, number> = {};
  for (const [name, project] of [
    ['cat_coder', 100000002],
    ['GriffTheGreat', 100000004],
  ] as const) {
    const author = await userPage(browser, name);
    const entry = await submitEntry(author, jam.slug, project);
    ids[entry.title] = entry.id;
    await author.context().close();
  }

  // No plays yet: the earliest entry first; playing it makes the other the next one.
  const player = await userPage(browser, 'loop_legend');
  for (const title of ['Cat Platformer', 'Griff Dash']) {
    await player.goto(`/jams/${jam.slug}#submissions`);
    await player.getByRole('button', { name: 'Play next' }).click();
    await expect(player).toHaveURL(new RegExp(`/jams/${jam.slug}/entries/${ids[title]}#play$`));
    await expect(player.locator('#play iframe')).toBeVisible();
    // Counted in the background: the next one is another entry, once the play is in.
    await expect
      .poll(async () => {
        const next = await player.request.get(`/api/jams/${jam.slug}/next-entry`);
        return ((await next.json()) as { entry: { id: number } | null }).entry?.id ?? null;
      })
      .not.toBe(ids[title]);
  }
  await player.goto(`/jams/${jam.slug}#submissions`);
  await player.getByRole('button', { name: 'Play next' }).click();
  await expect(player.getByText('You have played every entry. Thank you for playing!')).toBeVisible();

  // Managers (here the administrator) see the counts while the jam runs; visitors do not.
  const admin = await userPage(browser, ADMIN);
  const counts = async (page: typeof admin) =>
    (
      (await (await page.request.get(`/api/jams/${jam.slug}/entries?sort=fewest-plays`)).json()) as {
        entries: { plays: number | null }[];
      }
    ).entries.map((entry) => entry.plays);
  expect(await counts(admin)).toEqual([1, 1]);
  await admin.context().close();
  const visitor = await browser.newPage();
  expect(await counts(visitor)).toEqual([null, null]);
  await visitor.goto(`/jams/${jam.slug}#submissions`);
  await visitor.getByRole('link', { name: 'Newest', exact: true }).click();
  await expect(visitor).toHaveURL(new RegExp(`/jams/${jam.slug}\\?sort=newest#submissions$`));
  await expect(visitor.locator('#submissions .entry-title a').first()).toHaveText('Griff Dash');
  await visitor.getByRole('button', { name: 'Play a random entry' }).click();
  await expect(visitor).toHaveURL(new RegExp(`/jams/${jam.slug}/entries/\\d+#play$`));
  await visitor.context().close();
  await player.context().close();
});
