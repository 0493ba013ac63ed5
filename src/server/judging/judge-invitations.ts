/** Invitations to judge a jam (issue 42 §2, ADR 040), from the invitee's side: their list, accepting and declining. */
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { type Jam, jamJudges, jams, users } from '#db/schema';
import { resultsArePublic } from '#lib/jam-timing';
import type { JudgeInvitationListDto } from '#lib/schemas/judges';
import { recordAudit } from '#server/activity/audit';
import { refuseIfBanned } from '#server/auth/require';
import type { SessionUser } from '#server/auth/session';
import { announceChange } from '#server/cache/changes';
import { conflict } from '#server/http/errors';
import { notifyWith } from '#server/inbox/notify';
import { db } from '#server/platform/db';
import { JUDGES_SETTLED_MESSAGE, judgeSeatOf, notAJudge, settleJudgeInvitation } from './judges';

const inviter = alias(users, 'inviter');

/** The person's pending invitations to judge, newest first, in jams whose voting has not ended. */
export async function myJudgeInvitations(user: SessionUser, now = Date.now()): Promise<JudgeInvitationListDto> {
  const rows = await db()
    .select({ slug: jams.slug, name: jams.name, invitedBy: inviter.name, invitedAt: jamJudges.invitedAt })
    .from(jamJudges)
    .innerJoin(jams, eq(jams.id, jamJudges.jamId))
    .leftJoin(inviter, eq(inviter.id, jamJudges.invitedBy))
    .where(
      and(
        eq(jamJudges.userId, user.id),
        eq(jamJudges.status, 'invited'),
        or(gt(jams.votingEndsAt, new Date(now)), and(isNull(jams.votingEndsAt), gt(jams.endsAt, new Date(now)))),
      ),
    )
    .orderBy(desc(jamJudges.invitedAt), desc(jams.id));
  return {
    invitations: rows.map((row) => ({
      jam: { slug: row.slug, name: row.name },
      invitedBy: row.invitedBy,
      invitedAt: row.invitedAt.toISOString(),
    })),
  };
}

async function requireInvitation(user: SessionUser, jam: Jam) {
  refuseIfBanned(user);
  const seat = await judgeSeatOf(jam.id, user.id);
  if (!seat) throw notAJudge();
  return seat;
}

/**
 * Accepts: a judge of the jam from now on, until voting ends. Votes or ratings they already gave in
 * the jam count as a judge's from now on (ADR 040). Accepting twice is harmless.
 */
export async function acceptJudgeInvitation(user: SessionUser, jam: Jam): Promise<JudgeInvitationListDto> {
  const seat = await requireInvitation(user, jam);
  if (seat.status === 'accepted') return myJudgeInvitations(user);
  if (resultsArePublic(jam)) throw conflict(JUDGES_SETTLED_MESSAGE);
  await db().transaction(async (tx) => {
    const acceptedAt = new Date();
    const updated = await tx
      .update(jamJudges)
      .set({ status: 'accepted', acceptedAt })
      .where(and(eq(jamJudges.jamId, jam.id), eq(jamJudges.userId, user.id), eq(jamJudges.status, 'invited')))
      .returning({ userId: jamJudges.userId });
    if (updated.length === 0) return; // accepted by another request just now
    await settleJudgeInvitation(tx, user.id, jam.id, 'read');
    if (seat.invitedBy !== null) {
      await notifyWith(tx, {
        userId: seat.invitedBy,
        kind: 'judge-accepted',
        key: `judge-accepted:${jam.id}:${user.id}:${acceptedAt.getTime()}`,
        jamId: jam.id,
        actorId: user.id,
      });
    }
    await recordAudit(tx, user, {
      action: 'jam.judge.accept',
      jamId: jam.id,
      targetUserId: user.id,
      details: { name: user.name },
    });
  });
  announceChange({ kind: 'votes', jamId: jam.id, resultsPublic: false });
  return myJudgeInvitations(user);
}

/** Declines a pending invitation (a judge who accepted steps down from the jam's judges instead). */
export async function declineJudgeInvitation(user: SessionUser, jam: Jam): Promise<JudgeInvitationListDto> {
  const seat = await requireInvitation(user, jam);
  if (seat.status === 'accepted')
    throw conflict('You are already judging this jam. To step down, remove yourself from its judges on the jam’s page.');
  await db().transaction(async (tx) => {
    const removed = await tx
      .delete(jamJudges)
      .where(and(eq(jamJudges.jamId, jam.id), eq(jamJudges.userId, user.id), eq(jamJudges.status, 'invited')))
      .returning({ userId: jamJudges.userId });
    if (removed.length === 0) return;
    await settleJudgeInvitation(tx, user.id, jam.id, 'read');
    if (seat.invitedBy !== null) {
      await notifyWith(tx, {
        userId: seat.invitedBy,
        kind: 'judge-declined',
        key: `judge-declined:${jam.id}:${user.id}:${seat.invitedAt.getTime()}`,
        jamId: jam.id,
        actorId: user.id,
      });
    }
    await recordAudit(tx, user, {
      action: 'jam.judge.remove',
      jamId: jam.id,
      targetUserId: user.id,
      details: { name: user.name, reason: 'decline' },
    });
  });
  return myJudgeInvitations(user);
}

/** Whether the person is an accepted judge of the jam (one indexed read). */
export async function isJudgeOf(jamId: number, userId: number): Promise<boolean> {
  const [row] = await db().all<{ yes: number }>(
    sql`select exists (select 1 from ${jamJudges} where jam_id = ${jamId} and user_id = ${userId} and status = 'accepted') as yes`,
  );
  return Boolean(Number(row?.yes ?? 0));
}
