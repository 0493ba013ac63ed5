/** The administrators' side of jam requests: the queue, and editing, approving or declining a pending request. */
import { type SQL, and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { jamManagers, jamRequests, jams } from '#db/schema';
import type { JamRequestDto, JamRequestListDto, JamRequestListQuery, JamRequestUpdate } from '#lib/schemas/jam-requests';
import { auditStatement } from '#server/activity/audit';
import { notifyStatement } from '#server/inbox/notify';
import { requireJamPermission } from '#server/auth/permissions';
import type { SessionUser } from '#server/auth/session';
import { announceChange } from '#server/cache/changes';
import { AppError, conflict, notFound } from '#server/platform/errors';
import { db } from '#server/platform/db';
import { batchNamed } from '#server/platform/named';
import { keptOffsetArg, keptPage } from '#server/platform/sql-pages';
import { createdJamId, createdJamSlug, jamCreatedAudit } from './jam-writes';
import { withFreeSlug } from './slugs';
import {
  NO_SUCH_REQUEST,
  pendingRequest,
  readRequest,
  requirePending,
  requireRequest,
  toDto,
  whilePending,
  withNames,
} from './request-rows';

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
  if (fields.length === 0) return (await readRequest(id))!;
  const startsAt = input.startsAt ?? request.startsAt;
  const endsAt = input.endsAt ?? request.endsAt;
  if (endsAt.getTime() <= startsAt.getTime()) throw new AppError(400, 'invalid_input', 'The end must be after the start.');
  const database = db();
  const {
    changed,
    request: [row],
  } = await batchNamed(database, {
    audit: auditStatement(
      database,
      admin,
      {
        action: 'jam-request.update',
        targetUserId: request.requesterId,
        details: { requestId: id, name: input.name ?? request.name, fields },
      },
      whilePending(id),
    ),
    changed: database
      .update(jamRequests)
      .set({ ...input, updatedAt: new Date(), updatedBy: admin.id })
      .where(pendingRequest(id))
      .returning({ id: jamRequests.id }),
    request: withNames(database).where(eq(jamRequests.id, id)),
  });
  // Answered by another administrator between the read and the write.
  if (changed.length === 0) requirePending(await requireRequest(id), 'it can no longer be edited.');
  return toDto(row!);
}

/**
 * Approves a pending request, in one batch: the jam is created from the request (a free slug from its
 * name, audited as `jam.create`), the requester becomes its manager, they hear of it, and the request
 * is marked approved. Every statement holds only while the request is pending and named as it was
 * read (its slug comes from that name), so a request answered or renamed meanwhile leaves nothing
 * behind and is a 409.
 */
export async function approveJamRequest(admin: SessionUser, id: number): Promise<JamRequestDto> {
  await requireJamPermission(admin, null, 'jam-request:review');
  const request = await requireRequest(id);
  requirePending(request, 'it cannot be approved again.');
  const database = db();
  const asRead = and(pendingRequest(id), eq(jamRequests.name, request.name));
  const stillAsRead = sql`exists (select 1 from ${jamRequests} where ${asRead})`;
  const now = new Date();
  const {
    answered,
    request: [row],
  } = await withFreeSlug(request.name, (slug) =>
    batchNamed(database, {
      jam: database.run(sql`insert into ${jams} (slug, name, description, body, image_url, starts_at, ends_at, mystery, created_by, updated_by)
        select ${slug}, ${jamRequests.name}, ${jamRequests.description}, ${jamRequests.body}, ${jamRequests.imageUrl},
          ${jamRequests.startsAt}, ${jamRequests.endsAt}, ${jamRequests.mystery}, ${admin.id}, ${admin.id}
        from ${jamRequests} where ${asRead}`),
      audit: jamCreatedAudit(database, admin, { requestId: id }, stillAsRead),
      manager: database.run(sql`insert into ${jamManagers} (jam_id, user_id, added_by)
        select ${createdJamId}, ${request.requesterId}, ${admin.id} where ${stillAsRead}
        on conflict do nothing`),
      approveAudit: auditStatement(
        database,
        admin,
        {
          action: 'jam-request.approve',
          jamId: createdJamId,
          targetUserId: request.requesterId,
          details: { requestId: id, slug: createdJamSlug },
        },
        stillAsRead,
      ),
      notify: notifyStatement(
        database,
        [
          {
            userId: request.requesterId,
            kind: 'request-approved',
            key: `request:${id}`,
            jamId: createdJamId,
            actorId: admin.id,
            data: { name: request.name },
          },
        ],
        stillAsRead,
      ),
      answered: database
        .update(jamRequests)
        .set({
          status: 'approved',
          jamId: createdJamId,
          reviewedBy: admin.id,
          reviewedAt: now,
          updatedAt: now,
          updatedBy: admin.id,
        })
        .where(asRead)
        .returning({ jamId: jamRequests.jamId }),
      request: withNames(database).where(eq(jamRequests.id, id)),
    }),
  );
  if (!answered[0]) {
    const [latest] = await database.select({ status: jamRequests.status }).from(jamRequests).where(eq(jamRequests.id, id));
    if (!latest) throw notFound(NO_SUCH_REQUEST);
    requirePending(latest, 'it cannot be approved again.');
    throw conflict('This jam request changed while you approved it. Please try again.');
  }
  announceChange({ kind: 'jam', jamId: answered[0].jamId! });
  return toDto(row!);
}

/** Declines a pending request with a reason the requester reads on their dashboard. */
export async function declineJamRequest(admin: SessionUser, id: number, reason: string): Promise<JamRequestDto> {
  await requireJamPermission(admin, null, 'jam-request:review');
  const request = await requireRequest(id);
  requirePending(request, 'it cannot be declined now.');
  const database = db();
  const now = new Date();
  const {
    declined,
    request: [row],
  } = await batchNamed(database, {
    audit: auditStatement(
      database,
      admin,
      {
        action: 'jam-request.decline',
        targetUserId: request.requesterId,
        details: { requestId: id, name: request.name, reason },
      },
      whilePending(id),
    ),
    notify: notifyStatement(
      database,
      [
        {
          userId: request.requesterId,
          kind: 'request-declined',
          key: `request:${id}`,
          actorId: admin.id,
          data: { name: request.name, reason },
        },
      ],
      whilePending(id),
    ),
    declined: database
      .update(jamRequests)
      .set({
        status: 'declined',
        declineReason: reason,
        reviewedBy: admin.id,
        reviewedAt: now,
        updatedAt: now,
        updatedBy: admin.id,
      })
      .where(pendingRequest(id))
      .returning({ id: jamRequests.id }),
    request: withNames(database).where(eq(jamRequests.id, id)),
  });
  if (declined.length === 0) {
    // Answered by another administrator between the read and the write.
    requirePending(await requireRequest(id), 'it cannot be declined now.');
    return (await readRequest(id))!;
  }
  return toDto(row!);
}
