/** Invitations to judge a jam (issue 42 §2, ADR 040), from the invitee's side: their list, accepting and declining. */
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { type Jam, jamJudges, jams, notifications, users } from '#db/schema';
import { resultsArePublic } from '#lib/results-public';
import type { JudgeInvitationListDto } from '#lib/schemas/judges';
import { auditStatement } from '#server/activity/audit';
import { refuseIfBanned } from '#server/auth/require';
import type { SessionUser } from '#server/auth/session';
import { announceChange } from '#server/cache/changes';
import { conflict } from '#server/platform/errors';
import { notifyStatement } from '#server/inbox/notify';
import { db } from '#server/platform/db';
import { batchNamed } from '#server/platform/named';
import { JUDGES_SETTLED_MESSAGE, type JudgeSeat, judgeSeatOf, notAJudge } from './judges';

const inviter = alias(users, 'inviter');

/** The person's pending invitations to judge, newest first, in jams whose voting has not ended (a query a batch can end with). */
function invitationsQuery(userId: number, now = Date.now()) {
  return db()
    .select({ slug: jams.slug, name: jams.name, invitedBy: inviter.name, invitedAt: jamJudges.invitedAt })
    .from(jamJudges)
    .innerJoin(jams, eq(jams.id, jamJudges.jamId))
    .leftJoin(inviter, eq(inviter.id, jamJudges.invitedBy))
    .where(
      and(
        eq(jamJudges.userId, userId),
        eq(jamJudges.status, 'invited'),
        or(gt(jams.votingEndsAt, new Date(now)), and(isNull(jams.votingEndsAt), gt(jams.endsAt, new Date(now)))),
      ),
    )
    .orderBy(desc(jamJudges.invitedAt), desc(jams.id));
}

type InvitationRow = Awaited<ReturnType<typeof invitationsQuery>>[number];

const toInvitations = (rows: InvitationRow[]): JudgeInvitationListDto => ({
  invitations: rows.map((row) => ({
    jam: { slug: row.slug, name: row.name },
    invitedBy: row.invitedBy,
    invitedAt: row.invitedAt.toISOString(),
  })),
});

export async function myJudgeInvitations(user: SessionUser, now = Date.now()): Promise<JudgeInvitationListDto> {
  return toInvitations(await invitationsQuery(user.id, now));
}

async function requireInvitation(user: SessionUser, jam: Jam) {
  refuseIfBanned(user);
  const seat = await judgeSeatOf(jam.id, user.id);
  if (!seat) throw notAJudge();
  return seat;
}

/** The person's invitation to the jam, still pending, as an SQL condition (a batch's writes check it first). */
const pendingSeat = (jamId: number, userId: number) =>
  sql`exists (select 1 from ${jamJudges} where ${jamJudges.jamId} = ${jamId} and ${jamJudges.userId} = ${userId} and ${jamJudges.status} = 'invited')`;

/** The inviter's notice and the audit entry of an answer, written only while the invitation is pending. */
function answerStatements(user: SessionUser, jam: Jam, seat: JudgeSeat, kind: 'judge-accepted' | 'judge-declined', at: number) {
  const database = db();
  const pending = pendingSeat(jam.id, user.id);
  return {
    audit: auditStatement(
      database,
      user,
      {
        action: kind === 'judge-accepted' ? 'jam.judge.accept' : 'jam.judge.remove',
        jamId: jam.id,
        targetUserId: user.id,
        details: { name: user.name, ...(kind === 'judge-declined' ? { reason: 'decline' } : {}) },
      },
      pending,
    ),
    notifyInviter: notifyStatement(
      database,
      [{ userId: seat.invitedBy ?? user.id, kind, key: `${kind}:${jam.id}:${user.id}:${at}`, jamId: jam.id, actorId: user.id }],
      pending,
    ),
  };
}

/** The person's unread invitation to judge the jam, marked read (a statement of the answer's batch). */
const settleStatement = (userId: number, jamId: number) =>
  db()
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.jamId, jamId),
        eq(notifications.kind, 'judge-invited'),
        isNull(notifications.readAt),
      ),
    );

/**
 * Accepts: a judge of the jam from now on, until voting ends. Votes or ratings they already gave in
 * the jam count as a judge's from now on (ADR 040). Accepting twice is harmless. The change, the
 * inviter's notice, the audit entry and the list it leaves are one batch.
 */
export async function acceptJudgeInvitation(user: SessionUser, jam: Jam): Promise<JudgeInvitationListDto> {
  const seat = await requireInvitation(user, jam);
  if (seat.status === 'accepted') return myJudgeInvitations(user);
  if (resultsArePublic(jam)) throw conflict(JUDGES_SETTLED_MESSAGE);
  const acceptedAt = new Date();
  const database = db();
  const { invitations } = await batchNamed(database, {
    ...answerStatements(user, jam, seat, 'judge-accepted', acceptedAt.getTime()),
    accept: database
      .update(jamJudges)
      .set({ status: 'accepted', acceptedAt })
      .where(and(eq(jamJudges.jamId, jam.id), eq(jamJudges.userId, user.id), eq(jamJudges.status, 'invited'))),
    settle: settleStatement(user.id, jam.id),
    invitations: invitationsQuery(user.id),
  });
  announceChange({ kind: 'votes', jamId: jam.id, resultsPublic: false });
  return toInvitations(invitations);
}

/** Declines a pending invitation (a judge who accepted steps down from the jam's judges instead), in one batch. */
export async function declineJudgeInvitation(user: SessionUser, jam: Jam): Promise<JudgeInvitationListDto> {
  const seat = await requireInvitation(user, jam);
  if (seat.status === 'accepted')
    throw conflict('You are already judging this jam. To step down, remove yourself from its judges on the jam’s page.');
  const database = db();
  const { invitations } = await batchNamed(database, {
    ...answerStatements(user, jam, seat, 'judge-declined', seat.invitedAt.getTime()),
    decline: database
      .delete(jamJudges)
      .where(and(eq(jamJudges.jamId, jam.id), eq(jamJudges.userId, user.id), eq(jamJudges.status, 'invited'))),
    settle: settleStatement(user.id, jam.id),
    invitations: invitationsQuery(user.id),
  });
  return toInvitations(invitations);
}

/** Whether the person is an accepted judge of the jam (one indexed read). */
export async function isJudgeOf(jamId: number, userId: number): Promise<boolean> {
  const [row] = await db().all<{ yes: number }>(
    sql`select exists (select 1 from ${jamJudges} where jam_id = ${jamId} and user_id = ${userId} and status = 'accepted') as yes`,
  );
  return Boolean(Number(row?.yes ?? 0));
}
