/**
 * Jam requests (issue 17 part 3). Creating jams stays with the administrators; anyone logged in
 * may ask them for one. A request carries the create form's fields and a note; administrators
 * edit it while it is pending, then approve it — the jam is created, in the same transaction, with
 * the requester as its manager — or decline it with a reason the requester reads (request-answers.ts).
 * One pending request per user (a partial unique index holds it under concurrency); every step is audited.
 * This module is the requester's side: sending, reading their own, withdrawing.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { type JamRequest, jamRequests } from '#db/schema';
import type { JamRequestCreate, JamRequestDto, OwnJamRequestsDto } from '#lib/schemas/jam-requests';
import { auditStatement } from '#server/activity/audit';
import { can } from '#server/auth/permissions';
import type { SessionUser } from '#server/auth/session';
import { conflict, notFound } from '#server/platform/errors';
import { db } from '#server/platform/db';
import { batchNamed } from '#server/platform/named';
import { guardTexts } from '#server/feedback/guard/guard-texts';
import { adminWords } from '#server/feedback/words';
import { NO_SUCH_REQUEST, pendingRequest, requirePending, requireRequest, toDto, whilePending, withNames } from './request-rows';
import { refused } from '#server/auth/refusals';

/** A user's own requests on the dashboard: the newest this many. */
export const OWN_REQUESTS_SHOWN = 20;

export const PENDING_EXISTS_MESSAGE =
  'You already have a jam request waiting for an answer. You can send another once the administrators have answered it, or after withdrawing it.';

const isUniqueViolation = (error: unknown, index: string) =>
  error instanceof Error && `${error.message} ${String((error as { cause?: unknown }).cause ?? '')}`.includes(index);

/** Sends a request; 409 while the user has one pending (also when two are sent at the same moment). */
export async function requestJam(user: SessionUser, input: JamRequestCreate): Promise<JamRequestDto> {
  const database = db();
  const ownPending = and(eq(jamRequests.requesterId, user.id), eq(jamRequests.status, 'pending'));
  // The pending check and the filter's words, side by side (one round trip).
  const [[pending], words] = await Promise.all([
    database.select({ id: jamRequests.id }).from(jamRequests).where(ownPending),
    adminWords(),
  ]);
  if (pending) throw conflict(PENDING_EXISTS_MESSAGE);
  const { name, description, body, imageUrl, startsAt, endsAt, mystery, note } = input;
  // What the requester writes is read by the administrators, and by everyone once it is a jam (issue 41).
  await guardTexts(
    [
      { field: 'name', guarded: 'jamRequestCreateSchema.name', text: name },
      { field: 'description', guarded: 'jamRequestCreateSchema.description', text: description },
      { field: 'body', guarded: 'jamRequestCreateSchema.body', text: body },
      { field: 'note', guarded: 'jamRequestCreateSchema.note', text: note },
    ],
    words,
  );
  let created: JamRequest | undefined;
  try {
    [[created]] = await database.batch([
      database
        .insert(jamRequests)
        .values({ requesterId: user.id, name, description, body, imageUrl, startsAt, endsAt, mystery, note, updatedBy: user.id })
        .returning(),
      auditStatement(database, user, {
        action: 'jam-request.create',
        targetUserId: user.id,
        // The new request: the user's one pending request.
        details: { requestId: sql`(select ${jamRequests.id} from ${jamRequests} where ${ownPending})`, name },
      }),
    ]);
  } catch (error) {
    // The check above and this insert are apart: a second request sent meanwhile meets the index.
    if (isUniqueViolation(error, 'jam_requests.requester_id')) throw conflict(PENDING_EXISTS_MESSAGE);
    throw error;
  }
  return toDto({ request: created!, requesterName: user.name, reviewerName: null, jamSlug: null, jamName: null });
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
    throw refused('jam-request:withdraw');
  }
  requirePending(request, 'it can no longer be withdrawn.');
  const database = db();
  const { withdrawn } = await batchNamed(database, {
    audit: auditStatement(
      database,
      user,
      { action: 'jam-request.withdraw', targetUserId: user.id, details: { requestId: id, name: request.name } },
      whilePending(id),
    ),
    withdrawn: database.delete(jamRequests).where(pendingRequest(id)).returning({ id: jamRequests.id }),
  });
  // Answered by an administrator between the read and the write.
  if (withdrawn.length === 0) requirePending(await requireRequest(id), 'it can no longer be withdrawn.');
}
