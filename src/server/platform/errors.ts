import { ZodError } from 'zod';
import { jsonResponse } from './json-response';

export type ErrorCode =
  | 'bad_request'
  | 'invalid_input'
  | 'unauthenticated'
  | 'banned'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'rate_limited'
  | 'note_refused'
  | 'text_refused'
  | 'muted'
  | 'upstream_unavailable'
  | 'schema_behind'
  | 'idempotency_key_reused'
  | 'internal';

/** The one error type of the server: thrown anywhere, turned into JSON or the error screen in one place. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
  /** Sent as `Retry-After` (seconds). */
  retryAfterSeconds?: number;
  /**
   * For a refusal drawn from a replica: after a sync, whether it still stands, read instead of running
   * the request again (true: given as it is; false: the request runs again; ADR 047, ADR 054).
   */
  stillStands?: () => Promise<boolean>;
}

export const badRequest = (message: string, details?: Record<string, unknown>) =>
  new AppError(400, 'invalid_input', message, details);
export const unauthenticated = (message = 'You need to log in to do that.') => new AppError(401, 'unauthenticated', message);
export const notFound = (message = 'This page could not be found') => new AppError(404, 'not_found', message);
export const conflict = (message: string) => new AppError(409, 'conflict', message);

export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is busy or unreachable right now. Please try again in a moment.';
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** 503 with `Retry-After`: nothing was written, and the same request may succeed in a few seconds. */
export function databaseUnavailable(): AppError {
  const error = new AppError(503, 'upstream_unavailable', DATABASE_UNAVAILABLE_MESSAGE);
  error.retryAfterSeconds = DATABASE_RETRY_AFTER_SECONDS;
  return error;
}

/** 503 with `Retry-After`: what the request acts on kept changing under it; nothing was written. */
export function busyMeanwhile(message: string): AppError {
  const error = new AppError(503, 'upstream_unavailable', message);
  error.retryAfterSeconds = 1;
  return error;
}

/** Connection failures: Node's (a remote libSQL server over HTTP or WebSockets) and our one-writer queue's. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
  'HRANA_WEBSOCKET_ERROR',
  'SQLITE_BUSY',
  // A call past its deadline (platform/deadlines.ts): the database did not answer in time.
  'DEADLINE_EXCEEDED',
]);
/**
 * A libSQL server that refuses for load: sqld answers HTTP 429 "Too many concurrent requests" past its
 * cap on requests at once; Turso and proxies answer 503 or 502 when overloaded or restarting.
 */
const REFUSED_FOR_LOAD = new Set([429, 502, 503, 504]);
/** What libSQL's embedded replica says when it cannot reach its primary (its errors carry no code). */
const UNAVAILABLE_TEXT = /^SQLITE_BUSY\b|WriteDelegation\(status: Unavailable|PrimaryHandshakeTimeout|tcp connect error/;
/**
 * What a connection that dropped or was refused says where Node's error codes are missing: workerd's
 * "Network connection lost." (marked `retryable`) and a failed `fetch` (undici's "fetch failed",
 * workerd's refused connections), and an HTTP request aborted at its deadline.
 */
const DROPPED_TEXT = /^Network connection lost\b|^fetch failed$|connection refused|^The operation was aborted due to timeout/i;

/**
 * Whether the database could not be reached or was busy (drizzle wraps the driver's error: its
 * causes are searched). Such a statement wrote nothing, so the answer is "try again", not a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < 6 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    const status = (current as { status?: unknown }).status;
    if (typeof status === 'number' && REFUSED_FOR_LOAD.has(status)) return true;
    if (UNAVAILABLE_TEXT.test(current.message) || DROPPED_TEXT.test(current.message)) return true;
    // workerd marks errors of its own I/O that are worth trying again (a dropped connection).
    if ((current as { retryable?: unknown }).retryable === true) return true;
    if (current.name === 'TimeoutError') return true;
    current = current.cause;
  }
  return false;
}

export interface ErrorBody {
  error: { status: number; code: ErrorCode; message: string; [extra: string]: unknown };
}

export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) {
    const issue = error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    return badRequest(`${where}${issue?.message ?? 'Invalid input'}`, {
      issues: error.issues.map(({ path, message }) => ({ path, message })),
    });
  }
  if (isDatabaseUnavailable(error)) return databaseUnavailable();
  return new AppError(500, 'internal', 'Something went wrong on our side. Please try again later.');
}

export function errorResponse(error: unknown, headers?: HeadersInit): Response {
  const appError = toAppError(error);
  // An unreachable database is one line per request (its stack says nothing new), not a stack each time.
  if (appError.retryAfterSeconds && appError !== error)
    console.error(`Database unavailable, answered ${appError.status}: ${innermostReason(error)}`);
  // A 503 with Retry-After that we chose (a full server, a write that kept changing) is no fault to log.
  else if (appError.status >= 500 && !appError.retryAfterSeconds) console.error(error);
  const body: ErrorBody = {
    error: { status: appError.status, code: appError.code, message: appError.message, ...appError.details },
  };
  const answerHeaders = new Headers(headers);
  if (appError.retryAfterSeconds) answerHeaders.set('retry-after', String(appError.retryAfterSeconds));
  return jsonResponse(body, { status: appError.status, headers: answerHeaders });
}

/** What went wrong at the bottom of an error's causes, in one line: "connect ECONNREFUSED …" rather than "fetch failed". */
export function innermostReason(error: unknown): string {
  let current = error;
  for (let depth = 0; depth < 6 && current instanceof Error && current.cause !== undefined; depth += 1) current = current.cause;
  return String(current instanceof Error ? current.message : current).split('\n')[0]!;
}
