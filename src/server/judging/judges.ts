/**
 * A jam's judges (issue 42 §2, ADR 040), from the managers' side: the list, inviting by Scratch
 * username (the person answers in their inbox, ./judge-invitations.ts), withdrawing an invitation and
 * removing a judge. A judge who steps down or is removed while voting is open takes their votes and
 * ratings with them; once voting has ended the judges stay, so published results never change.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { type Jam, jamJudges, notifications, ratings, users, votes } from '#db/schema';
import { avatarPath } from '#lib/avatars';
import { resultsArePublic } from '#lib/results-public';
import { MAX_JUDGES } from '#lib/judging';
import type { JudgeListDto } from '#lib/schemas/judges';
import { auditStatement } from '#server/activity/audit';
import { can, readJamSeat, refusal, requireJamPermission } from '#server/auth/permissions';
import { refuseIfBanned } from '#server/auth/require';
import type { SessionUser } from '#server/auth/session';
import { announceChange } from '#server/cache/changes';
import { AppError, conflict, notFound } from '#server/platform/errors';
import { notifyStatement } from '#server/inbox/notify';
import { db } from '#server/platform/db';
import { batchNamed } from '#server/platform/named';
import { userForInvite } from '#server/teams/team';

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

/** The jam's judges: accepted ones in the order they accepted, then pending invitations, oldest first (a batchable query). */
const judgesQuery = (jamId: number) =>
  db()
    .select({
      userId: jamJudges.userId,
      name: users.name,
      status: jamJudges.status,
      invitedAt: jamJudges.invitedAt,
      acceptedAt: jamJudges.acceptedAt,
    })
    .from(jamJudges)
    .innerJoin(users, eq(users.id, jamJudges.userId))
    .where(eq(jamJudges.jamId, jamId))
    .orderBy(sql`${jamJudges.acceptedAt} is null`, asc(jamJudges.acceptedAt), asc(jamJudges.invitedAt), asc(users.name));

type JudgeRow = Awaited<ReturnType<typeof judgesQuery>>[number];

const toJudgeList = (jam: Jam, rows: JudgeRow[]): JudgeListDto => ({
  judges: rows.map((row) => ({
    name: row.name,
    avatar: avatarPath(row.name),
    status: row.status,
    invitedAt: row.invitedAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
  })),
  max: MAX_JUDGES,
  whoJudges: jam.whoJudges,
});

/** The managers' view of the judges, read beside the permission (one round trip; a refusal still comes first). */
export async function readJudges(actor: SessionUser, jam: Jam): Promise<JudgeListDto> {
  const rows = judgesQuery(jam.id).then((found) => found);
  rows.catch(() => undefined);
  await requireJamPermission(actor, jam.id, 'jam:manage-judges');
  return toJudgeList(jam, await rows);
}

/**
 * Invites someone to judge, by Scratch username (created from Scratch's answer when they never logged
 * in, as co-creators are). Inviting someone already invited or judging answers the list as it is
 * (`created: false`). The seat, the invitee's notice, the audit entry and the list are one batch; the
 * insert checks the limit itself, so two invitations at once cannot pass it together.
 */
export async function inviteJudge(
  actor: SessionUser,
  jam: Jam,
  name: string,
): Promise<{ judges: JudgeListDto; created: boolean }> {
  refuseIfBanned(actor);
  const found = userForInvite(name);
  found.catch(() => undefined);
  await requireJamPermission(actor, jam.id, 'jam:manage-judges');
  if (resultsArePublic(jam)) throw conflict(JUDGES_SETTLED_MESSAGE);
  const { user: invitee, created: userCreated } = await found;
  if (invitee.isBanned) throw conflict(`${invitee.name} can’t judge jams right now.`);
  const database = db();
  const at = Date.now();
  const free = sql`not exists (select 1 from ${jamJudges} where ${jamJudges.jamId} = ${jam.id} and ${jamJudges.userId} = ${invitee.id})
    and (select count(*) from ${jamJudges} where ${jamJudges.jamId} = ${jam.id}) < ${MAX_JUDGES}`;
  const { inserted, judges: rows } = await batchNamed(database, {
    notify: notifyStatement(
      database,
      [
        {
          userId: invitee.id,
          kind: 'judge-invited',
          key: `judge-invited:${jam.id}:${invitee.id}:${at}`,
          jamId: jam.id,
          actorId: actor.id,
        },
      ],
      free,
    ),
    audit: auditStatement(
      database,
      actor,
      {
        action: 'jam.judge.invite',
        jamId: jam.id,
        targetUserId: invitee.id,
        details: { name: invitee.name, ...(userCreated ? { userCreated: true } : {}) },
      },
      free,
    ),
    inserted: database.run(sql`insert or ignore into ${jamJudges} (jam_id, user_id, status, invited_by, invited_at)
      select ${jam.id}, ${invitee.id}, 'invited', ${actor.id}, ${at} where ${free}`),
    judges: judgesQuery(jam.id),
  });
  const judges = toJudgeList(jam, rows);
  if (inserted.rowsAffected > 0) return { judges, created: true };
  if (rows.some((row) => row.userId === invitee.id)) return { judges, created: false };
  throw conflict(JUDGES_FULL_MESSAGE);
}

/** The person of that name and their seat among the jam's judges, in one read. */
const seatByName = (jamId: number, name: string) =>
  db()
    .select({ user: users, seat: jamJudges })
    .from(users)
    .leftJoin(jamJudges, and(eq(jamJudges.userId, users.id), eq(jamJudges.jamId, jamId)))
    .where(eq(sql`lower(${users.name})`, name.toLowerCase()))
    .then(([row]) => row);

/**
 * Withdraws an invitation or removes a judge (managers), or steps down (the judge). An accepted
 * judge's votes and ratings in the jam go with them, in the same batch; once voting has ended an
 * accepted judge stays (the results would change after they were shown).
 */
export async function removeJudge(actor: SessionUser, jam: Jam, name: string): Promise<void> {
  refuseIfBanned(actor);
  const [found] = await Promise.all([seatByName(jam.id, name), readJamSeat(actor, jam.id)]);
  if (!(await can(actor, 'jam:remove-judge', { jamId: jam.id, ownerId: found?.user.id ?? null })))
    throw refusal('jam:manage-judges');
  const seat = found?.seat;
  if (!found || !seat) throw notFound(`${name} is not invited to judge or judging this jam.`);
  if (seat.status === 'accepted' && resultsArePublic(jam)) throw conflict(JUDGES_SETTLED_MESSAGE);
  const target = found.user;
  const self = target.id === actor.id;
  const reason = seat.status === 'invited' ? (self ? 'decline' : 'withdraw') : self ? 'step-down' : 'remove';
  const database = db();
  const theirSeat = and(eq(jamJudges.jamId, jam.id), eq(jamJudges.userId, target.id));
  const invitation = and(
    eq(notifications.userId, target.id),
    eq(notifications.jamId, jam.id),
    eq(notifications.kind, 'judge-invited'),
    isNull(notifications.readAt),
  );
  await database.batch([
    auditStatement(
      database,
      actor,
      { action: 'jam.judge.remove', jamId: jam.id, targetUserId: target.id, details: { name: target.name, reason } },
      sql`exists (select 1 from ${jamJudges} where ${theirSeat})`,
    ),
    database.delete(jamJudges).where(theirSeat),
    ...(seat.status === 'accepted'
      ? [
          database.delete(votes).where(and(eq(votes.jamId, jam.id), eq(votes.voterId, target.id))),
          database.delete(ratings).where(and(eq(ratings.jamId, jam.id), eq(ratings.raterId, target.id))),
        ]
      : self
        ? [database.update(notifications).set({ readAt: new Date() }).where(invitation)]
        : [database.delete(notifications).where(invitation)]),
  ]);
  if (seat.status === 'accepted') announceChange({ kind: 'votes', jamId: jam.id, resultsPublic: false });
}

export const NO_JUDGE_INVITATION_MESSAGE = 'There is no invitation for you to judge this jam (it may have been withdrawn).';
export const notAJudge = () => new AppError(404, 'not_found', NO_JUDGE_INVITATION_MESSAGE);
