/**
 * Jam requests (issue 17 part 3). Creating jams stays with the administrators; anyone logged in
 * may ask them for one. A request carries the create form's fields and a note; administrators
 * edit it while it is pending, then approve it — the jam is created, in the same transaction, with
 * the requester as its manager — or decline it with a reason the requester reads. One pending
 * request per user (a partial unique index holds it under concurrency); every step is audited.
 */
import { type SQL, and, asc, count, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { type JamRequest, jamManagers, jamRequests, jams, users } from '#db/schema';
import type {
  JamRequestCreate,
  JamRequestDto,
  JamRequestListDto,
  JamRequestListQuery,
  JamRequestStatusName,
  JamRequestUpdate,
  OwnJamRequestsDto,
} from '#lib/schemas/jam-requests';
import { recordAudit } from '#server/activity/audit';
import { notifyWith } from '#server/inbox/notify';
import { can, requireJamPermission } from '#server/auth/permissions';
import type { SessionUser } from '#server/auth/session';
import { announceChange } from '#server/cache/changes';
import { AppError, conflict, notFound } from '#server/http/errors';
import { type RateLimit, createRateLimiter } from '#server/http/rate-limit';
import { db } from '#server/platform/db';
import { insertNewJam, isSlugTaken, slugTakenConflict } from './jams';

/** Per user: far more than anyone asking for jams sends, far fewer than a script sending and withdrawing. */
export const JAM_REQUEST_RATE_LIMIT: RateLimit = { capacity: 10, perMs: 3_600_000 };
export const jamRequestLimiter = createRateLimiter('jam-requests', JAM_REQUEST_RATE_LIMIT);

/** A user's own requests on the dashboard: the newest this many. */
export const OWN_REQUESTS_SHOWN = 20;

export const PENDING_EXISTS_MESSAGE =
  'You already have a jam request waiting for an answer. You can send another once the administrators have answered it, or after withdrawing it.';
const NO_SUCH_REQUEST = 'There is no jam request with this ID.';

const requester = alias(users, 'requester');
const reviewer = alias(users, 'reviewer');

const columns = {
  request: jamRequests,
  requesterName: requester.name,
  reviewerName: reviewer.name,
  jamSlug: jams.slug,
  jamName: jams.name,
};
type Row = {
  request: JamRequest;
  requesterName: string;
  reviewerName: string | null;
  jamSlug: string | null;
  jamName: string | null;
};

const withNames = (database: Awaited<ReturnType<typeof db>>) =>
  database
    .select(columns)
    .from(jamRequests)
    .innerJoin(requester, eq(requester.id, jamRequests.requesterId))
    .leftJoin(reviewer, eq(reviewer.id, jamRequests.reviewedBy))
    .leftJoin(jams, eq(jams.id, jamRequests.jamId));

function toDto({ request, requesterName, reviewerName, jamSlug, jamName }: Row): JamRequestDto {
  return {
    id: request.id,
    status: request.status,
    name: request.name,
    description: request.description,
    body: request.body,
    imageUrl: request.imageUrl,
    startsAt: request.startsAt.toISOString(),
    endsAt: request.endsAt.toISOString(),
    mystery: request.mystery,
    note: request.note,
    declineReason: request.status === 'declined' ? request.declineReason : null,
    requester: { id: request.requesterId, name: requesterName },
    jam: jamSlug !== null && jamName !== null ? { slug: jamSlug, name: jamName } : null,
    reviewedBy: request.reviewedBy !== null && reviewerName !== null ? { id: request.reviewedBy, name: reviewerName } : null,
    reviewedAt: request.reviewedAt?.toISOString() ?? null,
    createdAt: request.createdAt.toISOString(),
    updatedAt: request.updatedAt.toISOString(),
  };
}

async function readRequest(id: number): Promise<JamRequestDto | null> {
  const [row] = await withNames(db()).where(eq(jamRequests.id, id));
  return row ? toDto(row) : null;
}

async function requireRequest(id: number): Promise<JamRequest> {
  const [row] = await db().select().from(jamRequests).where(eq(jamRequests.id, id));
  if (!row) throw notFound(NO_SUCH_REQUEST);
  return row;
}

const ANSWERED: Record<Exclude<JamRequestStatusName, 'pending'>, string> = {
  approved: 'This jam request has already been approved',
  declined: 'This jam request has already been declined',
};

/** 409 unless the request still waits for an answer; `then` says what can no longer happen. */
function requirePending(request: Pick<JamRequest, 'status'>, then: string): void {
  if (request.status !== 'pending') throw conflict(`${ANSWERED[request.status]}: ${then}`);
}

const isUniqueViolation = (error: unknown, index: string) =>
  error instanceof Error && `${error.message} ${String((error as { cause?: unknown }).cause ?? '')}`.includes(index);

/** Sends a request; 409 while the user has one pending (also when two are sent at the same moment). */
export async function requestJam(user: SessionUser, input: JamRequestCreate): Promise<JamRequestDto> {
  const database = db();
  const [pending] = await database
    .select({ id: jamRequests.id })
    .from(jamRequests)
    .where(and(eq(jamRequests.requesterId, user.id), eq(jamRequests.status, 'pending')));
  if (pending) throw conflict(PENDING_EXISTS_MESSAGE);
  const { name, description, body, imageUrl, startsAt, endsAt, mystery, note } = input;
  let created: JamRequest;
  try {
    created = await database.transaction(async (tx) => {
      const [row] = await tx
        .insert(jamRequests)
        .values({ requesterId: user.id, name, description, body, imageUrl, startsAt, endsAt, mystery, note, updatedBy: user.id })
        .returning();
      await recordAudit(tx, user, {
        action: 'jam-request.create',
        targetUserId: user.id,
        details: { requestId: row!.id, name },
      });
      return row!;
    });
  } catch (error) {
    // The check above and this insert are apart: a second request sent meanwhile meets the index.
    if (isUniqueViolation(error, 'jam_requests.requester_id')) throw conflict(PENDING_EXISTS_MESSAGE);
    throw error;
  }
  return toDto({ request: created, requesterName: user.name, reviewerName: null, jamSlug: null, jamName: null });
}

/** The caller's own requests, newest first (at most OWN_REQUESTS_SHOWN). */
export async function ownJamRequests(user: SessionUser): Promise<OwnJamRequestsDto> {
  const rows = await withNames(db())
    .where(eq(jamRequests.requesterId, user.id))
    .orderBy(desc(jamRequests.id))
    .limit(OWN_REQUESTS_SHOWN);
  return { requests: rows.map(toDto) };
}

async function statusCounts(): Promise<JamRequestListDto['counts']> {
  const rows = await db().select({ status: jamRequests.status, n: count() }).from(jamRequests).groupBy(jamRequests.status);
  const counts = { pending: 0, approved: 0, declined: 0 };
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

/**
 * The administrators' queue, paged in the database. Pending requests come oldest first (first come,
 * first answered); answered ones and the whole list newest first. Each order walks an index.
 */
export async function listJamRequests(admin: SessionUser, query: JamRequestListQuery): Promise<JamRequestListDto> {
  await requireJamPermission(admin, null, 'jam-request:review');
  const counts = await statusCounts();
  const total = query.status ? counts[query.status] : counts.pending + counts.approved + counts.declined;
  const totalPages = Math.max(1, Math.ceil(total / query.perPage));
  const page = Math.min(query.page, totalPages);
  const where: SQL | undefined = query.status ? eq(jamRequests.status, query.status) : undefined;
  const rows = await withNames(db())
    .where(where)
    .orderBy(query.status === 'pending' ? asc(jamRequests.id) : desc(jamRequests.id))
    .limit(query.perPage)
    .offset((page - 1) * query.perPage);
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

/**
 * The requester takes back a request that is still pending; it is deleted. Other people's requests
 * do not exist for them (404); an administrator declines instead.
 */
export async function withdrawJamRequest(user: SessionUser, id: number): Promise<void> {
  const [request] = await db().select().from(jamRequests).where(eq(jamRequests.id, id));
  const mine = request && (await can(user, 'jam-request:withdraw', { ownerId: request.requesterId }));
  if (!request || (!mine && !(await can(user, 'jam-request:review', null)))) throw notFound(NO_SUCH_REQUEST);
  if (!mine) {
    throw new AppError(403, 'forbidden', 'Only the person who sent a jam request can withdraw it; decline it instead.');
  }
  requirePending(request, 'it can no longer be withdrawn.');
  const withdrawn = await db().transaction(async (tx) => {
    const rows = await tx
      .delete(jamRequests)
      .where(and(eq(jamRequests.id, id), eq(jamRequests.status, 'pending')))
      .returning({ id: jamRequests.id });
    if (rows.length === 0) return false;
    await recordAudit(tx, user, {
      action: 'jam-request.withdraw',
      targetUserId: user.id,
      details: { requestId: id, name: request.name },
    });
    return true;
  });
  if (!withdrawn) requirePending(await requireRequest(id), 'it can no longer be withdrawn.');
}
