/**
 * Answer schemas of the server's own small answers (health, logout) and of the error
 * shape. The answers of the jam, entry, user, activity and credits endpoints live with their input
 * schemas in src/lib/schemas, where the islands get their DTO types from (`z.infer`).
 */
import { z } from 'zod';
import { named } from '#lib/schemas/common';
import type { ErrorBody } from '#server/http/errors';

export { apiSchemas } from '#lib/schemas/common';

export const healthSchema = named('Health', z.object({ ok: z.literal(true), database: z.literal('reachable') }));

export const loggedOutSchema = named('LoggedOut', z.object({ message: z.literal('logged out') }));

export const errorSchema = named(
  'Error',
  z.object({
    error: z.looseObject({
      status: z.int(),
      code: z.enum([
        'bad_request',
        'invalid_input',
        'unauthenticated',
        'banned',
        'forbidden',
        'not_found',
        'conflict',
        'payload_too_large',
        'rate_limited',
        'note_refused',
        'muted',
        'upstream_unavailable',
        'schema_behind',
        'internal',
      ]),
      message: z.string(),
    }),
  }),
);

// Compile-time: the error schema names exactly the codes AppError may carry.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const describes = <_ extends true>() => undefined;
describes<Same<z.output<typeof errorSchema>['error']['code'], ErrorBody['error']['code']>>();
