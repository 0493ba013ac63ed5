/** The user's dashboard (spec §2): their profile and the jams they entered or manage. */
import { avatarPath } from '#lib/avatars';
import { desc, eq } from 'drizzle-orm';
import { entries, jamManagers, jams } from '#db/schema';
import { jamStatus } from '#lib/jam-timing';
import type { DashboardDto, DashboardJamDto } from '#lib/schemas/users';
import { db } from '#server/platform/db';
import { joinedJams } from '#server/jams/participants';
import type { SessionUser } from '#server/auth/session';

const jamColumns = { slug: jams.slug, name: jams.name, imageUrl: jams.imageUrl, startsAt: jams.startsAt, endsAt: jams.endsAt };

const toJam = (
  jam: { slug: string; name: string; imageUrl: string | null; startsAt: Date; endsAt: Date },
  now: number,
): DashboardJamDto => ({
  slug: jam.slug,
  name: jam.name,
  imageUrl: jam.imageUrl,
  status: jamStatus(jam, now),
  startsAt: jam.startsAt.toISOString(),
  endsAt: jam.endsAt.toISOString(),
});

export async function dashboardFor(user: SessionUser, now = Date.now()): Promise<DashboardDto> {
  const database = await db();
  const [entered, managing, joined] = await Promise.all([
    database
      .select({ ...jamColumns, entryTitle: entries.title })
      .from(entries)
      .innerJoin(jams, eq(jams.id, entries.jamId))
      .where(eq(entries.submitterId, user.id))
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
      const todo = card.status === 'ended' ? 'results' : submitted && card.status === 'ongoing' ? 'voting-open' : 'not-submitted';
      return { ...card, todo };
    }),
  };
}
