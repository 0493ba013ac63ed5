import { z } from 'zod';
import { JAM_STATUSES } from '#lib/jam-timing';

// In the browser, zod would probe whether it may compile validators with `Function(...)`; the
// Content-Security-Policy forbids eval, so the probe only files a violation report. Skip it there.
if (typeof window !== 'undefined') z.config({ jitless: true });

/** Spec §5 messages, shared by forms and the server. */
export const REQUIRED_MESSAGE = 'Please fill in the required fields!';
export const INVALID_URL_MESSAGE = 'The URL entered is invalid!';

export const USERNAME_PATTERN = /^[A-Za-z0-9_-]{1,20}$/;
export const usernameSchema = z
  .string({ error: 'You must enter a username!' })
  .trim()
  .min(1, 'You must enter a username!')
  .regex(USERNAME_PATTERN, 'That is not a valid Scratch username.');

export const httpUrlSchema = z
  .string()
  .trim()
  .max(2048, INVALID_URL_MESSAGE)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  }, INVALID_URL_MESSAGE);

/**
 * A moment as an ISO 8601 string (or milliseconds). `null` and other non-dates are refused
 * rather than coerced (a bare coerce would turn `null` into 1970-01-01).
 */
export const isoDateSchema = z
  .custom<string | number | Date>((value) => typeof value === 'string' || typeof value === 'number' || value instanceof Date, {
    error: 'Not a valid date',
  })
  .pipe(
    z.coerce
      .date<string | number | Date>({ error: 'Not a valid date' })
      .refine((date) => !Number.isNaN(date.getTime()), 'Not a valid date'),
  );

/* ---------- answers: what the API sends back (the DTO types are inferred from these) ---------- */

/** The answer schemas the OpenAPI document names under components.schemas, by id. */
export const apiSchemas = z.registry<{ id: string }>();
export const named = <S extends z.ZodType>(id: string, schema: S): S => {
  apiSchemas.add(schema, { id });
  return schema;
};

/** A moment in an answer: ISO 8601 with offset (the server sends UTC). */
export const isoDateTime = z.iso.datetime({ offset: true }).meta({ description: 'ISO 8601 date and time (UTC)' });
export const jamStatusSchema = z.enum(JAM_STATUSES).meta({
  description:
    'Where the jam is in time. `ended` is the same word as in the `status` filter of GET /api/jams; it replaced `over`, which is no longer sent.',
});
export const pageFields = { page: z.int(), perPage: z.int(), total: z.int(), totalPages: z.int() };

export const removedCountSchema = named('RemovedCount', z.object({ removed: z.int() }));
export type RemovedCountDto = z.infer<typeof removedCountSchema>;
