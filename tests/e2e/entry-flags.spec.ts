/**
 * Fair judging §1 end to end, in English, Hungarian and Irish routes: after a jam has ended, an
 * administrator checks its entries with Scratch from the manager tools; the cards show what Scratch
 * says (a project made before the jam, one saved after the deadline); in the review list they mark
 * one "Checked" (its chip goes for everyone) and disqualify the other (still shown, marked, unranked).
 * The texts come from the locale files, as the pages show them.
 */
import { type Browser, type Page } from '@playwright/test';
import { inArray } from 'drizzle-orm';
import { entries, jams, users } from '#db/schema';
import { openDatabase } from '#server/node/database';
import { accessibilityViolations } from './accessibility';
import { expect, loginAs, test, waitUntilSettled } from './fixtures';
import { type Code, say } from './say';
import type { Site } from './site';
import { uniqueTag } from '../helpers/unique-tag';

const HOUR = 3_600_000;

/** A toast shown after the page reloads: the new page may take a moment under load. */
const AFTER_RELOAD = { timeout: 15_000 };

const LOCALES = [
  { code: 'en', prefix: '', offset: 0 },
  { code: 'hu', prefix: '/hu', offset: 10 },
  { code: 'ir', prefix: '/ir', offset: 20 },
] as const;

/**
 * A jam from 1 March 2026 until an hour ago whose check after the end already ran, with three entries
 * (tests/fakes/fixtures.ts): made before the jam, saved again after its end (the fake says "just now"),
 * and one made during it. Straight into the worker's database: jams cannot be created in the past.
 */
async function endedJamWithEntries(site: Site, code: Code, offset: number) {
  const database = await openDatabase(site.databaseUrl);
  try {
    const names = ['flag_oldtimer', 'flag_tinkerer', 'flag_remixer'];
    await database
      .insert(users)
      .values(names.map((name) => ({ name })))
      .onConflictDoNothing();
    const submitters = await database.select().from(users).where(inArray(users.name, names));
    const byName = async (name: string) => submitters.find((user) => user.name === name)!;
    const slug = `fair-flags-${code}-${uniqueTag()}`;
    const [jam] = await database
      .insert(jams)
      .values({
        slug,
        name: `Fair Flags Jam ${code}`,
        description: 'Checking entries with Scratch.',
        startsAt: new Date('2026-03-01T00:00:00Z'),
        endsAt: new Date(Date.now() - HOUR),
        entriesCheckedAt: new Date(),
      })
      .returning();
    const titles = { old: `Ancient Arcade ${code}`, late: `Patched Platformer ${code}`, fair: `Fair Flyer ${code}` };
    await database.insert(entries).values([
      {
        jamId: jam!.id,
        scratchId: 100000100 + offset,
        submitterId: (await byName('flag_oldtimer')).id,
        title: titles.old,
        authorName: 'flag_oldtimer',
      },
      {
        jamId: jam!.id,
        scratchId: 100000101 + offset,
        submitterId: (await byName('flag_tinkerer')).id,
        title: titles.late,
        authorName: 'flag_tinkerer',
      },
      {
        jamId: jam!.id,
        scratchId: 100000102 + offset,
        submitterId: (await byName('flag_remixer')).id,
        title: titles.fair,
        authorName: 'flag_remixer',
      },
    ]);
    return { slug, titles };
  } finally {
    database.$client.close();
  }
}

async function offlineContext(browser: Browser) {
  const context = await browser.newContext();
  await context.route('https://cdn2.scratch.mit.edu/**', (route) =>
    route.fulfill({ contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg" width="90" height="90"/>' }),
  );
  return context;
}

const cardOf = (page: Page, title: string) => page.locator('li.entry').filter({ hasText: title });

test.describe.configure({ timeout: 120_000 });

for (const { code, prefix, offset } of LOCALES) {
  test(`[${code}] a manager checks the entries after the end, marks one checked and disqualifies another`, async ({
    page,
    browser,
    site,
  }) => {
    const { slug, titles } = await endedJamWithEntries(site, code, offset);
    await page
      .context()
      .route('https://cdn2.scratch.mit.edu/**', (route) =>
        route.fulfill({ contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg" width="90" height="90"/>' }),
      );
    await loginAs(page, 'demo_admin');
    await page.goto(`${prefix}/jams/${slug}#submissions`);
    await waitUntilSettled(page);
    // Nothing read from Scratch yet: no chips.
    await expect(cardOf(page, titles.old)).toBeVisible();
    await expect(page.locator('.entry-flag')).toHaveCount(0);

    await page.getByRole('button', { name: say(code, 'manage.menu') }).click();
    await page.getByRole('menuitem', { name: say(code, 'manage.checkNow') }).click();
    await expect(page.getByText(say(code, 'manage.checkedCount_other', { count: 3 }), { exact: true })).toBeVisible(AFTER_RELOAD);

    const flagsOf = (title: string) => cardOf(page, title).getByRole('list', { name: say(code, 'entry.flags.label') });
    await expect(flagsOf(titles.old).getByRole('listitem')).toHaveCount(1);
    await expect(flagsOf(titles.old)).toContainText(say(code, 'entry.flags.createdBeforeStart'));
    await expect(flagsOf(titles.late).getByRole('listitem')).toHaveCount(1);
    await expect(flagsOf(titles.late)).toContainText(say(code, 'entry.flags.updatedAfterDeadline'));
    await expect(flagsOf(titles.fair)).toHaveCount(0);
    expect(await accessibilityViolations(page)).toEqual([]);

    // The review list, from the manager tools: flagged entries first.
    await page.getByRole('button', { name: say(code, 'manage.menu') }).click();
    await page.getByRole('menuitem', { name: say(code, 'manage.review') }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/jams/${slug}/review$`));
    await waitUntilSettled(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      say(code, 'review.heading', { name: `Fair Flags Jam ${code}` }),
    );
    await expect(page.getByText(say(code, 'review.waiting_other', { count: 2 }))).toBeVisible();
    const items = page.locator('li[data-entry-id]');
    await expect(items).toHaveCount(3);
    await expect(items.nth(2)).toContainText(titles.fair);
    await expect(items.nth(2)).toContainText(say(code, 'review.noFlags'));
    expect(await accessibilityViolations(page)).toEqual([]);

    const oldItem = items.filter({ hasText: titles.old });
    await oldItem.getByRole('button', { name: say(code, 'review.markChecked') }).click();
    await expect(page.getByText(say(code, 'review.markedChecked', { title: titles.old }))).toBeVisible();
    await expect(oldItem).toHaveAttribute('data-review', 'checked');
    // Managers still see the flag, with the verdict beside it.
    await expect(oldItem).toContainText(say(code, 'entry.flags.createdBeforeStart'));
    await expect(oldItem).toContainText(say(code, 'review.reviewedBy', { name: 'demo_admin' }));

    const lateItem = items.filter({ hasText: titles.late });
    await lateItem.getByRole('button', { name: say(code, 'review.disqualify') }).click();
    const dialog = page.getByRole('dialog', { name: say(code, 'review.disqualifyTitle', { title: titles.late }) });
    await expect(dialog).toContainText(say(code, 'review.disqualifyMessage'));
    await dialog.getByRole('button', { name: say(code, 'review.disqualify') }).click();
    await expect(page.getByText(say(code, 'review.disqualifiedDone', { title: titles.late }))).toBeVisible();
    await expect(lateItem).toHaveAttribute('data-review', 'disqualified');
    await expect(lateItem.getByRole('button', { name: say(code, 'review.reopen') })).toBeVisible();

    // "Check entries now" again: everything was read a moment ago.
    await page.getByRole('button', { name: say(code, 'review.checkNow') }).click();
    await expect(page.getByText(say(code, 'review.nothingToCheck'), { exact: true })).toBeVisible(AFTER_RELOAD);

    // Everyone else: the checked entry has no chip, the disqualified one is marked and unranked.
    const visitor = await offlineContext(browser);
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`${prefix}/jams/${slug}#submissions`);
    await expect(cardOf(visitorPage, titles.old).locator('.entry-flag')).toHaveCount(0);
    const lateCard = cardOf(visitorPage, titles.late);
    await expect(lateCard.locator('.entry-disqualified')).toHaveText(`⊘ ${say(code, 'entry.flags.disqualified')}`);
    await expect(lateCard.locator('.entry-flag')).toContainText(say(code, 'entry.flags.updatedAfterDeadline'));
    await lateCard.getByRole('link', { name: titles.late }).click();
    await expect(visitorPage.getByRole('heading', { level: 1 })).toHaveText(titles.late);
    await expect(visitorPage.getByText(say(code, 'entry.flags.disqualifiedNote'))).toBeVisible();
    await visitor.close();
  });
}

test('the review list is for managers only: others get a 403 screen', async ({ page, site }) => {
  const { slug } = await endedJamWithEntries(site, 'en', 0);
  await loginAs(page, 'sprite_smith');
  const response = await page.goto(`/jams/${slug}/review`);
  expect(response?.status()).toBe(403);
  await expect(page.getByText(say('en', 'review.forbidden'))).toBeVisible();
});
