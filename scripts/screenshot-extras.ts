/**
 * Pages the demo seed does not show, added to the screenshots' own database after seeding:
 * a jam in its voting period (submissions closed, "Voting ends in …", entrants only).
 */
import { eq } from 'drizzle-orm';
import type { Database } from '#server/platform/db';
import { entries, jamManagers, jamParticipants, jams, users, votes } from '#db/schema';

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
