/** The jam the notes' walks share (tests/e2e/notes.spec.ts, tests/e2e/held-notes.spec.ts). */
import type { Browser } from '@playwright/test';
import { createJamThroughApi, expect, userPage } from './fixtures';
import { uniqueTag } from '../helpers/unique-tag';

const MINUTE = 60_000;

/** An ongoing jam managed by block_builder, with sprite_smith's Orbit Runner entered. */
export async function notedJam(browser: Browser) {
  const admin = await userPage(browser, 'demo_admin');
  const { slug } = await createJamThroughApi(admin.request, {
    name: `Notes Walk ${uniqueTag()}`,
    description: 'Notes end to end.',
    startsAt: new Date(Date.now() - MINUTE).toISOString(),
    endsAt: new Date(Date.now() + 60 * MINUTE).toISOString(),
  });
  const added = await admin.request.post(`/api/jams/${slug}/managers`, { data: { name: 'block_builder' } });
  expect(added.status(), await added.text()).toBe(201);
  await admin.context().close();
  const smith = await userPage(browser, 'sprite_smith');
  const response = await smith.request.post(`/api/jams/${slug}/entries`, {
    data: { url: 'https://scratch.mit.edu/projects/900000101' },
  });
  expect(response.status(), await response.text()).toBe(201);
  const entryId = ((await response.json()) as { id: number }).id;
  await smith.context().close();
  return { slug, entryId };
}
