/**
 * A jam's judges (issue 42 §2, ADR 040), from the managers' side: the list, inviting by Scratch
 * username (the person answers in their inbox, ./judge-invitations.ts), withdrawing an invitation and
 * removing a judge. A judge who steps down or is removed while voting is open takes their votes and
 * ratings with them; once voting has ended the judges stay, so published results never change.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { type Jam, jamJudges, notifications, ratings, users, votes } from '#db/schema';
import { avatarPath } from '#lib/avatars';
import { resultsArePublic } from '#lib/jam-timing';
import { MAX_JUDGES } from '#lib/judging';
import type { JudgeListDto } from '#lib/schemas/judges';
import { recordAudit } from '#server/activity/audit';
import { can, refusal, requireJamPermission } from '#server/auth/permissions';
import { refuseIfBanned } from '#server/auth/require';
import type { SessionUser } from '#server/auth/session';
import { announceChange } from '#server/cache/changes';
import { AppError, conflict, notFound } from '#server/http/errors';
import { notifyWith } from '#server/inbox/notify';
import { db } from '#server/platform/db';
import { userForInvite } from '#server/teams/team';
import { findUserByName } from '#server/users/users';

export const JUDGES_FULL_MESSAGE = `A jam can have up to ${MAX_JUDGES} judges. Withdraw an invitation to make room for someone else.`;
export const JUDGES_SETTLED_MESSAGE =
  'Voting has ended for this jam, so its judges are settled: the results stay as the judges left them.';

export type JudgeSeat = typeof jamJudges.$inferSelect;

export async function judgeSeatOf(jamId: number, userId: number): Promise<JudgeSeat | undefined> {
  const [row] = await db()
    .select()
    .from(jamJudges)
    .where(and(eq(jamJudges.jamId, jamId), eq(jamJudges.userId, userId)));
  return row;
}

/** The jam's judges: accepted ones in the order they accepted, then pending invitations, oldest first. */
export async function listJudges(jam: Jam): Promise<JudgeListDto> {
  const rows = await db()
    .select({ name: users.name, status: jamJudges.status, invitedAt: jamJudges.invitedAt, acceptedAt: jamJudges.acceptedAt })
    .from(jamJudges)
    .innerJoin(users, eq(users.id, jamJudges.userId))
    .where(eq(jamJudges.jamId, jam.id))
    .orderBy(sql`${jamJudges.acceptedAt} is null`, asc(jamJudges.acceptedAt), asc(jamJudges.invitedAt), asc(users.name));
  return {
    judges: rows.map((row) => ({
      name: row.name,
      avatar: avatarPath(row.name),
      status: row.status,
      invitedAt: row.invitedAt.toISOString(),
      acceptedAt: row.acceptedAt?.toISOString() ?? null,
    })),
    max: MAX_JUDGES,
    whoJudges: jam.whoJudges,
  };
}

/** The managers' view of the judges, after the permission. */
export async function readJudges(actor: SessionUser, jam: Jam): Promise<JudgeListDto> {
  await requireJamPermission(actor, jam.id, 'jam:manage-judges');
  return listJudges(jam);
}

/**
 * Invites someone to judge, by Scratch username (created from Scratch's answer when they never logged
 * in, as co-creators are). Inviting someone already invited or judging answers the list as it is
 * (`created: false`).
 */
export async function inviteJudge(
  actor: SessionUser,
  jam: Jam,
  name: string,
): Promise<{ judges: JudgeListDto; created: boolean }> {
  refuseIfBanned(actor);
  await requireJamPermission(actor, jam.id, 'jam:manage-judges');
  if (resultsArePublic(jam)) throw conflict(JUDGES_SETTLED_MESSAGE);
  const { user: invitee, created: userCreated } = await userForInvite(name);
  if (await judgeSeatOf(jam.id, invitee.id)) return { judges: await listJudges(jam), created: false };
  if (invitee.isBanned) throw conflict(`${invitee.name} can’t judge jams right now.`);
  const invitedAt = await db().transaction(async (tx) => {
    // The limit is checked by the insert itself, so two invitations at once cannot pass it together.
    const [row] = await tx.all<{ invited_at: number }>(sql`
      insert or ignore into ${jamJudges} (jam_id, user_id, status, invited_by)
      select ${jam.id}, ${invitee.id}, 'invited', ${actor.id}
      where (select count(*) from ${jamJudges} where jam_id = ${jam.id}) < ${MAX_JUDGES}
      returning invited_at`);
    if (!row) return null;
    const at = Number(row.invited_at);
    await notifyWith(tx, {
      userId: invitee.id,
      kind: 'judge-invited',
      key: `judge-invited:${jam.id}:${invitee.id}:${at}`,
      jamId: jam.id,
      actorId: actor.id,
    });
    await recordAudit(tx, actor, {
      action: 'jam.judge.invite',
      jamId: jam.id,
      targetUserId: invitee.id,
      details: { name: invitee.name, ...(userCreated ? { userCreated: true } : {}) },
    });
    return at;
  });
  if (invitedAt === null) {
    if (await judgeSeatOf(jam.id, invitee.id)) return { judges: await listJudges(jam), created: false };
    throw conflict(JUDGES_FULL_MESSAGE);
  }
  return { judges: await listJudges(jam), created: true };
}

/**
 * Withdraws an invitation or removes a judge (managers), or steps down (the judge). An accepted
 * judge's votes and ratings in the jam go with them, in the same transaction; once voting has ended
 * an accepted judge stays (the results would change after they were shown).
 */
export async function removeJudge(actor: SessionUser, jam: Jam, name: string): Promise<void> {
  refuseIfBanned(actor);
  const [target] = await Promise.all([findUserByName(name), can(actor, 'jam:remove-judge', { jamId: jam.id, ownerId: null })]);
  if (!(await can(actor, 'jam:remove-judge', { jamId: jam.id, ownerId: target?.id ?? null }))) throw refusal('jam:manage-judges');
  const seat = target ? await judgeSeatOf(jam.id, target.id) : undefined;
  if (!target || !seat) throw notFound(`${name} is not invited to judge or judging this jam.`);
  if (seat.status === 'accepted' && resultsArePublic(jam)) throw conflict(JUDGES_SETTLED_MESSAGE);
  const self = target.id === actor.id;
  const reason = seat.status === 'invited' ? (self ? 'decline' : 'withdraw') : self ? 'step-down' : 'remove';
  await db().transaction(async (tx) => {
    await tx.delete(jamJudges).where(and(eq(jamJudges.jamId, jam.id), eq(jamJudges.userId, target.id)));
    if (seat.status === 'accepted') {
      await tx.delete(votes).where(and(eq(votes.jamId, jam.id), eq(votes.voterId, target.id)));
      await tx.delete(ratings).where(and(eq(ratings.jamId, jam.id), eq(ratings.raterId, target.id)));
    } else {
      await settleJudgeInvitation(tx, target.id, jam.id, self ? 'read' : 'drop');
    }
    await recordAudit(tx, actor, {
      action: 'jam.judge.remove',
      jamId: jam.id,
      targetUserId: target.id,
      details: { name: target.name, reason },
    });
  });
  if (seat.status === 'accepted') announceChange({ kind: 'votes', jamId: jam.id, resultsPublic: false });
}

/** Marks the person's unread invitation to judge the jam read, or drops it when the invitation is gone. */
export async function settleJudgeInvitation(
  tx: Pick<ReturnType<typeof db>, 'update' | 'delete'>,
  userId: number,
  jamId: number,
  how: 'read' | 'drop',
) {
  const which = and(
    eq(notifications.userId, userId),
    eq(notifications.jamId, jamId),
    eq(notifications.kind, 'judge-invited'),
    isNull(notifications.readAt),
  );
  if (how === 'drop') await tx.delete(notifications).where(which);
  else await tx.update(notifications).set({ readAt: new Date() }).where(which);
}

export const NO_JUDGE_INVITATION_MESSAGE = 'There is no invitation for you to judge this jam (it may have been withdrawn).';
export const notAJudge = () => new AppError(404, 'not_found', NO_JUDGE_INVITATION_MESSAGE);
