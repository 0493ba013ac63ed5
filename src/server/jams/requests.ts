/**
 * Jam requests (issue 17 part 3). Creating jams stays with the administrators; anyone logged in
 * may ask them for one. A request carries the create form's fields and a note; administrators
 * edit it while it is pending, then approve it — the jam is created, in the same transaction, with
 * the requester as its manager — or decline it with a reason the requester reads (request-answers.ts).
 * One pending request per user (a partial unique index holds it under concurrency); every step is audited.
 * This module is the requester's side: sending, reading their own, withdrawing.
 */
import { and, desc, eq } from 'drizzle-orm';
import { type JamRequest, jamRequests } from '#db/schema';
import type { JamRequestCreate, JamRequestDto, OwnJamRequestsDto } from '#lib/schemas/jam-requests';
import { recordAudit } from '#server/activity/audit';
import { can } from '#server/auth/permissions';
import type { SessionUser } from '#server/auth/session';
import { AppError, conflict, notFound } from '#server/http/errors';
import { type RateLimit, createRateLimiter } from '#server/http/rate-limit';
import { db } from '#server/platform/db';
import { NO_SUCH_REQUEST, requirePending, requireRequest, toDto, withNames } from './request-rows';

/** Per user: far more than anyone asking for jams sends, far fewer than a script sending and withdrawing. */
export const JAM_REQUEST_RATE_LIMIT: RateLimit = { capacity: 10, perMs: 3_600_000 };
export const jamRequestLimiter = createRateLimiter('jam-requests', JAM_REQUEST_RATE_LIMIT);

/** A user's own requests on the dashboard: the newest this many. */
export const OWN_REQUESTS_SHOWN = 20;

export const PENDING_EXISTS_MESSAGE =
  'You already have a jam request waiting for an answer. You can send another once the administrators have answered it, or after withdrawing it.';

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
