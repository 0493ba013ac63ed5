/**
 * The administrator and banned flags as a change sets them (spec §4 User flags, §6): what it writes,
 * for the batch of the service that changes them (the users admin, banning a reported author), and
 * the rule that Itinerary keeps one administrator who can act.
 */
import { type SQL, and, count, eq, ne, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { type User, loginTokens, sessions, users } from '#db/schema';
import type { UpdateUserFlags } from '#lib/schemas/users';
import { auditStatement } from '#server/activity/audit';
import type { SessionUser } from '#server/auth/session';
import { conflict } from '#server/platform/errors';
import { type Database, db } from '#server/platform/db';

export const LAST_ADMIN_MESSAGE = 'Itinerary needs at least one administrator. Make someone else an administrator first.';

type Reader = Pick<Database, 'select'>;

const isActiveAdmin = (flags: { isAdmin: boolean; isBanned: boolean }) => flags.isAdmin && !flags.isBanned;

/** The administrators who can still act (a banned one cannot). */
export async function activeAdminCount(reader: Reader = db()): Promise<number> {
  const [{ n } = { n: 0 }] = await reader
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.isAdmin, true), eq(users.isBanned, false)));
  return n;
}

/** SQL for a batch: an administrator who can still act, other than user `id`, exists. */
export const anotherActiveAdmin = (id: number) =>
  sql`exists (select 1 from ${users} where ${and(eq(users.isAdmin, true), eq(users.isBanned, false), ne(users.id, id))})`;

/** A user as a flag change needs them. */
export type Target = Pick<User, 'id' | 'name' | 'isAdmin' | 'isBanned'>;

/** Refuses to take away the last administrator who can still act; `activeAdmins` counts the target too. */
export function keepAnotherAdmin(target: Target, activeAdmins: number): void {
  if (isActiveAdmin(target) && activeAdmins - 1 <= 0) throw conflict(LAST_ADMIN_MESSAGE);
}

/** A change to a user's flags, for the caller's batch. */
export interface FlagChange {
  /** Its condition: the user's flags are still as read and, when it takes an administrator away, another one remains. */
  holds: SQL;
  /**
   * What it writes: the audit entry, the sessions or login tokens it ends, and the update last (it
   * answers the user's id when it happens); each only while `holds` and the caller's `onlyIf` do.
   */
  statements(onlyIf?: SQL): [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]];
}

/**
 * Setting a user's flags: null when nothing would change, a 409 when it would take away the last
 * administrator who can act (`activeAdmins` counts them, the target too).
 */
export function flagChange(
  database: Database,
  actor: SessionUser,
  target: Target,
  flags: UpdateUserFlags,
  activeAdmins: number,
): FlagChange | null {
  const id = target.id;
  const next = { isAdmin: flags.isAdmin ?? target.isAdmin, isBanned: flags.isBanned ?? target.isBanned };
  if (next.isAdmin === target.isAdmin && next.isBanned === target.isBanned) return null;
  const takesAdminAway = isActiveAdmin(target) && !isActiveAdmin(next);
  if (takesAdminAway) keepAnotherAdmin(target, activeAdmins);
  const asRead = and(eq(users.id, id), eq(users.isAdmin, target.isAdmin), eq(users.isBanned, target.isBanned));
  const holds = sql`(exists (select 1 from ${users} where ${asRead}) and ${takesAdminAway ? anotherActiveAdmin(id) : sql`1`})`;
  const before = { isAdmin: target.isAdmin, isBanned: target.isBanned };
  return {
    holds,
    statements: (onlyIf = sql`1`) => {
      const when = sql`${holds} and ${onlyIf}`;
      return [
        auditStatement(
          database,
          actor,
          { action: 'user.update', targetUserId: id, details: { name: target.name, before, after: next } },
          when,
        ),
        // A ban ends pending logins; lifting it ends the sessions kept from before it.
        ...(next.isBanned && !target.isBanned ? [database.delete(loginTokens).where(and(eq(loginTokens.userId, id), when))] : []),
        ...(!next.isBanned && target.isBanned ? [database.delete(sessions).where(and(eq(sessions.userId, id), when))] : []),
        database
          .update(users)
          .set({ ...next, updatedAt: new Date(), updatedBy: actor.id })
          .where(and(eq(users.id, id), when))
          .returning({ id: users.id }),
      ];
    },
  };
}

/** The columns a flag change needs, for services that read the user with something else (a reported entry's author). */
export const flagTargetColumns = { id: users.id, name: users.name, isAdmin: users.isAdmin, isBanned: users.isBanned };
