import { z } from 'zod';
import { REQUIRED_MESSAGE, isoDateTime, named, pageFields } from './common';
import { jamCreateSchema, jamUpdateSchema } from './jams';

/** What a jam request can be: waiting for the administrators, or answered. */
export const JAM_REQUEST_STATUSES = ['pending', 'approved', 'declined'] as const;
export type JamRequestStatusName = (typeof JAM_REQUEST_STATUSES)[number];

export const JAM_REQUEST_NOTE_MAX = 1000;
export const DECLINE_REASON_MAX = 1000;
export const JAM_REQUEST_PAGE_SIZES = [10, 20, 50] as const;
export const DEFAULT_JAM_REQUESTS_PER_PAGE = 10;

/**
 * A request: the create-jam form's fields, checked by the create-jam schema itself, plus a note to
 * the administrators (optional; only they read it).
 */
export const jamRequestCreateSchema = jamCreateSchema.safeExtend({
  note: z
    .string()
    .trim()
    .max(JAM_REQUEST_NOTE_MAX, `At most ${JAM_REQUEST_NOTE_MAX} characters.`)
    .default('')
    .meta({ description: 'To the administrators: who you are, why you want to host it. Only they read it.' }),
});
export type JamRequestCreateInput = z.input<typeof jamRequestCreateSchema>;
export type JamRequestCreate = z.output<typeof jamRequestCreateSchema>;

/**
 * An administrator's edit of a pending request, with the PATCH rules of a jam (ADR 010): a field
 * left out stays, `null` clears the body and the picture and is refused for the rest. Mystery mode
 * may change too (an administrator's option). The requester's note is theirs and stays as sent.
 */
export const jamRequestUpdateSchema = jamUpdateSchema.safeExtend({
  mystery: z.boolean({ error: 'mystery must be true or false' }).optional(),
});
export type JamRequestUpdate = z.output<typeof jamRequestUpdateSchema>;

export const declineJamRequestSchema = z.object({
  reason: z
    .string({ error: REQUIRED_MESSAGE })
    .trim()
    .min(1, REQUIRED_MESSAGE)
    .max(DECLINE_REASON_MAX, `At most ${DECLINE_REASON_MAX} characters.`)
    .meta({ description: 'Why; the requester reads it on their dashboard.' }),
});
export type DeclineJamRequest = z.output<typeof declineJamRequestSchema>;

export const jamRequestIdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** The administrators' queue: one status at a time (or all), a page at a time. Bad values fall back to the defaults. */
export const jamRequestListQuerySchema = z.object({
  status: z.enum(JAM_REQUEST_STATUSES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).catch(1).default(1),
  perPage: z.coerce
    .number()
    .refine((n) => (JAM_REQUEST_PAGE_SIZES as readonly number[]).includes(n))
    .catch(DEFAULT_JAM_REQUESTS_PER_PAGE)
    .default(DEFAULT_JAM_REQUESTS_PER_PAGE),
});
export type JamRequestListQuery = z.output<typeof jamRequestListQuerySchema>;

const someone = z.object({ id: z.int(), name: z.string() });

/** A jam request as its requester and the administrators see it. */
export const jamRequestSchema = named(
  'JamRequest',
  z.object({
    id: z.int(),
    status: z.enum(JAM_REQUEST_STATUSES),
    name: z.string(),
    description: z.string(),
    body: z.string().meta({ description: 'Markdown, as the jam will have it.' }),
    imageUrl: z.string().nullable(),
    startsAt: isoDateTime,
    endsAt: isoDateTime,
    mystery: z.boolean(),
    note: z.string().meta({ description: 'The requester’s note to the administrators.' }),
    declineReason: z.string().nullable().meta({ description: 'Why it was declined; null unless declined.' }),
    requester: someone,
    jam: z
      .object({ slug: z.string(), name: z.string() })
      .nullable()
      .meta({ description: 'The jam approving created; null before, and once that jam is deleted.' }),
    reviewedBy: someone.nullable().meta({ description: 'The administrator who approved or declined it.' }),
    reviewedAt: isoDateTime.nullable(),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  }),
);
export type JamRequestDto = z.infer<typeof jamRequestSchema>;

export const jamRequestCountsSchema = z
  .object({ pending: z.int(), approved: z.int(), declined: z.int() })
  .meta({ description: 'How many requests have each status (whatever the filter).' });

export const jamRequestListSchema = named(
  'JamRequestList',
  z.object({ requests: z.array(jamRequestSchema), ...pageFields, counts: jamRequestCountsSchema }),
);
export type JamRequestListDto = z.infer<typeof jamRequestListSchema>;

/** The caller's own requests, newest first. */
export const ownJamRequestsSchema = named('OwnJamRequests', z.object({ requests: z.array(jamRequestSchema) }));
export type OwnJamRequestsDto = z.infer<typeof ownJamRequestsSchema>;
