/**
 * Whose entry it is (issue 45 §1), in Chromium: an accepted co-creator's entry is theirs as much as
 * its submitter's. Their own plays of it are not counted and "Play next" does not offer it; the jam
 * page tells them they entered instead of showing the submit form; and they hear about its results
 * (a win, the community's choice) as its submitter does. Also: the entry page's notes load, for a
 * visitor and for someone logged in.
 */
import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { entries, entryCredits, jamParticipants, jams, notes, plays, users, votes } from '#db/schema';
import { openDatabase } from '#server/node/database';
import { expect, test, userPage, waitUntilSettled } from './fixtures';
import type { Site } from './site';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let made = 0;

interface Team {
  entryId: number;
  lead: string;
  mate: string;
}

interface Scene {
  jamId: number;
  slug: string;
  name: string;
  teams: Team[];
}

/**
 * A jam straight in the worker's database, with one entry per team: each submitted by its lead and
 * crediting its mate (accepted): owner_lead_{i} and owner_mate_{i}, both of whom joined a day before the jam started. `timing` places
 * the jam; `entry` adds to each entry's row.
 */
async function scene(
  site: Site,
  teams: number,
  timing: { startsAt: number; endsAt: number },
  entry: (index: number) => Partial<typeof entries.$inferInsert> = () => ({}),
): Promise<Scene> {
  const database = await openDatabase(site.databaseUrl);
  try {
    made += 1;
    const tag = `${(process.pid % 1000).toString(36)}${made}${Date.now().toString(36).slice(-5)}`;
    const name = `Owners ${tag}`;
    const [jam] = await database
      .insert(jams)
      .values({
        slug: `owners-${tag}`,
        name,
        description: 'Whose entry it is, end to end.',
        startsAt: new Date(timing.startsAt),
        endsAt: new Date(timing.endsAt),
      })
      .returning();
    const joinedAt = new Date(timing.startsAt - DAY);
    // The fake Scratch's people (tests/fakes/fixtures.ts), so they can log in; each test makes a jam of its own.
    const person = async (name: string) =>
      (await database.select().from(users).where(eq(users.name, name)))[0] ??
      (await database.insert(users).values({ name }).returning())[0]!;
    const planted: Team[] = [];
    for (let index = 0; index < teams; index += 1) {
      const [lead, mate] = [await person(`owner_lead_${index}`), await person(`owner_mate_${index}`)];
      const [row] = await database
        .insert(entries)
        .values({
          jamId: jam!.id,
          scratchId: 970_000_000 + made * 10 + index + (process.pid % 1000) * 1000,
          submitterId: lead!.id,
          title: `Team ${index} ${tag}`,
          authorName: lead!.name,
          submittedAt: new Date(timing.startsAt + HOUR),
          ...entry(index),
        })
        .returning();
      await database.insert(entryCredits).values({
        entryId: row!.id,
        userId: mate!.id,
        jamId: jam!.id,
        status: 'accepted',
        invitedBy: lead!.id,
        invitedAt: new Date(timing.startsAt + HOUR),
        acceptedAt: new Date(timing.startsAt + 2 * HOUR),
      });
      await database.insert(jamParticipants).values([
        { jamId: jam!.id, userId: lead!.id, joinedAt },
        { jamId: jam!.id, userId: mate!.id, joinedAt },
      ]);
      planted.push({ entryId: row!.id, lead: lead!.name, mate: mate!.name });
    }
    return { jamId: jam!.id, slug: jam!.slug, name, teams: planted };
  } finally {
    database.$client.close();
  }
}

async function playsOf(site: Site, entryId: number): Promise<number> {
  const database = await openDatabase(site.databaseUrl);
  try {
    return (await database.select().from(plays).where(eq(plays.entryId, entryId))).length;
  } finally {
    database.$client.close();
  }
}

const running = () => ({ startsAt: Date.now() - DAY, endsAt: Date.now() + DAY });

/** Opens the entry page and waits for its play's PUT (its viewer document comes beside it). */
async function openEntryPage(page: Page, slug: string, entryId: number) {
  const played = page.waitForResponse(
    (response) => response.url().endsWith(`/api/jams/${slug}/entries/${entryId}/play`) && response.request().method() === 'PUT',
  );
  await page.goto(`/jams/${slug}/entries/${entryId}`);
  expect((await played).status()).toBe(204);
  await waitUntilSettled(page);
}

test('a co-creator’s plays of their own entry are not counted, and Play next does not offer it to them', async ({
  browser,
  site,
}) => {
  const { slug, teams } = await scene(site, 1, running());
  const [{ entryId, mate }] = teams as [Team];
  const page = await userPage(browser, mate);

  await page.goto(`/jams/${slug}#submissions`);
  await waitUntilSettled(page);
  await page.getByRole('button', { name: 'Play next' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'You have played every entry. Thank you for playing!' })).toBeVisible();
  await expect(page).toHaveURL(`/jams/${slug}#submissions`);

  await openEntryPage(page, slug, entryId);
  await expect(page.getByText('Your entry', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refresh from Scratch' })).toBeVisible();
  expect(await playsOf(site, entryId)).toBe(0);
  await page.context().close();
});

test('the jam page tells a co-creator they entered, and offers them no submit form', async ({ browser, site }) => {
  const { slug, teams } = await scene(site, 1, running());
  const [{ entryId, mate }] = teams as [Team];
  const page = await userPage(browser, mate);

  const viewer = await page.request.get(`/api/jams/${slug}/viewer`);
  expect(viewer.status()).toBe(200);
  expect(((await viewer.json()) as { entry: { id: number } | null }).entry?.id).toBe(entryId);

  await page.goto(`/jams/${slug}`);
  await waitUntilSettled(page);
  await expect(page.getByText('You have entered this game jam.')).toBeVisible();
  await expect(page.getByText('Submit your project below!')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Submit', exact: true })).toHaveCount(0);
  // On the card, the entry is theirs (the viewer document says so): no upvote, and its menu offers to remove it.
  await page.goto(`/jams/${slug}#submissions`);
  await waitUntilSettled(page);
  const card = page.locator(`.entry[data-entry-id="${entryId}"]`);
  await expect(card.getByText('Your entry', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Upvote' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Entry options' }).click();
  await expect(page.getByRole('menuitem', { name: 'Remove entry' })).toBeVisible();
  await page.context().close();
});

test('co-creators hear of their entry’s results as its submitter does: a win and the community’s choice', async ({
  browser,
  site,
}) => {
  // Voting closed an hour ago: the results are public and fresh. Team 0 won; team 1 got the most votes.
  const { jamId, name, teams } = await scene(site, 2, { startsAt: Date.now() - 3 * DAY, endsAt: Date.now() - HOUR }, (index) => ({
    isWinner: index === 0,
  }));
  const [winners, chosen] = teams as [Team, Team];
  const database = await openDatabase(site.databaseUrl);
  try {
    const [voter] = await database.select().from(users).where(eq(users.name, winners.lead));
    await database.insert(votes).values({ entryId: chosen.entryId, voterId: voter!.id, jamId });
  } finally {
    database.$client.close();
  }

  const expected: [string, string][] = [
    [winners.lead, `The results of ${name} are out, and you won! Congratulations!`],
    [winners.mate, `The results of ${name} are out, and you won! Congratulations!`],
    [chosen.lead, `The results of ${name} are out: your entry is the community's choice!`],
    [chosen.mate, `The results of ${name} are out: your entry is the community's choice!`],
  ];
  for (const [person, text] of expected) {
    const page = await userPage(browser, person);
    await page.goto('/notifications');
    await waitUntilSettled(page);
    await expect(page.getByRole('listitem').filter({ hasText: text })).toHaveCount(1);
    await page.context().close();
  }
});

test('the entry page’s notes load for a visitor and for someone logged in', async ({ browser, site }) => {
  const { jamId, slug, teams } = await scene(site, 1, running());
  const [{ entryId, lead }] = teams as [Team];
  const database = await openDatabase(site.databaseUrl);
  try {
    const [author] = await database.select().from(users).where(eq(users.name, lead));
    await database.insert(notes).values({ entryId, jamId, authorId: author!.id, text: 'Lovely tower!' });
  } finally {
    database.$client.close();
  }
  const region = (page: Page) => page.getByRole('region', { name: 'Notes from players' });

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/jams/${slug}/entries/${entryId}`);
  await waitUntilSettled(visitor);
  await region(visitor).scrollIntoViewIfNeeded();
  await expect(region(visitor).getByText('Lovely tower!')).toBeVisible();
  await expect(region(visitor).getByText('Loading notes…')).toHaveCount(0);
  await visitorContext.close();

  const reader = await userPage(browser, 'sprite_smith');
  await openEntryPage(reader, slug, entryId);
  await region(reader).scrollIntoViewIfNeeded();
  await expect(region(reader).getByText('Lovely tower!')).toBeVisible();
  await expect(region(reader).getByText('Loading notes…')).toHaveCount(0);
  await reader.context().close();
});
