/**
 * Playwright helpers shared by the end-to-end tests. `loginAs` goes through the real flow: our
 * /login page, the fake ScratchAuth provider (tests/fakes/scratch-auth.ts) and /confirm-login.
 */
import { type Page, expect } from '@playwright/test';

export async function loginAs(page: Page, username: string): Promise<void> {
  await page.goto('/login');
  await page
    .getByRole('button', { name: 'Log in with Scratch' })
    .or(page.getByRole('link', { name: 'Log in with Scratch' }))
    .click();
  await page.getByLabel('Scratch username').fill(username);
  await page.getByRole('button', { name: 'Authorize' }).click();
  await expect(page.getByRole('heading', { name: new RegExp(`Log in as ${username}`, 'i') })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).not.toHaveURL(/confirm-login/);
}

/** A moment `minutes` from now as the value of an `<input type="datetime-local">` in the browser's zone. */
export function datetimeLocal(offsetMs: number): string {
  const date = new Date(Date.now() + offsetMs);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}
