/**
 * Theme rounds (issue 43, ADR 043) in the browser: a jam moves through suggestions, round 1's
 * Yes / No / Skip card, the final round's choice and the reveal at the start, in English, Hungarian
 * and Irish; the theme is nowhere on the page before the start.
 */
import type { Page } from '@playwright/test';
import { createJamThroughApi, expect, test, userPage, waitUntilSettled } from './fixtures';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

/** The schedule with `now` inside the phase that starts at index `phase` (0 suggestions … 3 closed). */
async function moveTo(admin: Page, slug: string, phase: number) {
  const moments = [0, 1, 2, 3].map((i) => at((i - phase) * 10 * MINUTE - MINUTE));
  const response = await admin.request.put(`/api/jams/${slug}/theme/rounds`, {
    data: { enabled: true, suggestFrom: moments[0], round1From: moments[1], finalFrom: moments[2], closesAt: moments[3] },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test('a jam moves through theme suggestions, both rounds and the reveal, in en, hu and ir', async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await userPage(browser, 'demo_admin');
  const name = `Theme Jam ${Date.now().toString(36)}`;
  const { slug } = await createJamThroughApi(admin.request, {
    name,
    description: 'The community picks the theme.',
    startsAt: at(2 * HOUR),
    endsAt: at(26 * HOUR),
  });
  await moveTo(admin, slug, 0);

  const voter = await userPage(browser, 'loop_legend');
  await voter.goto(`/jams/${slug}`);
  const panel = voter.getByRole('region', { name: 'The theme, chosen together' });
  await expect(panel.getByText('Suggestions are open until')).toBeVisible();
  await panel.getByLabel('Suggest a theme (up to 40 characters)').fill('Tiny worlds');
  await panel.getByRole('button', { name: 'Suggest' }).click();
  await expect(panel.getByRole('status')).toHaveText('Thanks! Your theme is in.');
  await expect(panel.getByRole('list', { name: 'Your suggestions' })).toHaveText('Tiny worlds');
  await expect(panel.getByText('You can suggest 2 more themes.')).toBeVisible();
  await panel.getByLabel('Suggest a theme (up to 40 characters)').fill('mail me at kid@example.com');
  await panel.getByRole('button', { name: 'Suggest' }).click();
  await expect(panel.getByRole('status')).toHaveText(
    'Please keep e-mail addresses out, so everyone stays safe. Take it out and try again.',
  );
  // One the guard holds waits for a moderator: listed for its writer only, and in no round (issue 53).
  await panel.getByLabel('Suggest a theme (up to 40 characters)').fill('how old are you?');
  await panel.getByRole('button', { name: 'Suggest' }).click();
  await expect(panel.getByRole('status')).toHaveText(
    'Waiting for a moderator: only you can see this suggestion until a moderator has read it.',
  );
  await expect(panel.getByRole('list', { name: 'Your suggestions' }).getByRole('listitem')).toHaveText([
    'Tiny worlds',
    'how old are you? Waiting for a moderator',
  ]);
  await voter.reload();
  await expect(panel.getByRole('list', { name: 'Your suggestions' }).getByRole('listitem')).toHaveText([
    'Tiny worlds',
    'how old are you? Waiting for a moderator',
  ]);
  const other = await userPage(browser, 'block_builder');
  for (const text of ['the tiny World', 'Upside down']) {
    expect((await other.request.post(`/api/jams/${slug}/theme/suggestions`, { data: { text } })).status()).toBe(201);
  }

  await moveTo(admin, slug, 1);
  await voter.reload();
  await expect(panel.getByText('Would this make a good theme?')).toBeVisible();
  await expect(panel.getByText('Tiny worlds', { exact: true })).toBeVisible();
  await panel.getByRole('button', { name: 'Yes', exact: true }).click();
  await expect(panel.getByRole('status')).toHaveText('Yes noted. Here is the next one.');
  await expect(panel.getByText('Upside down', { exact: true })).toBeVisible();
  // The keyboard answers too: Tab to "No" and press Enter.
  await panel.getByRole('button', { name: 'Yes', exact: true }).focus();
  await voter.keyboard.press('Tab');
  await voter.keyboard.press('Enter');
  await expect(panel.getByText('You have seen every suggestion. Thank you! Come back for the final round.')).toBeVisible();

  await moveTo(admin, slug, 2);
  await voter.goto(`/hu/jams/${slug}`);
  const final = voter.getByRole('group', { name: 'Válaszd ki a kedvenc döntősödet (egy szavazat, módosítható)' });
  await final.getByRole('radio', { name: 'Tiny worlds' }).check();
  await expect(voter.getByRole('status').filter({ hasText: 'A szavazatod mentve.' })).toBeVisible();

  await moveTo(admin, slug, 3);
  await voter.goto(`/jams/${slug}`);
  await expect(panel.getByText('Voting is over. The theme is revealed when the jam starts.')).toBeVisible();
  expect(await voter.content()).not.toContain('Tiny worlds');

  const started = await admin.request.patch(`/api/jams/${slug}`, { data: { startsAt: at(-MINUTE) } });
  expect(started.status(), await started.text()).toBe(200);
  await voter.goto(`/ir/jams/${slug}`);
  await expect(voter.getByText('Is é an téama ná Tiny worlds')).toBeVisible();
  await voter.goto(`/jams/${slug}`);
  await expect(voter.getByRole('heading', { name: 'How the theme was chosen' })).toBeVisible();
  await expect(voter.getByRole('row', { name: /Tiny worlds/ })).toContainText('1');
});

test('the jam page asks for its personal parts once: the theme panel reads the viewer document, and a write answers the rest', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const admin = await userPage(browser, 'demo_admin');
  const { slug } = await createJamThroughApi(admin.request, {
    name: `One Call Theme Jam ${Date.now().toString(36)}`,
    description: 'The theme panel rides on the viewer document.',
    startsAt: at(2 * HOUR),
    endsAt: at(26 * HOUR),
  });
  await moveTo(admin, slug, 0);
  const other = await userPage(browser, 'block_builder');
  for (const text of ['Echoes', 'Gravity']) {
    expect((await other.request.post(`/api/jams/${slug}/theme/suggestions`, { data: { text } })).status()).toBe(201);
  }
  await moveTo(admin, slug, 1);

  const voter = await userPage(browser, 'loop_legend');
  // A page of its own: the login's last page may still be asking for its things.
  const reader = await voter.context().newPage();
  const calls: string[] = [];
  reader.on('request', (request) => {
    const url = new URL(request.url());
    const script = request.resourceType() === 'fetch' || request.resourceType() === 'xhr';
    if (script && url.pathname.startsWith('/api/')) calls.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  await reader.goto(`/jams/${slug}`);
  await waitUntilSettled(reader);
  const panel = reader.getByRole('region', { name: 'The theme, chosen together' });
  await expect(panel.getByText('Would this make a good theme?')).toBeVisible();
  await expect(panel.getByText('Echoes', { exact: true })).toBeVisible();
  await reader.waitForLoadState('networkidle');
  expect(calls).toEqual([`GET /api/jams/${slug}/viewer`]);

  await panel.getByRole('button', { name: 'Yes', exact: true }).click();
  await expect(panel.getByRole('status')).toHaveText('Yes noted. Here is the next one.');
  await expect(panel.getByText('Gravity', { exact: true })).toBeVisible();
  await reader.waitForLoadState('networkidle');
  expect(calls.slice(1)).toEqual([`PUT /api/jams/${slug}/theme/suggestions/${await idOf(admin, slug, 'Echoes')}/answer`]);
});

/** A suggestion's id, from the managers' list. */
async function idOf(admin: Page, slug: string, text: string): Promise<number> {
  const response = await admin.request.get(`/api/jams/${slug}/theme/suggestions`);
  expect(response.status(), await response.text()).toBe(200);
  const { suggestions } = (await response.json()) as { suggestions: { id: number; text: string }[] };
  return suggestions.find((row) => row.text === text)!.id;
}
