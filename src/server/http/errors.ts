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
  | 'muted'
  | 'upstream_unavailable'
  | 'schema_behind'
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
}

export const badRequest = (message: string, details?: Record<string, unknown>) =>
  new AppError(400, 'invalid_input', message, details);
export const unauthenticated = (message = 'You need to log in to do that.') => new AppError(401, 'unauthenticated', message);
export const forbidden = (message = 'You are not allowed to do that.') => new AppError(403, 'forbidden', message);
export const notFound = (message = 'This page could not be found') => new AppError(404, 'not_found', message);
export const conflict = (message: string) => new AppError(409, 'conflict', message);

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
  return new AppError(500, 'internal', 'Something went wrong on our side. Please try again later.');
}

export function errorResponse(error: unknown, headers?: HeadersInit): Response {
  const appError = toAppError(error);
  if (appError.status >= 500) console.error(error);
  const body: ErrorBody = {
    error: { status: appError.status, code: appError.code, message: appError.message, ...appError.details },
  };
  return jsonResponse(body, { status: appError.status, headers });
}
