/** What the team services (team.ts, invitations.ts) share: the membership rows (table entry_credits), the messages and the invitation events. */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Entry, type Jam, entryCredits, notifications } from '#db/schema';
import { jamStatus } from '#lib/jam-timing';
import { MAX_CO_CREATORS } from '#lib/teams';
import { notifyWith } from '#server/inbox/notify';
import { db } from '#server/platform/db';
import { enteredCondition } from './co-creators';

export const TEAM_SETTLED_MESSAGE = 'Submissions for this jam have closed, so its teams are settled and can no longer change.';
export const ONE_ENTRY_MESSAGE =
  'You already have an entry in this jam. Everyone can be part of one entry per jam, so you can’t join this team too.';
export const TEAM_FULL_MESSAGE = `An entry can credit up to ${MAX_CO_CREATORS} co-creators. Take back an invitation to make room for someone else.`;
export const NO_INVITATION_MESSAGE = 'There is no invitation for you on this entry (it may have been taken back).';

export const teamIsOpen = (jam: Jam) => jamStatus(jam) === 'ongoing';

export type TeamMembership = typeof entryCredits.$inferSelect;

/** Whether the user submitted an entry of the jam or is credited on one (besides `exceptEntryId`). */
export async function hasEntryIn(jamId: number, userId: number): Promise<boolean> {
  const [row] = await db().all<{ yes: number }>(sql`select ${enteredCondition(jamId, userId)} as yes`);
  return Boolean(Number(row?.yes ?? 0));
}

export async function membershipOf(entryId: number, userId: number): Promise<TeamMembership | undefined> {
  const [row] = await db()
    .select()
    .from(entryCredits)
    .where(and(eq(entryCredits.entryId, entryId), eq(entryCredits.userId, userId)));
  return row;
}

/** Marks the person's unread invitation event about the entry read, or drops it when the invitation is gone. */
export async function settleInvitationEvents(
  tx: Pick<Awaited<ReturnType<typeof db>>, 'update' | 'delete'>,
  userId: number,
  entryId: number,
  how: 'read' | 'drop',
) {
  const which = and(
    eq(notifications.userId, userId),
    eq(notifications.entryId, entryId),
    eq(notifications.kind, 'credit-invited'),
    isNull(notifications.readAt),
  );
  if (how === 'drop') await tx.delete(notifications).where(which);
  else await tx.update(notifications).set({ readAt: new Date() }).where(which);
}

export async function declinedEvent(
  tx: Parameters<typeof notifyWith>[0],
  entry: Entry,
  invitee: { id: number },
  credit: TeamMembership,
) {
  await notifyWith(tx, {
    userId: entry.submitterId,
    kind: 'credit-declined',
    key: `credit-declined:${entry.id}:${invitee.id}:${credit.invitedAt.getTime()}`,
    jamId: entry.jamId,
    entryId: entry.id,
    actorId: invitee.id,
  });
}
