import { type Browser, type Page } from '@playwright/test';
import { accessibilityViolations } from './accessibility';
import { createJamThroughApi, expect, test, userPage } from './fixtures';
import { uniqueTag } from '../helpers/unique-tag';

const MINUTE = 60_000;

/** An ongoing jam managed by block_builder, with Orbit Runner (sprite_smith) and, if named, the rascal's project entered. */
async function reportableJam(browser: Browser, rascal?: { name: string; project: number }) {
  const admin = await userPage(browser, 'demo_admin');
  const { slug, name } = await createJamThroughApi(admin.request, {
    name: `Report Walk ${uniqueTag()}`,
    description: 'Reporting end to end.',
    startsAt: new Date(Date.now() - MINUTE).toISOString(),
    endsAt: new Date(Date.now() + 60 * MINUTE).toISOString(),
  });
  const added = await admin.request.post(`/api/jams/${slug}/managers`, { data: { name: 'block_builder' } });
  expect(added.status(), await added.text()).toBe(201);
  await admin.context().close();
  const ids: number[] = [];
  const submitters: [string, number][] = [
    ['sprite_smith', 900000101],
    ...(rascal ? [[rascal.name, rascal.project] as [string, number]] : []),
  ];
  for (const [user, project] of submitters) {
    const page = await userPage(browser, user);
    const response = await page.request.post(`/api/jams/${slug}/entries`, {
      data: { url: `https://scratch.mit.edu/projects/${project}` },
    });
    expect(response.status(), await response.text()).toBe(201);
    ids.push(((await response.json()) as { id: number }).id);
    await page.context().close();
  }
  return { slug, name, orbit: ids[0]!, rascalEntry: ids[1] ?? 0 };
}

const LOCALES = [
  {
    prefix: '',
    rascal: 'rascal_en',
    project: 100000006,
    report: 'Report',
    send: 'Send report',
    reason: 'Shares personal information',
    jamReason: 'Something else',
    counter: '479 characters left',
    thanks: 'Thanks, the administrators will look at it.',
    moderation: 'Moderation',
    reportedBy: 'reported by cat_coder',
    dismiss: 'Dismiss',
    dismissed: 'The reports were dismissed.',
    remove: 'Remove the entry',
    removed: 'The entry was removed.',
    ban: 'Ban the author',
    alsoRemove: 'Also remove the entry',
    banned: 'rascal_en is banned.',
  },
  {
    prefix: '/hu',
    rascal: 'rascal_hu',
    project: 100000007,
    report: 'Jelentés',
    send: 'Jelentés küldése',
    reason: 'Személyes adatokat oszt meg',
    jamReason: 'Valami más',
    counter: 'Még 479 karakter írható',
    thanks: 'Köszönjük, az adminisztrátorok megnézik.',
    moderation: 'Moderálás',
    reportedBy: 'bejelentette: cat_coder',
    dismiss: 'Elvetés',
    dismissed: 'A jelentéseket elvetetted.',
    remove: 'A nevezés eltávolítása',
    removed: 'A nevezést eltávolítottad.',
    ban: 'A szerző kitiltása',
    alsoRemove: 'A nevezés eltávolítása is',
    banned: 'rascal_hu ki van tiltva.',
  },
  {
    prefix: '/ir',
    rascal: 'rascal_ir',
    project: 100000008,
    report: 'Tuairiscigh',
    send: 'Seol an tuairisc',
    reason: 'Roinneann sé faisnéis phearsanta',
    jamReason: 'Rud éigin eile',
    counter: '479 carachtar fágtha',
    thanks: 'Go raibh maith agat, breathnóidh na riarthóirí air.',
    moderation: 'Modhnóireacht',
    reportedBy: 'tuairiscithe ag cat_coder',
    dismiss: 'Díbh',
    dismissed: 'Díbheadh na tuairiscí.',
    remove: 'Bain an iontráil',
    removed: 'Baineadh an iontráil.',
    ban: 'Cuir cosc ar an údar',
    alsoRemove: 'Bain an iontráil freisin',
    banned: 'Tá cosc ar rascal_ir.',
  },
];

/** Fills in and sends the open report form. */
async function sendReport(page: Page, texts: (typeof LOCALES)[number], reason: string, details: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: reason }).check();
  await dialog.getByRole('textbox').fill(details);
  await dialog.getByRole('button', { name: texts.send }).click();
  await expect(page.getByText(texts.thanks)).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('a visitor is asked to log in; the form wants a reason, counts characters and answers a second report kindly', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { slug, orbit } = await reportableJam(browser);
  const visitor = await browser.newPage();
  await visitor.goto(`/jams/${slug}/entries/${orbit}`);
  await visitor.getByRole('button', { name: 'Report' }).click();
  await expect(visitor.getByText('Log in with your Scratch account to report something.')).toBeVisible();
  await expect(visitor.getByRole('dialog')).toBeHidden();

  const cat = await userPage(browser, 'cat_coder');
  await cat.goto(`/jams/${slug}/entries/${orbit}`);
  await cat.getByRole('button', { name: 'Report' }).click();
  const dialog = cat.getByRole('dialog', { name: 'Report this entry' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Choose a reason for the report.');
  // The dialog only: the Scratch player's frame (unreachable here) is not ours to audit.
  expect(await accessibilityViolations(cat, { include: 'dialog[open]', frames: false })).toEqual([]);
  // The keyboard reaches the reasons: arrow keys move between them.
  await dialog.getByRole('radio', { name: 'Inappropriate for a young audience' }).focus();
  await cat.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('radio', { name: 'Shares personal information' })).toBeChecked();
  await expect(dialog.getByText('500 characters left')).toBeVisible();
  await dialog.getByLabel('Details (optional)').fill('x'.repeat(600));
  await expect(dialog.getByLabel('Details (optional)')).toHaveValue('x'.repeat(500));
  await expect(dialog.getByText('0 characters left')).toBeVisible();
  await dialog.getByRole('radio', { name: 'Spam or off-topic' }).check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(cat.getByText('Thanks, the administrators will look at it.')).toBeVisible();

  await cat.getByRole('button', { name: 'Report' }).click();
  await cat.getByRole('dialog').getByRole('radio', { name: 'Something else' }).check();
  await cat.getByRole('dialog').getByRole('button', { name: 'Send report' }).click();
  await expect(cat.getByText('You have already reported this; the administrators will look at it.')).toBeVisible();
});

for (const texts of LOCALES) {
  test(`on the ${texts.prefix || 'English'} pages: report an entry and the jam, a manager removes, an administrator dismisses and bans`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const rascal = texts.rascal;
    const { slug, name, orbit, rascalEntry } = await reportableJam(browser, { name: rascal, project: texts.project });

    // A Scratcher reports an entry from its page and the jam from the jam page.
    const cat = await userPage(browser, 'cat_coder');
    await cat.goto(`${texts.prefix}/jams/${slug}/entries/${orbit}`);
    await cat.getByRole('button', { name: texts.report }).click();
    await cat.getByRole('dialog').getByRole('textbox').fill('Shows a home address.');
    await expect(cat.getByRole('dialog').getByText(texts.counter)).toBeVisible();
    await sendReport(cat, texts, texts.reason, 'Shows a home address.');
    await cat.goto(`${texts.prefix}/jams/${slug}`);
    await cat.getByRole('button', { name: texts.report }).click();
    await sendReport(cat, texts, texts.jamReason, 'The rules are missing.');
    const loop = await userPage(browser, 'loop_legend');
    const reported = await loop.request.post(`/api/jams/${slug}/entries/${rascalEntry}/report`, { data: { reason: 'spam' } });
    expect(reported.status()).toBe(201);

    // The manager sees the entries of their jam, never who reported them, and removes one.
    const manager = await userPage(browser, 'block_builder');
    await manager.goto(`${texts.prefix}/dashboard`);
    const queue = manager.getByRole('region', { name: texts.moderation });
    await expect(queue.locator(`[data-item="entry-${orbit}"]`)).toContainText(texts.reason);
    await expect(queue.locator(`[data-item="entry-${rascalEntry}"]`)).toBeVisible();
    await expect(queue.locator(`[data-item^="jam-"]`, { hasText: name })).toHaveCount(0);
    await expect(queue.getByText(texts.reportedBy)).toHaveCount(0);
    await expect(queue.getByRole('button', { name: texts.ban })).toHaveCount(0);
    await queue.locator(`[data-item="entry-${orbit}"]`).getByRole('button', { name: texts.remove }).click();
    await manager.getByRole('dialog').getByRole('button', { name: texts.remove }).click();
    await expect(manager.getByText(texts.removed)).toBeVisible();
    await expect(queue.locator(`[data-item="entry-${orbit}"]`)).toHaveCount(0);
    expect((await manager.request.get(`/jams/${slug}/entries/${orbit}`)).status()).toBe(404);

    // The administrator sees the jam's report and who sent it, dismisses it, and bans the rascal.
    const admin = await userPage(browser, 'demo_admin');
    await admin.goto(`${texts.prefix}/dashboard`);
    const adminQueue = admin.getByRole('region', { name: texts.moderation });
    const jamCard = adminQueue.locator('[data-item^="jam-"]', { hasText: name });
    await jamCard.locator('summary').click();
    await expect(jamCard.getByText(texts.reportedBy)).toBeVisible();
    await expect(jamCard.getByText('The rules are missing.')).toBeVisible();
    await jamCard.getByRole('button', { name: texts.dismiss }).click();
    await admin.getByRole('dialog').getByRole('button', { name: texts.dismiss }).click();
    await expect(admin.getByText(texts.dismissed)).toBeVisible();
    await expect(adminQueue.locator('[data-item^="jam-"]', { hasText: name })).toHaveCount(0);

    const rascalCard = adminQueue.locator(`[data-item="entry-${rascalEntry}"]`);
    await rascalCard.getByRole('button', { name: texts.ban }).click();
    const confirm = admin.getByRole('dialog');
    await expect(confirm.getByRole('checkbox', { name: texts.alsoRemove })).toBeChecked();
    await confirm.getByRole('button', { name: texts.ban }).click();
    await expect(admin.getByText(texts.banned)).toBeVisible();
    await expect(rascalCard).toHaveCount(0);
    expect((await admin.request.get(`/jams/${slug}/entries/${rascalEntry}`)).status()).toBe(404);
    const users = await admin.request.get(`/api/users?name=${rascal}`);
    expect(((await users.json()) as { users: { isBanned: boolean }[] }).users[0]?.isBanned).toBe(true);
  });
}

test('the moderation queue reads without JavaScript: items, counts, reasons and what reporters wrote', async ({ browser }) => {
  const admin = await userPage(browser, 'demo_admin');
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: await admin.context().storageState() });
  const page = await context.newPage();
  await page.goto('/dashboard');
  const queue = page.getByRole('region', { name: 'Moderation' });
  // The demo seed's reports: Gravity Golf three times, the Autumn Arcade Jam once.
  const golf = queue.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Gravity Golf' }) });
  await expect(golf.getByText('3 reports')).toBeVisible();
  await expect(golf.getByText('Stolen, or not their own work×2')).toBeVisible();
  await golf.getByText('What the reporters wrote').click();
  await expect(golf.getByText('The losing screen uses a rude word.')).toBeVisible();
  await expect(golf.getByText('reported by sprite_smith')).toBeVisible();
  await expect(queue.getByRole('link', { name: 'Autumn Arcade Jam' })).toHaveAttribute('href', '/jams/autumn-arcade-jam');
  await context.close();
});
