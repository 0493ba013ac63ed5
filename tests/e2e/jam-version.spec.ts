/**
 * The jam version (issue 56, ADR 050) in Chromium: a maker uploads a small real .sb3 (made by the
 * test: a red square that moves on the green flag) on the entry page; a voter presses "Play the jam
 * version", the player loads only then, in its sandboxed frame, the green flag makes the stage's
 * pixels change, and no request leaves the site while they play.
 */
import { makeSb3 } from '../helpers/sb3';
import { createJamThroughApi, expect, gotoUntilShown, test, userPage, waitUntilSettled } from './fixtures';

const MINUTE = 60_000;

test('a maker uploads the jam version, a voter plays it here: the stage moves after the green flag and nothing leaves the site', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await userPage(browser, 'demo_admin');
  const jam = await createJamThroughApi(admin.request, {
    name: `Jam Version ${Date.now().toString(36)}`,
    description: 'Keep the game as it stood at the deadline.',
    startsAt: new Date(Date.now() - MINUTE).toISOString(),
    endsAt: new Date(Date.now() + 60 * MINUTE).toISOString(),
    jamVersion: 'allowed',
    judgeJamVersion: true,
  });
  await admin.context().close();

  const maker = await userPage(browser, 'sprite_smith');
  const submitted = await maker.request.post(`/api/jams/${jam.slug}/entries`, {
    data: { url: 'https://scratch.mit.edu/projects/900000101' },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const entryId = ((await submitted.json()) as { id: number }).id;

  // The maker uploads the .sb3 from the entry page.
  await maker.goto(`/jams/${jam.slug}/entries/${entryId}`);
  await waitUntilSettled(maker);
  const form = maker.locator('form', { has: maker.getByRole('heading', { name: 'Upload your jam version' }) });
  await form.getByLabel('Project file (.sb3)').setInputFiles({
    name: 'Mover.sb3',
    mimeType: 'application/x.scratch.sb3',
    buffer: Buffer.from(makeSb3()),
  });
  await form.getByRole('button', { name: 'Upload the jam version' }).click();
  await expect(maker.getByText('The jam version is uploaded.')).toBeVisible();
  await expect(maker.getByText(/^Jam version uploaded at .+ by sprite_smith$/)).toBeVisible();
  await expect(maker.getByRole('heading', { name: 'Replace your jam version' })).toBeVisible();
  await maker.context().close();

  // A voter opens the entry: nothing of the player is loaded until they ask for it.
  const voter = await userPage(browser, 'loop_legend');
  const requests: { url: string; frame: string }[] = [];
  voter.on('request', (request) => requests.push({ url: request.url(), frame: request.frame().url() }));
  // On the jam page the card's Play leads to the entry's page at its player: Scratch's embed is not what is judged.
  const play = voter.locator(`li[data-entry-id="${entryId}"]`).getByRole('link', { name: 'Play', exact: true });
  await gotoUntilShown(voter, `/jams/${jam.slug}#submissions`, play);
  await expect(play).toHaveAttribute('href', `/jams/${jam.slug}/entries/${entryId}#play`);
  await play.click();
  await voter.waitForURL(`**/jams/${jam.slug}/entries/${entryId}#play`);
  await waitUntilSettled(voter);
  await voter.waitForLoadState('networkidle');
  await expect(voter.getByText('Judged on this version')).toBeVisible();
  expect(requests.filter(({ url }) => url.includes('/player/') || url.includes('/play/jam-version/'))).toEqual([]);

  const before = requests.length;
  await voter.getByRole('button', { name: 'Play the jam version' }).click();
  const greenFlag = voter.getByRole('button', { name: 'Green flag' });
  await expect(greenFlag).toBeEnabled({ timeout: 30_000 });
  const stage = voter.locator('iframe[title^="Jam version player"]');
  await expect(stage).toHaveAttribute('sandbox', 'allow-scripts');
  // Drawn, then still until the green flag.
  let still: Buffer = Buffer.alloc(0);
  await expect(async () => {
    const first = await stage.screenshot();
    await voter.waitForTimeout(300);
    still = await stage.screenshot();
    expect(still.equals(first)).toBe(true);
  }).toPass({ timeout: 15_000 });

  const player = voter.getByRole('region', { name: 'Jam version' });
  await greenFlag.click();
  await expect(player.getByRole('status')).toHaveText('Running');
  await voter.waitForTimeout(500);
  const moved = await stage.screenshot();
  expect(moved.equals(still)).toBe(false);
  await voter.getByRole('button', { name: 'Stop' }).click();
  await expect(player.getByRole('status')).toHaveText('');

  // While playing: the player's page, its two scripts and the .sb3, all from this site; the Scratch
  // embed above the fold is Scratch's own frame, not the player, and is left out.
  const playing = requests.slice(before).filter(({ frame }) => !frame.startsWith('https://scratch.mit.edu'));
  expect(playing.map(({ url }) => new URL(url).pathname)).toEqual(
    expect.arrayContaining([
      `/api/jams/${jam.slug}/entries/${entryId}/jam-version/file`,
      `/play/jam-version/${entryId}`,
      expect.stringMatching(/^\/player\/scaffolding-[0-9a-f]{12}\.js$/),
      expect.stringMatching(/^\/player\/jam-player-[0-9a-f]{12}\.js$/),
    ]),
  );
  const away = playing.filter(({ url }) => !url.startsWith(`${baseURL}/`) && !/^(data|blob):/.test(url));
  expect(away).toEqual([]);
  // Judged on the jam version: opening it is the play "Play before you vote" counts.
  expect(playing.map(({ url }) => new URL(url).pathname)).toContain(`/api/jams/${jam.slug}/entries/${entryId}/play`);
});

test('an entrant adds the jam version in the submit dialog, and a refused file leaves the entry in with the reason', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const admin = await userPage(browser, 'demo_admin');
  const jam = await createJamThroughApi(admin.request, {
    name: `Jam Version Dialog ${Date.now().toString(36)}`,
    description: 'Send the .sb3 with the entry.',
    startsAt: new Date(Date.now() - MINUTE).toISOString(),
    endsAt: new Date(Date.now() + 60 * MINUTE).toISOString(),
    jamVersion: 'required',
  });
  await admin.context().close();

  const entrant = await userPage(browser, 'cat_coder');
  await entrant.goto(`/jams/${jam.slug}`);
  await entrant.getByRole('button', { name: 'Enter the game jam' }).click();
  const dialog = entrant.getByRole('dialog', { name: 'Enter the game jam' });
  await dialog.getByLabel('Game URL').fill('https://scratch.mit.edu/projects/100000002');
  await expect(dialog.getByText('This jam asks for it by the deadline.', { exact: false })).toBeVisible();
  await dialog
    .getByLabel('Jam version (.sb3), optional now')
    .setInputFiles({ name: 'Mover.sb3', mimeType: 'application/x.scratch.sb3', buffer: Buffer.from(makeSb3()) });
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(entrant.getByText('Your project has been submitted!')).toBeVisible();
  const mine = await entrant.request.get(`/api/jams/${jam.slug}/viewer`);
  const entryId = ((await mine.json()) as { entry: { id: number } }).entry.id;
  await entrant.goto(`/jams/${jam.slug}/entries/${entryId}`);
  await expect(entrant.getByText(/^Jam version uploaded at .+ by cat_coder$/)).toBeVisible();

  const other = await userPage(browser, 'loop_legend');
  await other.goto(`/jams/${jam.slug}`);
  await other.getByRole('button', { name: 'Enter the game jam' }).click();
  const second = other.getByRole('dialog', { name: 'Enter the game jam' });
  await second.getByLabel('Game URL').fill('https://scratch.mit.edu/projects/900000102');
  await second
    .getByLabel('Jam version (.sb3), optional now')
    .setInputFiles({ name: 'notes.sb3', mimeType: 'application/x.scratch.sb3', buffer: Buffer.from('not a project') });
  await second.getByRole('button', { name: 'Submit' }).click();
  await expect(
    other.getByText(
      "Your entry is in, but its jam version was not kept: That file is not a Scratch project (.sb3). In the Scratch editor, choose File → Save to your computer, and upload the file it saves. You can upload it on your entry's page.",
    ),
  ).toBeVisible();
});

test('a manager asks for jam versions and judging on them in the jam form', async ({ browser }) => {
  test.setTimeout(60_000);
  const admin = await userPage(browser, 'demo_admin');
  const jam = await createJamThroughApi(admin.request, {
    name: `Jam Version Form ${Date.now().toString(36)}`,
    description: 'Asks for the jam version later.',
    startsAt: new Date(Date.now() - MINUTE).toISOString(),
    endsAt: new Date(Date.now() + 60 * MINUTE).toISOString(),
  });
  await admin.goto(`/jams/${jam.slug}`);
  await waitUntilSettled(admin);
  await admin.getByRole('button', { name: /Manager tools/ }).click();
  await admin.getByRole('menuitem', { name: 'Edit game jam' }).click();
  const editor = admin.getByRole('dialog', { name: 'Edit game jam' });
  const versions = editor.getByRole('group', { name: 'Jam version' });
  await expect(versions.getByRole('radio', { name: 'Off' })).toBeChecked();
  await expect(versions.getByLabel('Voters and judges play the jam version')).toHaveCount(0);
  await versions.getByRole('radio', { name: 'Required' }).check();
  await versions.getByLabel('Voters and judges play the jam version').check();
  await editor.getByRole('button', { name: 'Save changes' }).click();
  await expect(admin.getByText('The game jam has been updated.')).toBeVisible();
  const saved = (await (await admin.request.get(`/api/jams/${jam.slug}`)).json()) as Record<string, unknown>;
  expect(saved).toMatchObject({ jamVersion: 'required', judgeJamVersion: true });
});

test('a project with the Music extension plays, and the player says its notes are silent here', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const admin = await userPage(browser, 'demo_admin');
  const jam = await createJamThroughApi(admin.request, {
    name: `Jam Version Music ${Date.now().toString(36)}`,
    description: 'A song.',
    startsAt: new Date(Date.now() - MINUTE).toISOString(),
    endsAt: new Date(Date.now() + 60 * MINUTE).toISOString(),
    jamVersion: 'allowed',
  });
  await admin.context().close();
  const maker = await userPage(browser, 'sprite_smith');
  const submitted = await maker.request.post(`/api/jams/${jam.slug}/entries`, {
    data: { url: 'https://scratch.mit.edu/projects/900000101' },
  });
  const entryId = ((await submitted.json()) as { id: number }).id;
  const uploaded = await maker.request.put(`/api/jams/${jam.slug}/entries/${entryId}/jam-version`, {
    headers: { 'content-type': 'application/x.scratch.sb3' },
    data: Buffer.from(makeSb3({ extensions: ['music'], extraOpcode: 'music_restForBeats' })),
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  await maker.context().close();

  const voter = await userPage(browser, 'loop_legend');
  await voter.goto(`/jams/${jam.slug}/entries/${entryId}`);
  await waitUntilSettled(voter);
  await voter.waitForLoadState('networkidle');
  const away: string[] = [];
  voter.on('request', (request) => {
    const url = request.url();
    if (
      !request.frame().url().startsWith('https://scratch.mit.edu') &&
      !url.startsWith(`${baseURL}/`) &&
      !/^(data|blob):/.test(url)
    )
      away.push(url);
  });
  await voter.getByRole('button', { name: 'Play the jam version' }).click();
  await expect(
    voter.getByText(
      'This project uses the Music extension: its notes and drums are silent here, because their sounds would come from another site.',
    ),
  ).toBeVisible({ timeout: 30_000 });
  await voter.getByRole('button', { name: 'Green flag' }).click();
  await voter.waitForTimeout(500);
  expect(away).toEqual([]);
});
