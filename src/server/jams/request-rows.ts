/** Jam requests as rows and answers: what the requester's side (requests.ts) and the administrators' (request-answers.ts) share. */
import { type SQL, and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { type JamRequest, jamRequests, jams, users } from '#db/schema';
import type { JamRequestDto, JamRequestStatusName } from '#lib/schemas/jam-requests';
import { conflict, notFound } from '#server/platform/errors';
import { db } from '#server/platform/db';

export const NO_SUCH_REQUEST = 'There is no jam request with this ID.';

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

export const withNames = (database: Awaited<ReturnType<typeof db>>) =>
  database
    .select(columns)
    .from(jamRequests)
    .innerJoin(requester, eq(requester.id, jamRequests.requesterId))
    .leftJoin(reviewer, eq(reviewer.id, jamRequests.reviewedBy))
    .leftJoin(jams, eq(jams.id, jamRequests.jamId));

export function toDto({ request, requesterName, reviewerName, jamSlug, jamName }: Row): JamRequestDto {
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

/** The request, while it is still pending: what editing, answering and withdrawing it change. */
export const pendingRequest = (id: number): SQL => and(eq(jamRequests.id, id), eq(jamRequests.status, 'pending'))!;

/** For the statements of a batch that go with the change only when the request is still pending (placed before it). */
export const whilePending = (id: number): SQL => sql`exists (select 1 from ${jamRequests} where ${pendingRequest(id)})`;

export async function readRequest(id: number): Promise<JamRequestDto | null> {
  const [row] = await withNames(db()).where(eq(jamRequests.id, id));
  return row ? toDto(row) : null;
}

export async function requireRequest(id: number): Promise<JamRequest> {
  const [row] = await db().select().from(jamRequests).where(eq(jamRequests.id, id));
  if (!row) throw notFound(NO_SUCH_REQUEST);
  return row;
}

const ANSWERED: Record<Exclude<JamRequestStatusName, 'pending'>, string> = {
  approved: 'This jam request has already been approved',
  declined: 'This jam request has already been declined',
};

/** 409 unless the request still waits for an answer; `then` says what can no longer happen. */
export function requirePending(request: Pick<JamRequest, 'status'>, then: string): void {
  if (request.status !== 'pending') throw conflict(`${ANSWERED[request.status]}: ${then}`);
}
