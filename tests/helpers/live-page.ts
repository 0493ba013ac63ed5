import { type Page, expect } from '@playwright/test';

/** Opens a jam page and waits until its live stream (ADR 044) answered 200. */
export async function watchLiveJam(page: Page, slug: string): Promise<void> {
  const stream = page.waitForResponse((response) => response.url().endsWith(`/api/jams/${slug}/events`));
  await page.goto(`/jams/${slug}`);
  expect((await stream).status()).toBe(200);
}
