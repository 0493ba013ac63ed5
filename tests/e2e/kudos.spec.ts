/**
 * Kudos in the browser (issue 34 §1): a player toggles stickers on an entry page and the card shows
 * the total, in the three locales' routes; visitors are asked to log in, authors see their own
 * entry's kudos without giving any, and a manager turns feedback off in the jam form.
 */
import { type Browser, type Page } from '@playwright/test';
import { createJamThroughApi, expect, test, userPage, waitUntilSettled } from './fixtures';
import { type Code, say } from './say';
import { uniqueTag } from '../helpers/unique-tag';

const MINUTE = 60_000;

/** An ongoing jam with one entry, Orbit Runner by sprite_smith. */
async function jamWithEntry(browser: Browser) {
  const admin = await userPage(browser, 'demo_admin');
  const { slug } = await createJamThroughApi(admin.request, {
    name: `Kudos ${uniqueTag()}`,
    description: 'Kudos end to end.',
    startsAt: new Date(Date.now() - MINUTE).toISOString(),
    endsAt: new Date(Date.now() + 60 * MINUTE).toISOString(),
  });
  const author = await userPage(browser, 'sprite_smith');
  const response = await author.request.post(`/api/jams/${slug}/entries`, {
    data: { url: 'https://scratch.mit.edu/projects/900000101' },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: number };
  return { admin, author, slug, id };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const sticker = (page: Page, code: Code, name: 'fun' | 'art' | 'more') =>
  page.getByRole('region', { name: say(code, 'kudos.heading') }).getByRole('button', {
    name: new RegExp(`^${escape(say(code, `kudos.sticker.${name}`))}`),
  });

const LOCALES: { code: Code; prefix: string }[] = [
  { code: 'en', prefix: '' },
  { code: 'hu', prefix: '/hu' },
  { code: 'ir', prefix: '/ir' },
];

test('a player toggles kudos stickers on an entry page and the card shows the total, in every locale', async ({ browser }) => {
  test.setTimeout(120_000);
  const { slug, id } = await jamWithEntry(browser);
  const player = await userPage(browser, 'cat_coder');
  for (const { code, prefix } of LOCALES) {
    await player.goto(`${prefix}/jams/${slug}/entries/${id}`);
    await waitUntilSettled(player);
    const fun = sticker(player, code, 'fun');
    await fun.scrollIntoViewIfNeeded();
    await expect(fun).toBeEnabled();
    await fun.click();
    await expect(fun).toHaveAttribute('aria-pressed', 'true');
    await expect(fun).toContainText('1');
    await fun.click();
    await expect(fun).toHaveAttribute('aria-pressed', 'false');
    await expect(fun).toContainText('0');
  }
  // Two stickers stay given; the jam page's card says so, and so does the entry page after a reload.
  await player.goto(`/jams/${slug}/entries/${id}`);
  await expect(sticker(player, 'en', 'art')).toBeEnabled();
  await sticker(player, 'en', 'art').click();
  await expect(sticker(player, 'en', 'art')).toHaveAttribute('aria-pressed', 'true');
  await sticker(player, 'en', 'more').click();
  await expect(sticker(player, 'en', 'more')).toHaveAttribute('aria-pressed', 'true');
  await player.reload();
  await expect(sticker(player, 'en', 'art')).toHaveAttribute('aria-pressed', 'true');
  for (const { code, prefix } of LOCALES) {
    await player.goto(`${prefix}/jams/${slug}#submissions`);
    await expect(player.locator('.entry-kudos')).toHaveText(`✦ ${say(code, 'kudos.count_other', { count: 2 })}`);
  }
});

test('a visitor is asked to log in, and the author sees their kudos without giving any', async ({ browser, page }) => {
  test.setTimeout(90_000);
  const { author, slug, id } = await jamWithEntry(browser);
  await page.goto(`/hu/jams/${slug}/entries/${id}`);
  await waitUntilSettled(page);
  await sticker(page, 'hu', 'fun').scrollIntoViewIfNeeded();
  await sticker(page, 'hu', 'fun').click();
  await expect(page.locator('.toasts')).toContainText(say('hu', 'kudos.loginToGive'));

  await author.goto(`/ir/jams/${slug}/entries/${id}`);
  await expect(author.getByText(say('ir', 'kudos.ownEntry'))).toBeVisible();
  await expect(sticker(author, 'ir', 'fun')).toBeDisabled();
});

test('a manager turns feedback off in the jam form, and the entry page has no kudos', async ({ browser }) => {
  test.setTimeout(90_000);
  const { admin, slug, id } = await jamWithEntry(browser);
  await admin.goto(`/jams/${slug}`);
  await waitUntilSettled(admin);
  await admin.getByRole('button', { name: /Manager tools/ }).click();
  await admin.getByRole('menuitem', { name: 'Edit game jam' }).click();
  const editor = admin.getByRole('dialog', { name: 'Edit game jam' });
  await editor.getByLabel('Feedback on entries').selectOption({ label: 'Off' });
  await editor.getByRole('button', { name: 'Save changes' }).click();
  await expect(admin.getByText('The game jam has been updated.')).toBeVisible();
  await admin.goto(`/jams/${slug}/entries/${id}`);
  await expect(admin.getByRole('heading', { level: 1, name: 'Orbit Runner' })).toBeVisible();
  await expect(admin.getByRole('region', { name: 'Kudos' })).toHaveCount(0);
  const refused = await admin.request.put(`/api/jams/${slug}/entries/${id}/kudos/fun`);
  expect(refused.status()).toBe(409);
  expect((await refused.json()).error.message).toBe('Kudos are turned off for this jam.');
});
