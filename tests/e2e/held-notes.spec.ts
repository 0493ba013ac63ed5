/**
 * Held notes on screen (issue 53 §2), in Chromium: a note the guard holds shows its writer "Waiting
 * for a moderator", nobody else sees it, the jam's manager finds it at the top of the moderation
 * queue and approves it, and then everyone sees it. The held state passes the accessibility checks
 * in light and dark, and a screenshot of it at a phone's width is kept for a person to look at.
 */
import type { Page } from '@playwright/test';
import { accessibilityViolations } from './accessibility';
import { expect, test, userPage } from './fixtures';
import { notedJam } from './noted-jam';
import { say } from './say';

const HELD = 'how old are you? where do you live?';

const notesSection = (page: Page) => page.getByRole('region', { name: say('en', 'notes.heading') });
async function openNotes(page: Page, path: string) {
  await page.goto(path);
  await notesSection(page).scrollIntoViewIfNeeded();
}

test('a held note waits for a moderator: its writer sees it waiting, others do not, the manager approves it from the queue', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const { slug, entryId } = await notedJam(browser);
  const path = `/jams/${slug}/entries/${entryId}`;
  const smith = await userPage(browser, 'sprite_smith');

  // The writer posts it and sees it waiting for a moderator.
  const asker = await userPage(browser, 'held_asker');
  await openNotes(asker, path);
  const section = notesSection(asker);
  await section.getByLabel(say('en', 'notes.label')).fill(HELD);
  await section.getByRole('button', { name: say('en', 'notes.post') }).click();
  const mine = section.getByRole('listitem').filter({ hasText: HELD });
  await expect(mine.getByText(say('en', 'notes.heldBadge'), { exact: true })).toBeVisible();
  await expect(mine.getByText(say('en', 'notes.heldHint'))).toBeVisible();
  await expect(section.getByRole('status')).toHaveText(say('en', 'notes.held'));
  // Still there, and still waiting, after a reload.
  await openNotes(asker, path);
  await expect(notesSection(asker).getByRole('listitem').filter({ hasText: HELD })).toContainText(say('en', 'notes.heldBadge'));

  // The held state, audited and looked at in light and dark at a phone's width.
  await asker.setViewportSize({ width: 390, height: 844 });
  for (const mode of ['light', 'dark'] as const) {
    await asker.evaluate((chosen) => localStorage.setItem('itinerary-color-mode', chosen), mode);
    await openNotes(asker, path);
    await expect(asker.locator('html')).toHaveAttribute('data-color-mode', mode);
    const held = notesSection(asker).getByRole('listitem').filter({ hasText: HELD });
    await expect(held).toBeVisible();
    expect(await accessibilityViolations(asker, { mode, include: '#notes' }), mode).toEqual([]);
    await notesSection(asker).screenshot({ path: testInfo.outputPath(`held-note-390-${mode}.png`) });
  }

  // The entry's author and a visitor do not see it.
  await openNotes(smith, path);
  await expect(notesSection(smith).getByRole('heading', { name: say('en', 'notes.heading') })).toBeVisible();
  await expect(notesSection(smith).getByText(HELD)).toHaveCount(0);
  const visitor = await browser.newPage();
  await openNotes(visitor, path);
  await expect(notesSection(visitor).getByText(HELD)).toHaveCount(0);

  // The manager finds it at the top of the moderation queue, and approves it.
  const manager = await userPage(browser, 'block_builder');
  await manager.goto('/dashboard');
  const queue = manager.getByRole('region', { name: say('en', 'moderation.heldHeading_one', { count: 1 }) });
  const item = queue.getByRole('listitem').filter({ hasText: HELD });
  await expect(item.getByText(say('en', 'moderation.heldRule.personal'), { exact: true })).toBeVisible();
  await expect(item).toContainText(say('en', 'moderation.noteBy', { name: 'held_asker' }));
  expect(await accessibilityViolations(manager, { include: '[data-held-notes]' })).toEqual([]);
  await manager.setViewportSize({ width: 390, height: 844 });
  await queue.screenshot({ path: testInfo.outputPath('held-queue-390-light.png') });
  await item.getByRole('button', { name: say('en', 'moderation.heldApprove') }).click();
  await expect(manager.getByText(say('en', 'moderation.heldApproved'))).toBeVisible();
  await expect(manager.getByRole('listitem').filter({ hasText: HELD })).toHaveCount(0);

  // Everyone sees it now; its writer no longer sees it waiting.
  await openNotes(visitor, path);
  await expect(notesSection(visitor).getByText(HELD)).toBeVisible();
  await openNotes(asker, path);
  const approved = notesSection(asker).getByRole('listitem').filter({ hasText: HELD });
  await expect(approved).toBeVisible();
  await expect(approved.getByText(say('en', 'notes.heldBadge'), { exact: true })).toHaveCount(0);

  for (const page of [smith, asker, visitor, manager]) await page.context().close();
});
