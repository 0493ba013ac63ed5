/**
 * Pages the demo seed does not show, added to the screenshots' own database after seeding:
 * a jam in its voting period (submissions closed, "Voting ends in …", entrants only), notes from
 * players on an entry, and an inbox.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '#server/platform/db';
import {
  blockedWords,
  entries,
  entryCredits,
  jamManagers,
  jamParticipants,
  jams,
  notes,
  notifications,
  users,
  votes,
} from '#db/schema';

const DAY = 86_400_000;
export const VOTING_JAM = 'pixel-parade-jam';

export async function addVotingPeriodJam(database: Database, today: number): Promise<void> {
  const id = async (name: string) => (await database.select({ id: users.id }).from(users).where(eq(users.name, name)))[0]!.id;
  const [jam] = await database
    .insert(jams)
    .values({
      slug: VOTING_JAM,
      name: 'Pixel Parade Jam',
      description: 'Submissions are in: play every parade and vote for your favourites before the voting ends.',
      body: '## Theme\n\n**Parade.** Many things marching together.\n\n## Judging\n\nOnly entrants vote, and only for games they played.',
      startsAt: new Date(today - 6 * DAY),
      endsAt: new Date(today - DAY),
      votingEndsAt: new Date(today + 2 * DAY),
      whoCanVote: 'entrants',
      playBeforeVote: true,
      createdBy: await id('demo_admin'),
    })
    .returning({ id: jams.id });
  const jamId = jam!.id;
  await database.insert(jamManagers).values({ jamId, userId: await id('sprite_smith') });
  const made = [
    { by: 'pixel_pioneer', scratchId: 900000201, title: 'Parade of Pixels' },
    { by: 'loop_legend', scratchId: 900000202, title: 'Marching Loops' },
    { by: 'block_builder', scratchId: 900000203, title: 'Block Band' },
  ];
  for (const [index, entry] of made.entries()) {
    const submitterId = await id(entry.by);
    const [row] = await database
      .insert(entries)
      .values({
        jamId,
        scratchId: entry.scratchId,
        submitterId,
        title: entry.title,
        authorName: entry.by,
        submittedAt: new Date(today - 5 * DAY + index * 3_600_000),
      })
      .returning({ id: entries.id });
    await database.insert(jamParticipants).values({ jamId, userId: submitterId });
    if (index > 0) await database.insert(votes).values({ jamId, entryId: row!.id, voterId: await id('pixel_pioneer') });
  }
}

/**
 * Notes from players on Orbit Runner (the ongoing jam's first entry): a few kind ones, one with a
 * Scratch link, and one its manager hid; and two words administrators added to the note filter.
 */
export const NOTED_ENTRY = { jam: 'space-sprint-jam', scratchId: 900000101 };

export async function addNotes(database: Database, today: number): Promise<void> {
  const id = async (name: string) => (await database.select({ id: users.id }).from(users).where(eq(users.name, name)))[0]!.id;
  const [jam] = await database.select({ id: jams.id }).from(jams).where(eq(jams.slug, NOTED_ENTRY.jam));
  const [entry] = await database.select({ id: entries.id }).from(entries).where(eq(entries.scratchId, NOTED_ENTRY.scratchId));
  const at = (hours: number) => new Date(today + hours * 3_600_000);
  const written = [
    { by: 'loop_legend', text: 'The orbit jump feels amazing! It took me ages to reach level 3.', at: at(-20) },
    { by: 'block_builder', text: 'Great sounds. Maybe a checkpoint before the asteroid belt?', at: at(-6) },
    { by: 'cat_coder', text: 'Spam spam spam, play my game instead!', at: at(8), hidden: true },
    {
      by: 'cat_coder',
      text: 'Made a remix with a two-player mode: https://scratch.mit.edu/projects/100000002 — thanks for the idea!',
      at: at(9.5),
    },
    { by: 'sprite_smith', text: 'Thank you all for playing! A checkpoint is coming in the next update.', at: at(10.2) },
  ];
  const manager = await id('pixel_pioneer');
  for (const note of written) {
    await database.insert(notes).values({
      entryId: entry!.id,
      jamId: jam!.id,
      authorId: await id(note.by),
      text: note.text,
      createdAt: note.at,
      ...(note.hidden ? { hiddenAt: at(9), hiddenBy: manager } : {}),
    });
  }
  const admin = await id('demo_admin');
  await database.insert(blockedWords).values([
    { word: 'dummy', addedBy: admin, createdAt: at(-48) },
    { word: 'butthead', addedBy: admin, createdAt: at(-30) },
  ]);
}

/**
 * pixel_pioneer's inbox (issue 34 §2): five people's kudos and a note on Leaf Catcher and a report
 * about the jam they manage, unread; the results of the jam they won and the voting reminder, read.
 */
export async function addInboxDemo(database: Database, today: number): Promise<void> {
  const HOUR = 3_600_000;
  const id = async (name: string) => (await database.select({ id: users.id }).from(users).where(eq(users.name, name)))[0]!.id;
  const entryOf = async (scratchId: number) =>
    (await database.select({ id: entries.id, jamId: entries.jamId }).from(entries).where(eq(entries.scratchId, scratchId)))[0]!;
  const me = await id('pixel_pioneer');
  const leaf = await entryOf(900000201);
  const reported = await entryOf(900000102);
  const [voting] = await database.select({ id: jams.id }).from(jams).where(eq(jams.slug, VOTING_JAM));
  const givers = ['sprite_smith', 'loop_legend', 'block_builder', 'cat_coder', 'demo_admin'];
  await database.insert(notifications).values([
    ...(await Promise.all(
      givers.map(async (giver, index) => ({
        userId: me,
        kind: 'kudos' as const,
        key: `kudos:${leaf.id}:${await id(giver)}`,
        groupKey: `kudos:${leaf.id}`,
        entryId: leaf.id,
        jamId: leaf.jamId,
        actorId: await id(giver),
        createdAt: new Date(today + (2 + index) * 0.25 * HOUR),
      })),
    )),
    {
      userId: me,
      kind: 'note',
      key: 'note:demo-1',
      groupKey: `note:${leaf.id}`,
      entryId: leaf.id,
      jamId: leaf.jamId,
      actorId: await id('cat_coder'),
      createdAt: new Date(today + 9 * HOUR),
    },
    {
      userId: me,
      kind: 'report',
      key: 'report:demo-1',
      entryId: reported.id,
      jamId: reported.jamId,
      data: { item: 'entry' },
      createdAt: new Date(today + 10 * HOUR),
    },
    {
      userId: me,
      kind: 'voting-ends-soon',
      key: `voting-ends:${voting!.id}`,
      jamId: voting!.id,
      createdAt: new Date(today - 8 * HOUR),
      readAt: new Date(today - 7 * HOUR),
    },
    {
      userId: me,
      kind: 'results',
      key: `results:${leaf.jamId}:won`,
      jamId: leaf.jamId,
      entryId: leaf.id,
      data: { won: true, communityChoice: false },
      createdAt: new Date(today - 16 * 24 * HOUR),
      readAt: new Date(today - 15 * 24 * HOUR),
    },
  ]);
}

/** Gravity Golf's team in the ongoing jam (issue 35 §1): two credited co-creators and one pending invitation. */
export const TEAM_ENTRY = 2;
export const TEAM_INVITEE = 'team_mate_en';

export async function addTeamDemo(database: Database, today: number): Promise<void> {
  const HOUR = 3_600_000;
  const userId = async (name: string) => {
    const [found] = await database.select({ id: users.id }).from(users).where(eq(users.name, name));
    if (found) return found.id;
    const [made] = await database.insert(users).values({ name }).returning({ id: users.id });
    return made!.id;
  };
  const [golf] = await database
    .select({ id: entries.id, jamId: entries.jamId, submitterId: entries.submitterId })
    .from(entries)
    .where(eq(entries.scratchId, 900000102));
  const credit = async (name: string, hours: number, accepted: boolean) => ({
    entryId: golf!.id,
    userId: await userId(name),
    jamId: golf!.jamId,
    invitedBy: golf!.submitterId,
    invitedAt: new Date(today - 30 * HOUR + hours * HOUR),
    ...(accepted ? { status: 'accepted' as const, acceptedAt: new Date(today - 29 * HOUR + hours * HOUR) } : {}),
  });
  await database
    .insert(entryCredits)
    .values([
      await credit('GriffTheGreat', 0, true),
      await credit('MixedCase_Maker', 2, true),
      await credit(TEAM_INVITEE, 6, false),
    ]);
}
