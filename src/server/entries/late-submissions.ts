/**
 * Late-submission windows (issue 42 §4, ADR 042): a manager lets one Scratcher submit, or change
 * their entry, after the jam's end, until a time at most 24 hours after it and before voting ends.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { type Jam, entries, lateSubmissions, users } from '#db/schema';
import { votingEnd } from '#lib/jam-timing';
import { LATE_WINDOW_MAX_MS } from '#lib/questions';
import type { LateGrantDto, LateGrantListDto } from '#lib/schemas/questions';
import { auditStatement } from '#server/activity/audit';
import { requireJamPermission } from '#server/auth/permissions';
import type { SessionUser } from '#server/auth/session';
import { badRequest, notFound } from '#server/platform/errors';
import { notifyStatement } from '#server/inbox/notify';
import { db } from '#server/platform/db';
import { batchNamed, readTogether } from '#server/platform/named';
import { findUserByName } from '#server/users/users';

export const LATE_NEEDS_VOTING_MESSAGE =
  'Late submissions need a voting period after the end, so a late entry can still be voted on. Set a voting end first.';
export const LATE_AFTER_END_MESSAGE = 'The late window must close after the jam’s end.';
export const LATE_WITHIN_DAY_MESSAGE = 'The late window can stay open at most 24 hours after the jam’s end.';
export const LATE_BEFORE_VOTING_END_MESSAGE = 'The late window must close before voting ends.';
export const LATE_IN_PAST_MESSAGE = 'That time has already passed: choose a later one.';

/** When the person's late window closes (ms), or null when they have none. Read beside a submission's other checks. */
export async function lateWindowOf(jamId: number, userId: number): Promise<number | null> {
  const [row] = await db()
    .select({ until: lateSubmissions.until })
    .from(lateSubmissions)
    .where(and(eq(lateSubmissions.jamId, jamId), eq(lateSubmissions.userId, userId)));
  return row ? row.until.getTime() : null;
}

/** Whether the person may submit now: open (before the end), late (inside their window), or closed. */
export function submissionWindow(jam: Jam, lateUntil: number | null, now = Date.now()): 'open' | 'late' | 'closed' {
  if (now < jam.startsAt.getTime()) return 'closed';
  if (now < jam.endsAt.getTime()) return 'open';
  return lateUntil !== null && now < lateUntil && now < votingEnd(jam) ? 'late' : 'closed';
}

function requireValidUntil(jam: Jam, until: Date, now: number): void {
  if (jam.votingEndsAt === null) throw badRequest(LATE_NEEDS_VOTING_MESSAGE);
  const at = until.getTime();
  if (at <= jam.endsAt.getTime()) throw badRequest(LATE_AFTER_END_MESSAGE);
  if (at > jam.endsAt.getTime() + LATE_WINDOW_MAX_MS) throw badRequest(LATE_WITHIN_DAY_MESSAGE);
  if (at > jam.votingEndsAt.getTime()) throw badRequest(LATE_BEFORE_VOTING_END_MESSAGE);
  if (at <= now) throw badRequest(LATE_IN_PAST_MESSAGE);
}

const grantColumns = {
  name: users.name,
  until: lateSubmissions.until,
  grantedAt: lateSubmissions.grantedAt,
  grantedBy: sql<string | null>`(select g.name from ${users} g where g.id = ${lateSubmissions.grantedBy})`,
  entryId: sql<
    number | null
  >`(select e.id from ${entries} e where e.jam_id = ${lateSubmissions.jamId} and e.submitter_id = ${lateSubmissions.userId})`,
};
type GrantRow = { name: string; until: Date; grantedAt: Date; grantedBy: string | null; entryId: number | null };
const toGrantDto = (row: GrantRow): LateGrantDto => ({
  name: row.name,
  until: row.until.toISOString(),
  grantedBy: row.grantedBy,
  grantedAt: row.grantedAt.toISOString(),
  entryId: row.entryId === null ? null : Number(row.entryId),
});

const grantsOf = (jamId: number) =>
  db()
    .select(grantColumns)
    .from(lateSubmissions)
    .innerJoin(users, eq(users.id, lateSubmissions.userId))
    .where(eq(lateSubmissions.jamId, jamId))
    .orderBy(asc(lateSubmissions.until), asc(users.name));

/** The jam's late windows, soonest to close first (a handful: no paging). */
export async function listLateWindows(actor: SessionUser, jam: Jam): Promise<LateGrantListDto> {
  const { rows } = await readTogether({ allowed: requireJamPermission(actor, jam.id, 'jam:grant-late'), rows: grantsOf(jam.id) });
  return { grants: rows.map(toGrantDto) };
}

/**
 * Opens (or moves) one person's window. PUT again with the same time: the same state, no second
 * audit entry or inbox item. The person hears of it in their inbox (once per time given).
 */
export async function grantLateWindow(
  actor: SessionUser,
  jam: Jam,
  name: string,
  until: Date,
  now = Date.now(),
): Promise<LateGrantDto> {
  const { user } = await readTogether({
    allowed: requireJamPermission(actor, jam.id, 'jam:grant-late'),
    user: findUserByName(name),
  });
  if (!user) throw notFound(`${name} has not logged in to Itinerary yet; they need an account to submit.`);
  requireValidUntil(jam, until, now);
  const database = db();
  const row = and(eq(lateSubmissions.jamId, jam.id), eq(lateSubmissions.userId, user.id));
  const changes = sql`not exists (select 1 from ${lateSubmissions} where ${row} and ${lateSubmissions.until} = ${until.getTime()})`;
  const {
    grant: [grant],
  } = await batchNamed(database, {
    audit: auditStatement(
      database,
      actor,
      { action: 'entry.late.grant', jamId: jam.id, targetUserId: user.id, details: { until: until.toISOString() } },
      changes,
    ),
    notify: notifyStatement(
      database,
      [
        {
          userId: user.id,
          kind: 'late-window',
          key: `late-window:${jam.id}:${user.id}:${until.getTime()}`,
          jamId: jam.id,
          actorId: actor.id,
          data: { until: until.toISOString() },
        },
      ],
      changes,
    ),
    upsert: database
      .insert(lateSubmissions)
      .values({ jamId: jam.id, userId: user.id, until, grantedBy: actor.id })
      .onConflictDoUpdate({
        target: [lateSubmissions.jamId, lateSubmissions.userId],
        set: { until, grantedBy: actor.id, grantedAt: new Date(now) },
        setWhere: sql`${lateSubmissions.until} <> ${until.getTime()}`,
      }),
    grant: database.select(grantColumns).from(lateSubmissions).innerJoin(users, eq(users.id, lateSubmissions.userId)).where(row),
  });
  return toGrantDto(grant!);
}

/** Closes a person's window; closing one that is not there changes nothing (DELETE again: the same state). */
export async function revokeLateWindow(actor: SessionUser, jam: Jam, name: string): Promise<void> {
  const { user } = await readTogether({
    allowed: requireJamPermission(actor, jam.id, 'jam:grant-late'),
    user: findUserByName(name),
  });
  if (!user) return;
  const database = db();
  const row = and(eq(lateSubmissions.jamId, jam.id), eq(lateSubmissions.userId, user.id));
  await database.batch([
    auditStatement(
      database,
      actor,
      { action: 'entry.late.revoke', jamId: jam.id, targetUserId: user.id },
      sql`exists (select 1 from ${lateSubmissions} where ${row})`,
    ),
    database.delete(lateSubmissions).where(row),
  ]);
}
