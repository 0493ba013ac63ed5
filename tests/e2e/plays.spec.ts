import type { Page } from '@playwright/test';
import { and, eq } from 'drizzle-orm';
import { entries, jams, plays, users } from '#db/schema';
import { openDatabase } from '#server/node/database';
import { expect, loginAs, test } from './fixtures';
import type { Site } from './site';

const HOUR = 3_600_000;

/** What these tests read in each locale's route. */
const LOCALES = [
  {
    prefix: '',
    playNext: 'Play next',
    random: 'Play a random entry',
    play: 'Play',
    allPlayed: 'You have played every entry. Thank you for playing!',
    sorts: { fewest: 'Fewest plays', newest: 'Newest', random: 'Random', submitted: 'First submitted' },
  },
  {
    prefix: '/hu',
    playNext: 'Következő játék',
    random: 'Egy véletlen nevezés',
    play: 'Játék',
    allPlayed: 'Minden nevezést kipróbáltál. Köszönjük, hogy játszottál!',
    sorts: { fewest: 'Legkevesebb lejátszás', newest: 'Legújabb', random: 'Véletlen', submitted: 'Elsőként beküldött' },
  },
  {
    prefix: '/ir',
    playNext: 'Imir an chéad cheann eile',
    random: 'Imir iontráil randamach',
    play: 'Imir',
    allPlayed: 'D’imir tú gach iontráil. Go raibh maith agat as imirt!',
    sorts: { fewest: 'Is lú imirtí', newest: 'Is nuaí', random: 'Randamach', submitted: 'Is luaithe curtha isteach' },
  },
] as const;

let made = 0;

interface Scene {
  slug: string;
  /** Entry ids by title. */
  ids: Record<string, number>;
}

/**
 * A running jam straight in the worker's database, with four entries by new people, submitted an
 * hour apart in the order Alpha, Bravo, Charlie, Delta, and plays that fix the order of "Play next":
 * Alpha has 2 plays, Bravo 1, Charlie and Delta none; Delta's author played two others (karma 2),
 * Charlie's one. So: Delta, Charlie, Bravo, Alpha.
 */
async function scene(site: Site): Promise<Scene> {
  const database = await openDatabase(site.databaseUrl);
  try {
    made += 1;
    const tag = `${process.pid}_${made}_${Date.now().toString(36)}`;
    const now = Date.now();
    const [jam] = await database
      .insert(jams)
      .values({
        slug: `play-jam-${tag}`.toLowerCase().replaceAll('_', '-'),
        name: `Play Jam ${tag}`,
        description: 'Plays end to end.',
        startsAt: new Date(now - 24 * HOUR),
        endsAt: new Date(now + 24 * HOUR),
      })
      .returning();
    const titles = ['Alpha', 'Bravo', 'Charlie', 'Delta'];
    const authors = await database
      .insert(users)
      .values(titles.map((title) => ({ name: `${title.toLowerCase()}_${tag}`.slice(0, 20) })))
      .returning();
    const rows = await database
      .insert(entries)
      .values(
        titles.map((title, i) => ({
          jamId: jam!.id,
          scratchId: 960_000_000 + made * 10 + i + (process.pid % 1000) * 1000,
          submitterId: authors[i]!.id,
          title: `${title} ${tag}`,
          authorName: authors[i]!.name,
          submittedAt: new Date(now - (10 - i) * HOUR),
        })),
      )
      .returning();
    const [alpha, bravo, charlie, delta] = rows as [(typeof rows)[0], (typeof rows)[0], (typeof rows)[0], (typeof rows)[0]];
    const played = (player: number, entryId: number) => ({ entryId, playerId: player, jamId: jam!.id });
    await database
      .insert(plays)
      .values([played(authors[3]!.id, alpha.id), played(authors[3]!.id, bravo.id), played(authors[2]!.id, alpha.id)]);
    return {
      slug: jam!.slug,
      ids: { Alpha: alpha.id, Bravo: bravo.id, Charlie: charlie.id, Delta: delta.id },
    };
  } finally {
    database.$client.close();
  }
}

async function playsOf(site: Site, entryId: number, playerName: string): Promise<number> {
  const database = await openDatabase(site.databaseUrl);
  try {
    const [player] = await database.select().from(users).where(eq(users.name, playerName));
    if (!player) return 0;
    return (
      await database
        .select()
        .from(plays)
        .where(and(eq(plays.entryId, entryId), eq(plays.playerId, player.id)))
    ).length;
  } finally {
    database.$client.close();
  }
}

const titlesInOrder = async (page: Page) =>
  (await page.locator('#submissions .entry-title a').allTextContents()).map((title) => title.split(' ')[0]);

for (const locale of LOCALES) {
  test(`Play next takes a Scratcher to the least-played entries first and opening a player counts a play (${locale.prefix || '/'})`, async ({
    page,
    browser,
    site,
  }) => {
    test.setTimeout(90_000);
    const { slug, ids } = await scene(site);
    const player = 'sprite_smith';
    await loginAs(page, player);
    const jamPath = `${locale.prefix}/jams/${slug}`;

    const playNext = async (title: string) => {
      await page.goto(`${jamPath}#submissions`);
      await page.getByRole('button', { name: locale.playNext }).click();
      await expect(page).toHaveURL(`${jamPath}/entries/${ids[title]}#play`);
      await expect(page.locator('#play iframe')).toBeVisible();
      // The entry page counts the play in the background.
      await expect.poll(() => playsOf(site, ids[title]!, player)).toBe(1);
    };
    await playNext('Delta');
    await playNext('Charlie');

    // Opening a card's player counts too.
    await page.goto(`${jamPath}#submissions`);
    const bravo = page.locator('#submissions li.entry').filter({ hasText: 'Bravo' });
    await bravo.getByRole('button', { name: locale.play, exact: true }).click();
    await expect(bravo.locator('iframe')).toBeVisible();
    await expect.poll(() => playsOf(site, ids.Bravo!, player)).toBe(1);

    await playNext('Alpha');
    await page.goto(`${jamPath}#submissions`);
    await page.getByRole('button', { name: locale.playNext }).click();
    await expect(page.getByRole('status').filter({ hasText: locale.allPlayed })).toBeVisible();

    // A visitor gets a random entry, and nothing is counted for them.
    const context = await browser.newContext();
    const visitor = await context.newPage();
    await visitor.goto(`${jamPath}#submissions`);
    await visitor.getByRole('button', { name: locale.random }).click();
    await expect(visitor).toHaveURL(new RegExp(`${jamPath}/entries/\\d+#play$`));
    await expect(visitor.locator('#play iframe')).toBeVisible();
    await context.close();
  });

  test(`the submissions sort by fewest plays, newest and a random order kept for the visitor (${locale.prefix || '/'})`, async ({
    page,
    site,
  }) => {
    const { slug } = await scene(site);
    const jamPath = `${locale.prefix}/jams/${slug}`;
    await page.goto(`${jamPath}#submissions`);
    await expect.poll(() => titlesInOrder(page)).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta']);
    const sortLink = (name: string) => page.locator('#submissions').getByRole('link', { name, exact: true });
    await expect(sortLink(locale.sorts.submitted)).toHaveAttribute('aria-current', 'true');

    await sortLink(locale.sorts.fewest).click();
    await expect(page).toHaveURL(`${jamPath}?sort=fewest-plays#submissions`);
    await expect(sortLink(locale.sorts.fewest)).toHaveAttribute('aria-current', 'true');
    await expect.poll(() => titlesInOrder(page)).toEqual(['Charlie', 'Delta', 'Bravo', 'Alpha']);

    await sortLink(locale.sorts.newest).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${jamPath}?sort=newest#submissions`);
    await expect(sortLink(locale.sorts.newest)).toHaveAttribute('aria-current', 'true');
    await expect.poll(() => titlesInOrder(page)).toEqual(['Delta', 'Charlie', 'Bravo', 'Alpha']);

    // Random carries this visitor's seed, made once and kept: the same order again and again.
    await expect(sortLink(locale.sorts.random)).toHaveAttribute('href', /sort=random&seed=\d+#submissions$/);
    const href = await sortLink(locale.sorts.random).getAttribute('href');
    await sortLink(locale.sorts.random).click();
    await expect(page).toHaveURL(new RegExp(`\\?sort=random&seed=\\d+#submissions$`));
    // The URL changes before the new page is read: its own sort link marked current says it is there.
    await expect(sortLink(locale.sorts.random)).toHaveAttribute('aria-current', 'true');
    const order = await titlesInOrder(page);
    expect([...order].sort()).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta']);
    await page.goto(`${jamPath}#submissions`);
    await expect(sortLink(locale.sorts.random)).toHaveAttribute('href', href!);
    await sortLink(locale.sorts.random).click();
    await expect(page).toHaveURL(new RegExp(`\\?sort=random&seed=\\d+#submissions$`));
    await expect(sortLink(locale.sorts.random)).toHaveAttribute('aria-current', 'true');
    await expect.poll(() => titlesInOrder(page)).toEqual(order);

    await sortLink(locale.sorts.submitted).click();
    await expect(page).toHaveURL(`${jamPath}#submissions`);
    await expect.poll(() => titlesInOrder(page)).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta']);
  });
}
