/**
 * `Idempotency-Key` on the POSTs that create (ADR 047, the IETF draft "The Idempotency-Key HTTP
 * Header Field"): the same key from the same person with the same body within a day answers the
 * first answer again and writes nothing; with another body, 422; while the first is still being
 * answered (or its answer was lost with its server), 409. `defineEndpoint` runs every keyed POST
 * through `answerOnce`; no endpoint does anything of its own.
 *
 * The key is stored in the same batch or transaction as the request's first write (keyed-writes.ts),
 * so it exists if and only if the write does; the answer is added to its row right after. Where the
 * host carries no request context (another adapter's server) the key is claimed by a write of its
 * own just before the handler runs.
 */
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import { and, eq, lt } from 'drizzle-orm';
import { idempotencyKeys } from '#db/schema';
import { config } from '#server/platform/config';
import { db } from '#server/platform/db';
import { timeLeft, withinDeadline } from '#server/platform/deadlines';
import { type RequestState, host } from '#server/platform/host';
import { AppError, badRequest, conflict, errorResponse } from '#server/platform/errors';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** How long a key is remembered: a retry later than this is a new request. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** Sent with an answer that is a replay of the first one. */
const REPLAYED_HEADER = 'Idempotent-Replayed';

export const KEY_REUSED_MESSAGE =
  'This Idempotency-Key was already used for a different request. Send a new key with each new request.';
export const KEY_IN_FLIGHT_MESSAGE =
  'A request with this Idempotency-Key is still being answered. Wait a moment, then send it again with the same key.';
export const ANSWER_LOST_MESSAGE =
  'A request with this Idempotency-Key was carried out, but its answer was lost. Reload to see the result; nothing was stored twice.';

/** The header's value (RFC 8941 sString: the quotes are optional here), or null without one. */
export function idempotencyKeyOf(request: Request): string | null {
  const raw = request.headers.get(IDEMPOTENCY_HEADER)?.trim();
  if (!raw) return null;
  const key = /^"(.*)"$/.exec(raw)?.[1] ?? raw;
  if (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX_LENGTH || !/^[\x20-\x7e]+$/.test(key)) {
    throw badRequest(
      `${IDEMPOTENCY_HEADER} must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} printable ASCII characters, such as a UUID.`,
    );
  }
  return key;
}

const fingerprintOf = (method: string, path: string, body: unknown) =>
  encodeHexLowerCase(sha256(new TextEncoder().encode(`${method} ${path}\n${JSON.stringify(body) ?? ''}`)));

/** The primary (never a replica that may not have the key yet), each call within the database deadline. */
const primary = () => host().primary ?? db();
const deadlineMs = () => config().ITINERARY_DB_DEADLINE_MS;

type KeyRow = typeof idempotencyKeys.$inferSelect;

async function storedKey(owner: string, key: string): Promise<KeyRow | undefined> {
  const [row] = await withinDeadline(
    primary()
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.owner, owner), eq(idempotencyKeys.key, key))),
    timeLeft(deadlineMs()),
  );
  return row;
}

/** What an earlier request with the key says now: its answer again, or a refusal. */
function answerFrom(row: KeyRow, fingerprint: string): Response {
  if (row.fingerprint !== fingerprint) throw new AppError(422, 'idempotency_key_reused', KEY_REUSED_MESSAGE);
  if (row.status === null) {
    const error = conflict(Date.now() - row.createdAt < 2 * deadlineMs() ? KEY_IN_FLIGHT_MESSAGE : ANSWER_LOST_MESSAGE);
    error.retryAfterSeconds = 1;
    throw error;
  }
  const headers = new Headers({ [REPLAYED_HEADER]: 'true' });
  if (row.contentType) headers.set('content-type', row.contentType);
  if (row.location) headers.set('location', row.location);
  return new Response(row.body || null, { status: row.status, headers });
}

const isKeyTaken = (error: unknown): boolean => {
  for (let current = error, depth = 0; depth < 6 && current instanceof Error; depth += 1, current = current.cause) {
    if (/UNIQUE constraint failed: idempotency_keys\./.test(current.message)) return true;
  }
  return false;
};

/** Adds the answer to the key's row. A failure costs only the replay (a retry then hears 409), never the answer. */
async function keepAnswer(owner: string, key: string, response: Response): Promise<void> {
  try {
    const body = await response.clone().text();
    await withinDeadline(
      primary()
        .update(idempotencyKeys)
        .set({
          status: response.status,
          contentType: response.headers.get('content-type'),
          location: response.headers.get('location'),
          body,
        })
        .where(and(eq(idempotencyKeys.owner, owner), eq(idempotencyKeys.key, key))),
      Math.max(timeLeft(deadlineMs()), 1000),
    );
  } catch (error) {
    console.error(`Could not keep the answer of ${IDEMPOTENCY_HEADER} ${JSON.stringify(key)}: ${String(error)}`);
  }
}

/**
 * Answers a keyed request once: `run` (the endpoint's handler, in the request's context) runs only
 * when no earlier request had the key. Without a key or a logged-in person, `run` as it is.
 */
export async function answerOnce(
  request: { method: string; path: string; key: string | null; ownerId: number | null; body: unknown },
  state: RequestState,
  run: () => Promise<Response>,
): Promise<Response> {
  const { key, ownerId } = request;
  if (key === null || ownerId === null) return run();
  const owner = `user:${ownerId}`;
  const fingerprint = fingerprintOf(request.method, request.path, request.body);
  const earlier = await storedKey(owner, key);
  if (earlier) return answerFrom(earlier, fingerprint);

  const claiming = primary().insert(idempotencyKeys).values({ owner, key, fingerprint, createdAt: Date.now() });
  const claim = claiming.toSQL();
  state.claim = { sql: claim.sql, args: claim.params as (string | number | null)[], state: 'waiting' };
  const claimedAhead = !host().requestContext;
  if (claimedAhead) {
    // No context to carry the claim to the write: claimed on its own, before it.
    try {
      await withinDeadline(Promise.resolve(claiming), timeLeft(deadlineMs()));
    } catch (error) {
      if (!isKeyTaken(error)) throw error;
      return answerFrom((await storedKey(owner, key))!, fingerprint);
    }
    state.claim.state = 'written';
  }
  let response: Response;
  try {
    response = await run();
  } catch (error) {
    // A request with the same key at once wrote first: this one wrote nothing.
    if (isKeyTaken(error)) {
      const row = await storedKey(owner, key);
      if (row) return answerFrom(row, fingerprint);
    }
    if (state.claim.state !== 'written') throw error;
    // A refusal after the write: that refusal is the answer a retry hears.
    response = errorResponse(error);
  }
  if (claimedAhead && response.status >= 500) {
    // Claimed ahead, the write most likely failed with the request: the key is given back for the retry.
    await withinDeadline(
      Promise.resolve(
        primary()
          .delete(idempotencyKeys)
          .where(and(eq(idempotencyKeys.owner, owner), eq(idempotencyKeys.key, key))),
      ),
      deadlineMs(),
    ).catch(() => undefined);
    return response;
  }
  // Nothing was written: nothing to replay (a retry runs again, as the draft allows for refusals).
  if (state.claim.state !== 'written') return response;
  // Written, but the answer says the outcome is unknown: the key stays without an answer (409 to a retry).
  if (response.status >= 500) return response;
  await keepAnswer(owner, key, response);
  return response;
}

/** The hourly sweep: keys older than a day. */
export async function pruneIdempotencyKeys(now = Date.now()): Promise<void> {
  await db()
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, now - IDEMPOTENCY_KEY_LIFETIME_MS));
}
