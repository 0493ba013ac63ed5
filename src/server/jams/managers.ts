/** Jam managers (spec §4 Manager role): added by username, removed, or given up by the manager. */
import { and, asc, eq } from 'drizzle-orm';
import { type Jam, jamManagers, users } from '#db/schema';
import type { ManagerDto } from '#lib/schemas/jams';
import { recordAudit } from '#server/activity/audit';
import { db } from '#server/platform/db';
import { AppError, conflict, notFound } from '#server/http/errors';
import { can, refusal, requireJamPermission } from '#server/auth/permissions';
import type { SessionUser } from '#server/auth/session';
import { findUserByName } from '#server/users/users';

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
  await requireJamPermission(actor, jam.id, 'jam:manage-managers');
  const user = await findUserByName(name);
  if (!user) throw notFound(`${name} has not logged in to Itinerary yet; managers must be Itinerary users.`);
  if (user.isAdmin) throw conflict(`${user.name} is an administrator and can already manage every jam.`);
  const database = db();
  const added = await database.transaction(async (tx) => {
    const [row] = await tx
      .insert(jamManagers)
      .values({ jamId: jam.id, userId: user.id, addedBy: actor.id })
      .onConflictDoNothing()
      .returning();
    if (!row) return null;
    await recordAudit(tx, actor, { action: 'jam.manager.add', jamId: jam.id, targetUserId: user.id });
    return row;
  });
  if (!added) throw conflict(`${user.name} is already a manager of this jam.`);
  return { id: user.id, name: user.name, addedAt: added.addedAt.toISOString() };
}

/** Removes a manager; managers may always remove themselves ('Leave'). */
export async function removeManager(actor: SessionUser, jam: Jam, name: string): Promise<void> {
  const user = await findUserByName(name);
  const leaving = user?.id === actor.id;
  if (!(await can(actor, 'jam:remove-manager', { jamId: jam.id, ownerId: user?.id ?? null }))) {
    throw refusal('jam:manage-managers');
  }
  if (!user) throw notFound(`${name} is not a manager of this jam.`);
  const database = db();
  const removed = await database.transaction(async (tx) => {
    const rows = await tx
      .delete(jamManagers)
      .where(and(eq(jamManagers.jamId, jam.id), eq(jamManagers.userId, user.id)))
      .returning();
    if (rows.length === 0) return false;
    await recordAudit(tx, actor, {
      action: leaving ? 'jam.manager.leave' : 'jam.manager.remove',
      jamId: jam.id,
      targetUserId: user.id,
    });
    return true;
  });
  if (!removed) {
    if (leaving) throw new AppError(403, 'forbidden', 'You are not a manager of this jam.');
    throw notFound(`${user.name} is not a manager of this jam.`);
  }
}
