/** Jam managers (spec §4 Manager role): added by username, removed, or given up by the manager. */
import { and, asc, eq, sql } from 'drizzle-orm';
import { type Jam, jamManagers, users } from '#db/schema';
import type { ManagerDto } from '#lib/schemas/jams';
import { auditStatement } from '#server/activity/audit';
import { db } from '#server/platform/db';
import { batchNamed } from '#server/platform/named';
import { conflict, notFound } from '#server/platform/errors';
import { can, readJamSeat, refusal } from '#server/auth/permissions';
import type { SessionUser } from '#server/auth/session';
import { findUserByName } from '#server/users/users';
import { refused } from '#server/auth/refusals';

export async function listManagers(jam: Jam): Promise<ManagerDto[]> {
  const rows = await db()
    .select({ id: users.id, name: users.name, addedAt: jamManagers.addedAt })
    .from(jamManagers)
    .innerJoin(users, eq(users.id, jamManagers.userId))
    .where(eq(jamManagers.jamId, jam.id))
    .orderBy(asc(jamManagers.addedAt), asc(users.name));
  return rows.map((row) => ({ ...row, addedAt: row.addedAt.toISOString() }));
}

export async function addManager(actor: SessionUser, jam: Jam, name: string): Promise<ManagerDto> {
  // Who may and who the person is are read side by side; a refusal still comes first.
  const [allowed, user] = await Promise.all([can(actor, 'jam:manage-managers', { jamId: jam.id }), findUserByName(name)]);
  if (!allowed) throw refusal('jam:manage-managers');
  if (!user) throw notFound(`${name} has not logged in to Itinerary yet; managers must be Itinerary users.`);
  if (user.isAdmin) throw conflict(`${user.name} is an administrator and can already manage every jam.`);
  const database = db();
  const seat = and(eq(jamManagers.jamId, jam.id), eq(jamManagers.userId, user.id));
  const {
    added: [added],
  } = await batchNamed(database, {
    // Audited only when the seat is new, as the insert below finds it.
    audit: auditStatement(
      database,
      actor,
      { action: 'jam.manager.add', jamId: jam.id, targetUserId: user.id },
      sql`not exists (select 1 from ${jamManagers} where ${seat})`,
    ),
    added: database
      .insert(jamManagers)
      .values({ jamId: jam.id, userId: user.id, addedBy: actor.id })
      .onConflictDoNothing()
      .returning(),
  });
  if (!added) throw conflict(`${user.name} is already a manager of this jam.`);
  return { id: user.id, name: user.name, addedAt: added.addedAt.toISOString() };
}

/** Removes a manager; managers may always remove themselves ('Leave'). */
export async function removeManager(actor: SessionUser, jam: Jam, name: string): Promise<void> {
  // The actor's own seat (read once per request and jam) beside the person; `can` answers from it.
  const [user] = await Promise.all([findUserByName(name), readJamSeat(actor, jam.id)]);
  const leaving = user?.id === actor.id;
  if (!(await can(actor, 'jam:remove-manager', { jamId: jam.id, ownerId: user?.id ?? null }))) {
    throw refusal('jam:manage-managers');
  }
  if (!user) throw notFound(`${name} is not a manager of this jam.`);
  const database = db();
  const seat = and(eq(jamManagers.jamId, jam.id), eq(jamManagers.userId, user.id));
  const { removed } = await batchNamed(database, {
    // Audited only when there is a seat to remove, as the delete below finds it.
    audit: auditStatement(
      database,
      actor,
      { action: leaving ? 'jam.manager.leave' : 'jam.manager.remove', jamId: jam.id, targetUserId: user.id },
      sql`exists (select 1 from ${jamManagers} where ${seat})`,
    ),
    removed: database.delete(jamManagers).where(seat).returning({ userId: jamManagers.userId }),
  });
  if (removed.length === 0) {
    if (leaving) throw refused('jam:leave-not-manager');
    throw notFound(`${user.name} is not a manager of this jam.`);
  }
}
