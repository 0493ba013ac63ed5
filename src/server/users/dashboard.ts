/** The user's dashboard (spec §2): their profile and the jams they entered or manage. */
import { avatarPath } from '#lib/avatars';
import { desc, eq } from 'drizzle-orm';
import { entries, jamManagers, jams } from '#db/schema';
import { jamPhase, jamStatus } from '#lib/jam-timing';
import { type DashboardDto, type DashboardJamDto, JOINED_TODOS } from '#lib/schemas/users';
import { db } from '#server/platform/db';
import { onTeamCondition } from '#server/teams/co-creators';
import { joinedJams } from '#server/jams/participants';
import type { SessionUser } from '#server/auth/session';

const jamColumns = {
  slug: jams.slug,
  name: jams.name,
  imageUrl: jams.imageUrl,
  startsAt: jams.startsAt,
  endsAt: jams.endsAt,
  votingEndsAt: jams.votingEndsAt,
};

const toJam = (
  jam: { slug: string; name: string; imageUrl: string | null; startsAt: Date; endsAt: Date; votingEndsAt: Date | null },
  now: number,
): DashboardJamDto => ({
  slug: jam.slug,
  name: jam.name,
  imageUrl: jam.imageUrl,
  status: jamStatus(jam, now),
  phase: jamPhase(jam, now),
  startsAt: jam.startsAt.toISOString(),
  endsAt: jam.endsAt.toISOString(),
  votingEndsAt: jam.votingEndsAt?.toISOString() ?? null,
});

/** What a joined jam asks of the person now: submit, vote, or read the results. */
function todoFor(phase: DashboardJamDto['phase'], submitted: boolean): (typeof JOINED_TODOS)[number] {
  if (phase === 'ended') return 'results';
  if (phase === 'voting') return submitted ? 'voting-open' : 'vote';
  return submitted && phase === 'ongoing' ? 'voting-open' : 'not-submitted';
}

export async function dashboardFor(user: SessionUser, now = Date.now()): Promise<DashboardDto> {
  const database = db();
  const [entered, managing, joined] = await Promise.all([
    database
      .select({ ...jamColumns, entryTitle: entries.title })
      .from(entries)
      .innerJoin(jams, eq(jams.id, entries.jamId))
      // Entered as submitter or as a credited co-creator (issue 35).
      .where(onTeamCondition(entries.id, user.id))
      .orderBy(desc(jams.startsAt), desc(jams.id)),
    database
      .select(jamColumns)
      .from(jamManagers)
      .innerJoin(jams, eq(jams.id, jamManagers.jamId))
      .where(eq(jamManagers.userId, user.id))
      .orderBy(desc(jams.startsAt), desc(jams.id)),
    joinedJams(user),
  ]);
  return {
    user: { id: user.id, name: user.name, isAdmin: user.isAdmin, avatarUrl: avatarPath(user.name) },
    entered: entered.map((row) => ({ ...toJam(row, now), entryTitle: row.entryTitle })),
    managing: managing.map((row) => toJam(row, now)),
    joined: joined.map(({ jam, submitted }) => {
      const card = toJam(jam, now);
      return { ...card, todo: todoFor(card.phase, submitted) };
    }),
  };
}
