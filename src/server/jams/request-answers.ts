/** The administrators' side of jam requests: the queue, and editing, approving or declining a pending request. */
import { type SQL, and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { jamManagers, jamRequests } from '#db/schema';
import type { JamRequestDto, JamRequestListDto, JamRequestListQuery, JamRequestUpdate } from '#lib/schemas/jam-requests';
import { recordAudit } from '#server/activity/audit';
import { notifyWith } from '#server/inbox/notify';
import { requireJamPermission } from '#server/auth/permissions';
import type { SessionUser } from '#server/auth/session';
import { announceChange } from '#server/cache/changes';
import { AppError, conflict, notFound } from '#server/http/errors';
import { db } from '#server/platform/db';
import { keptOffsetArg, keptPage } from '#server/platform/sql-pages';
import { insertNewJam, isSlugTaken, slugTakenConflict } from './jam-writes';
import { NO_SUCH_REQUEST, readRequest, requirePending, requireRequest, toDto, withNames } from './request-rows';

async function statusCounts(): Promise<JamRequestListDto['counts']> {
  const rows = await db().select({ status: jamRequests.status, n: count() }).from(jamRequests).groupBy(jamRequests.status);
  const counts = { pending: 0, approved: 0, declined: 0 };
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

/**
 * The administrators' queue, paged in the database. Pending requests come oldest first (first come,
 * first answered); answered ones and the whole list newest first. Each order walks an index. The
 * counts and the page are read side by side: the page's offset counts its requests itself.
 */
export async function listJamRequests(admin: SessionUser, query: JamRequestListQuery): Promise<JamRequestListDto> {
  await requireJamPermission(admin, null, 'jam-request:review');
  const where: SQL | undefined = query.status ? eq(jamRequests.status, query.status) : undefined;
  const listed = sql`(select count(*) from ${jamRequests}${where ? sql` where ${where}` : sql``})`;
  const [counts, rows] = await Promise.all([
    statusCounts(),
    withNames(db())
      .where(where)
      .orderBy(query.status === 'pending' ? asc(jamRequests.id) : desc(jamRequests.id))
      .limit(query.perPage)
      .offset(keptOffsetArg(listed, query.page, query.perPage)),
  ]);
  const total = query.status ? counts[query.status] : counts.pending + counts.approved + counts.declined;
  const { page, totalPages } = keptPage(query.page, total, query.perPage);
  return { requests: rows.map(toDto), page, perPage: query.perPage, total, totalPages, counts };
}

/** Pending requests, for the administrators' dashboard. */
export async function pendingJamRequestCount(): Promise<number> {
  return (await statusCounts()).pending;
}

/**
 * An administrator's edit of a pending request: only the fields sent change (`null` clears the body
 * and the picture). An empty edit changes nothing and writes no audit entry.
 */
export async function updateJamRequest(admin: SessionUser, id: number, input: JamRequestUpdate): Promise<JamRequestDto> {
  await requireJamPermission(admin, null, 'jam-request:review');
  const request = await requireRequest(id);
  requirePending(request, 'it can no longer be edited.');
  const fields = Object.keys(input);
  if (fields.length > 0) {
    const startsAt = input.startsAt ?? request.startsAt;
    const endsAt = input.endsAt ?? request.endsAt;
    if (endsAt.getTime() <= startsAt.getTime()) throw new AppError(400, 'invalid_input', 'The end must be after the start.');
    const changed = await db().transaction(async (tx) => {
      const rows = await tx
        .update(jamRequests)
        .set({ ...input, updatedAt: new Date(), updatedBy: admin.id })
        .where(and(eq(jamRequests.id, id), eq(jamRequests.status, 'pending')))
        .returning({ id: jamRequests.id });
      if (rows.length === 0) return false;
      await recordAudit(tx, admin, {
        action: 'jam-request.update',
        targetUserId: request.requesterId,
        details: { requestId: id, name: input.name ?? request.name, fields },
      });
      return true;
    });
    // Answered by another administrator between the read and the write.
    if (!changed) requirePending(await requireRequest(id), 'it can no longer be edited.');
  }
  return (await readRequest(id))!;
}

/**
 * Approves a pending request: in one transaction the jam is created from the request (a free slug
 * from its name, audited as `jam.create`), the requester becomes its manager and the request is
 * marked approved. A request answered meanwhile, or a slug taken at the same moment, is a 409 and
 * leaves nothing behind.
 */
export async function approveJamRequest(admin: SessionUser, id: number): Promise<JamRequestDto> {
  await requireJamPermission(admin, null, 'jam-request:review');
  const request = await requireRequest(id);
  requirePending(request, 'it cannot be approved again.');
  const database = db();
  let jamId: number;
  try {
    jamId = await database.transaction(async (tx) => {
      const now = new Date();
      const answered = await tx
        .update(jamRequests)
        .set({ status: 'approved', reviewedBy: admin.id, reviewedAt: now, updatedAt: now, updatedBy: admin.id })
        .where(and(eq(jamRequests.id, id), eq(jamRequests.status, 'pending')))
        .returning();
      const current = answered[0];
      if (!current) {
        const [latest] = await tx.select({ status: jamRequests.status }).from(jamRequests).where(eq(jamRequests.id, id));
        if (!latest) throw notFound(NO_SUCH_REQUEST);
        requirePending(latest, 'it cannot be approved again.');
        throw conflict('This jam request changed while you approved it. Please try again.');
      }
      const jam = await insertNewJam(tx, admin, current, { requestId: id });
      await tx.update(jamRequests).set({ jamId: jam.id }).where(eq(jamRequests.id, id));
      await tx
        .insert(jamManagers)
        .values({ jamId: jam.id, userId: current.requesterId, addedBy: admin.id })
        .onConflictDoNothing();
      await recordAudit(tx, admin, {
        action: 'jam-request.approve',
        jamId: jam.id,
        targetUserId: current.requesterId,
        details: { requestId: id, slug: jam.slug },
      });
      await notifyWith(tx, {
        userId: current.requesterId,
        kind: 'request-approved',
        key: `request:${id}`,
        jamId: jam.id,
        actorId: admin.id,
        data: { name: jam.name },
      });
      return jam.id;
    });
  } catch (error) {
    if (isSlugTaken(error)) throw slugTakenConflict(request.name);
    throw error;
  }
  announceChange({ kind: 'jam', jamId });
  return (await readRequest(id))!;
}

/** Declines a pending request with a reason the requester reads on their dashboard. */
export async function declineJamRequest(admin: SessionUser, id: number, reason: string): Promise<JamRequestDto> {
  await requireJamPermission(admin, null, 'jam-request:review');
  const request = await requireRequest(id);
  requirePending(request, 'it cannot be declined now.');
  const declined = await db().transaction(async (tx) => {
    const now = new Date();
    const rows = await tx
      .update(jamRequests)
      .set({
        status: 'declined',
        declineReason: reason,
        reviewedBy: admin.id,
        reviewedAt: now,
        updatedAt: now,
        updatedBy: admin.id,
      })
      .where(and(eq(jamRequests.id, id), eq(jamRequests.status, 'pending')))
      .returning({ id: jamRequests.id });
    if (rows.length === 0) return false;
    await recordAudit(tx, admin, {
      action: 'jam-request.decline',
      targetUserId: request.requesterId,
      details: { requestId: id, name: request.name, reason },
    });
    await notifyWith(tx, {
      userId: request.requesterId,
      kind: 'request-declined',
      key: `request:${id}`,
      actorId: admin.id,
      data: { name: request.name, reason },
    });
    return true;
  });
  if (!declined) requirePending(await requireRequest(id), 'it cannot be declined now.');
  return (await readRequest(id))!;
}
