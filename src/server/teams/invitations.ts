/** Invitations to a team (issue 35 §1), from the invitee's side: their list, accepting and declining. */
import { and, desc, eq, gt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { type Entry, type Jam, entries, entryCredits, jams, kudos, users, votes } from '#db/schema';
import type { InvitationListDto } from '#lib/schemas/teams';
import { recordAudit } from '#server/activity/audit';
import { refuseIfBanned } from '#server/auth/require';
import type { SessionUser } from '#server/auth/session';
import { announceChange } from '#server/cache/changes';
import { conflict, notFound } from '#server/platform/errors';
import { notifyWith } from '#server/inbox/notify';
import { db } from '#server/platform/db';
import { isOneEntryViolation } from './co-creators';
import {
  type TeamMembership,
  NO_INVITATION_MESSAGE,
  ONE_ENTRY_MESSAGE,
  TEAM_SETTLED_MESSAGE,
  membershipOf,
  declinedEvent,
  hasEntryIn,
  settleInvitationEvents,
  teamIsOpen,
} from './memberships';
import { joinInside } from '#server/jams/participants';

const inviter = alias(users, 'inviter');

/** The person's pending invitations, newest first, in jams whose teams can still change. */
export async function myInvitations(user: SessionUser, now = Date.now()): Promise<InvitationListDto> {
  const rows = await db()
    .select({
      entryId: entries.id,
      entryTitle: entries.title,
      thumbnailUrl: entries.thumbnailUrl,
      slug: jams.slug,
      jamName: jams.name,
      invitedBy: inviter.name,
      invitedAt: entryCredits.invitedAt,
    })
    .from(entryCredits)
    .innerJoin(entries, eq(entries.id, entryCredits.entryId))
    .innerJoin(jams, eq(jams.id, entryCredits.jamId))
    .leftJoin(inviter, eq(inviter.id, entryCredits.invitedBy))
    .where(and(eq(entryCredits.userId, user.id), eq(entryCredits.status, 'invited'), gt(jams.endsAt, new Date(now))))
    .orderBy(desc(entryCredits.invitedAt), desc(entries.id));
  return {
    invitations: rows.map((row) => ({
      entryId: row.entryId,
      entryTitle: row.entryTitle,
      thumbnailUrl: row.thumbnailUrl,
      jam: { slug: row.slug, name: row.jamName },
      invitedBy: row.invitedBy,
      invitedAt: row.invitedAt.toISOString(),
    })),
  };
}

async function requireInvitation(
  user: SessionUser,
  entryId: number,
): Promise<{ credit: TeamMembership; entry: Entry; jam: Jam }> {
  refuseIfBanned(user);
  const credit = await membershipOf(entryId, user.id);
  if (!credit) throw notFound(NO_INVITATION_MESSAGE);
  const database = db();
  const [row] = await database
    .select({ entry: entries, jam: jams })
    .from(entries)
    .innerJoin(jams, eq(jams.id, entries.jamId))
    .where(eq(entries.id, entryId));
  if (!row) throw notFound(NO_INVITATION_MESSAGE);
  return { credit, entry: row.entry, jam: row.jam };
}

/**
 * Accepts an invitation: credited from now on (joining the jam too). Any vote or kudos they gave
 * the entry before goes, since nobody votes for or gives kudos to their own entry. Accepting twice
 * is harmless.
 */
export async function acceptInvitation(user: SessionUser, entryId: number): Promise<InvitationListDto> {
  const { credit, entry, jam } = await requireInvitation(user, entryId);
  if (credit.status === 'accepted') return myInvitations(user);
  if (!teamIsOpen(jam)) throw conflict(TEAM_SETTLED_MESSAGE);
  if (await hasEntryIn(jam.id, user.id)) throw conflict(ONE_ENTRY_MESSAGE);
  const database = db();
  try {
    await database.transaction(async (tx) => {
      const acceptedAt = new Date();
      const updated = await tx
        .update(entryCredits)
        .set({ status: 'accepted', acceptedAt })
        .where(and(eq(entryCredits.entryId, entry.id), eq(entryCredits.userId, user.id), eq(entryCredits.status, 'invited')))
        .returning({ entryId: entryCredits.entryId });
      if (updated.length === 0) return; // accepted by another request just now
      await tx.delete(votes).where(and(eq(votes.entryId, entry.id), eq(votes.voterId, user.id)));
      await tx.delete(kudos).where(and(eq(kudos.entryId, entry.id), eq(kudos.giverId, user.id)));
      await joinInside(tx, jam.id, user.id);
      await settleInvitationEvents(tx, user.id, entry.id, 'read');
      await notifyWith(tx, {
        userId: entry.submitterId,
        kind: 'credit-accepted',
        key: `credit-accepted:${entry.id}:${user.id}:${acceptedAt.getTime()}`,
        jamId: jam.id,
        entryId: entry.id,
        actorId: user.id,
      });
      await recordAudit(tx, user, {
        action: 'entry.credit.accept',
        jamId: jam.id,
        targetUserId: entry.submitterId,
        details: { entryId: entry.id, title: entry.title, name: user.name },
      });
    });
  } catch (error) {
    // Another request (a submission, or accepting elsewhere in the jam) won the race.
    if (isOneEntryViolation(error)) throw conflict(ONE_ENTRY_MESSAGE);
    throw error;
  }
  announceChange({ kind: 'entry', jamId: jam.id, entryId: entry.id });
  return myInvitations(user);
}

/** Declines a pending invitation (a credited co-creator leaves from the entry's page instead). */
export async function declineInvitation(user: SessionUser, entryId: number): Promise<InvitationListDto> {
  const { credit, entry, jam } = await requireInvitation(user, entryId);
  if (credit.status === 'accepted')
    throw conflict('You are already credited on this entry. To leave its team, use “Leave” on the entry’s page.');
  const database = db();
  await database.transaction(async (tx) => {
    const removed = await tx
      .delete(entryCredits)
      .where(and(eq(entryCredits.entryId, entry.id), eq(entryCredits.userId, user.id), eq(entryCredits.status, 'invited')))
      .returning({ entryId: entryCredits.entryId });
    if (removed.length === 0) return;
    await settleInvitationEvents(tx, user.id, entry.id, 'read');
    await declinedEvent(tx, entry, user, credit);
    await recordAudit(tx, user, {
      action: 'entry.credit.remove',
      jamId: jam.id,
      targetUserId: entry.submitterId,
      details: { entryId: entry.id, title: entry.title, name: user.name, reason: 'decline' },
    });
  });
  return myInvitations(user);
}
