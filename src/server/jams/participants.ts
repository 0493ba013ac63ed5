/**
 * Joining a jam ("128 joined"). One row per person in jam_participants; the jam's
 * participant_count is kept by triggers on that table, so the count is read, never counted.
 * Joining is one INSERT OR IGNORE (twice is once, concurrent requests make one row); submitting
 * an entry joins in the same transaction; removing an entry does not leave.
 */
import { and, eq, sql } from 'drizzle-orm';
import { jamParticipants, jams } from '#db/schema';
import { jamStatus } from '#lib/jam-timing';
import type { ParticipationDto } from '#lib/schemas/jams';
import { refuseIfBanned } from '#server/auth/require';
import { announceChange } from '#server/cache/changes';
import { db } from '#server/platform/db';
import { enteredCondition } from '#server/teams/co-creators';
import { conflict } from '#server/platform/errors';
import type { Jam } from '#db/schema';
import type { SessionUser } from '#server/auth/session';

type Database = Awaited<ReturnType<typeof db>>;
type Executor = Pick<Database, 'run'>;

/** Joining `userId` to the jam unless they already are, as a statement (of a batch, or awaited alone). */
export const joinStatement = (executor: Executor, jamId: number, userId: number) =>
  executor.run(sql`insert or ignore into ${jamParticipants} (jam_id, user_id) values (${jamId}, ${userId})`);

/** Joins `userId` to the jam unless they already are; for accepting an invitation, inside its transaction. */
export async function joinInside(executor: Executor, jamId: number, userId: number): Promise<boolean> {
  const result = await joinStatement(executor, jamId, userId);
  return result.rowsAffected > 0;
}

/** The reads behind `participation`, as statements a write's batch can end with (they then see the write). */
function participationQueries(user: SessionUser, jam: Jam) {
  const database = db();
  return [
    database.select({ n: jams.participantCount }).from(jams).where(eq(jams.id, jam.id)),
    database.all<{ joined: number; submitted: number }>(sql`select
      exists(select 1 from ${jamParticipants} where jam_id = ${jam.id} and user_id = ${user.id}) as joined,
      ${enteredCondition(jam.id, user.id)} as submitted`),
  ] as const;
}

function toParticipation([counted]: { n: number }[], [row]: { joined: number; submitted: number }[]): ParticipationDto {
  return { joined: Boolean(row?.joined), submitted: Boolean(row?.submitted), participantCount: counted?.n ?? 0 };
}

/** Submitting, or being credited on an entry (issue 45 §1), keeps you in the jam. */
export const LEAVE_WITH_ENTRY_MESSAGE = 'You have an entry in this jam (submitted or credited on), so you cannot leave it.';

function requireJoinable(user: SessionUser, jam: Jam): void {
  refuseIfBanned(user);
  if (jamStatus(jam) === 'ended') throw conflict('This jam has ended: you can no longer join or leave it.');
}

export async function joinJam(user: SessionUser, jam: Jam): Promise<ParticipationDto> {
  requireJoinable(user, jam);
  const database = db();
  // The join and the state it leaves: one batch, one round trip.
  const [result, counted, state] = await database.batch([
    joinStatement(database, jam.id, user.id),
    ...participationQueries(user, jam),
  ]);
  if (result.rowsAffected > 0) announceChange({ kind: 'participants', jamId: jam.id });
  return toParticipation(counted, state);
}

export async function leaveJam(user: SessionUser, jam: Jam): Promise<ParticipationDto> {
  requireJoinable(user, jam);
  const database = db();
  // One statement: an entry submitted meanwhile keeps the row. The state it leaves is read in the same batch.
  const [result, counted, rows] = await database.batch([
    database.run(sql`delete from ${jamParticipants}
    where jam_id = ${jam.id} and user_id = ${user.id}
      and not ${enteredCondition(jam.id, user.id)}`),
    ...participationQueries(user, jam),
  ]);
  const state = toParticipation(counted, rows);
  if (result.rowsAffected > 0) announceChange({ kind: 'participants', jamId: jam.id });
  else if (state.submitted) throw conflict(LEAVE_WITH_ENTRY_MESSAGE);
  return state;
}

/** The jams a user joined, newest join first, for the dashboard. */
export async function joinedJams(user: SessionUser, limit = 50) {
  const database = db();
  return database
    .select({
      jam: jams,
      joinedAt: jamParticipants.joinedAt,
      submitted: sql<number>`${enteredCondition(jams.id, user.id)}`.mapWith(Boolean),
    })
    .from(jamParticipants)
    .innerJoin(jams, eq(jams.id, jamParticipants.jamId))
    .where(and(eq(jamParticipants.userId, user.id)))
    .orderBy(sql`${jamParticipants.joinedAt} desc`)
    .limit(limit);
}
