import { z } from 'zod';
import { isoDateTime, named, pageFields } from './common';
import { heldNoteSchema } from './notes';

/** Why someone reports a jam or an entry, in the order the report form lists them. */
export const REPORT_REASONS = ['inappropriate', 'personal-information', 'not-their-work', 'spam', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_TEXT_MAX = 500;

export const REPORT_REASON_MESSAGE = 'Choose a reason for the report.';
export const REPORT_TEXT_MESSAGE = `Keep the details to ${REPORT_TEXT_MAX} characters or fewer.`;

/** The report form (API and island). */
export const reportInputSchema = z.object({
  reason: z.enum(REPORT_REASONS, { error: REPORT_REASON_MESSAGE }),
  text: z
    .string({ error: REPORT_TEXT_MESSAGE })
    .trim()
    .max(REPORT_TEXT_MAX, REPORT_TEXT_MESSAGE)
    .optional()
    .transform((text) => text ?? ''),
});
export type ReportInput = z.input<typeof reportInputSchema>;

/** The caller's own open report; `created` is false when they had already reported the item. */
export const myReportSchema = named(
  'MyReport',
  z.object({
    id: z.int(),
    reason: z.enum(REPORT_REASONS),
    text: z.string(),
    createdAt: isoDateTime,
    created: z.boolean().meta({ description: 'False when an open report of yours about this item already existed.' }),
  }),
);
export type MyReportDto = z.infer<typeof myReportSchema>;

/**
 * A reported item in the moderation queue: `jam-{id}`, `entry-{id}` or `note-{id}`. The actions' path
 * names it, so dismissing acts on every open report about it at once.
 */
export const REPORTED_KINDS = ['jam', 'entry', 'note'] as const;
export type ReportedKind = (typeof REPORTED_KINDS)[number];
export const ITEM_KEY_PATTERN = /^(jam|entry|note)-([1-9]\d{0,15})$/;
export const itemKeySchema = z
  .string()
  .regex(ITEM_KEY_PATTERN)
  .transform((key) => {
    const [, kind, id] = ITEM_KEY_PATTERN.exec(key)!;
    return { kind: kind as ReportedKind, id: Number(id) };
  });
export type ItemKey = z.output<typeof itemKeySchema>;

export const REPORTS_PER_PAGE = 10;

export const reportQueueQuerySchema = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
});

const someone = z.object({ id: z.int(), name: z.string() });

export const reportedItemSchema = named(
  'ReportedItem',
  z.object({
    key: z.string().meta({ description: '`jam-{id}`, `entry-{id}` or `note-{id}`: the item in the moderation actions’ paths.' }),
    kind: z.enum(REPORTED_KINDS),
    jam: z.object({ id: z.int(), slug: z.string(), name: z.string() }),
    entry: z
      .object({ id: z.int(), title: z.string(), scratchId: z.int(), author: someone })
      .nullable()
      .meta({ description: 'The reported entry, or the entry of the reported note.' }),
    note: z
      .object({ id: z.int(), text: z.string(), author: someone, hidden: z.boolean(), createdAt: isoDateTime })
      .nullable()
      .meta({ description: 'The reported note (kind `note`), else null.' }),
    count: z.int().meta({ description: 'How many open reports there are about the item.' }),
    reasons: z
      .array(z.object({ reason: z.enum(REPORT_REASONS), count: z.int() }))
      .meta({ description: 'Each reason given, most often given first.' }),
    reports: z
      .array(
        z.object({
          reason: z.enum(REPORT_REASONS),
          text: z.string(),
          createdAt: isoDateTime,
          reporter: someone
            .nullable()
            .meta({ description: 'Shown to administrators only, and never to the person the report is about.' }),
        }),
      )
      .meta({ description: 'The open reports, newest first (at most 20).' }),
    firstReportedAt: isoDateTime,
    lastReportedAt: isoDateTime,
  }),
);
export type ReportedItemDto = z.infer<typeof reportedItemSchema>;

/** A theme suggestion, an answer or a jam's text the guard held for a moderator (issue 53 §2), as the queue lists it. */
export const heldTextSchema = named(
  'HeldText',
  z.object({
    id: z.int(),
    text: z
      .string()
      .meta({ description: 'Exactly what was typed (minus bidirectional controls), plain text or Markdown (a body).' }),
    rule: z.string().meta({ description: 'Why the guard held it: link, email, phone, contact, word, personal or harm.' }),
    target: z.enum(['theme', 'answer', 'jam']).meta({
      description: 'What it is: a theme suggestion, an entry’s text answer, or the jam’s description or body.',
    }),
    path: z
      .string()
      .meta({ description: 'The answer’s question id, or the jam’s field (`description`, `body`); empty for a theme.' }),
    heldAt: isoDateTime,
    jam: z.object({ slug: z.string(), name: z.string() }),
    author: z.object({ id: z.int(), name: z.string() }),
  }),
);
export type HeldTextDto = z.infer<typeof heldTextSchema>;

/** A moderator's decision on a held text, and what it did. */
export const heldTextReviewSchema = z.object({
  decision: z.enum(['approve', 'refuse'], { error: 'decision must be approve or refuse.' }),
});
export const heldTextDecisionSchema = named(
  'HeldTextDecision',
  z.object({ id: z.int(), decision: z.enum(['approve', 'refuse']) }),
);

export const reportQueueSchema = named(
  'ReportQueue',
  z.object({
    items: z.array(reportedItemSchema),
    held: z
      .array(heldNoteSchema)
      .meta({ description: 'Notes the guard held for a moderator (issue 53), oldest first: approve or refuse each.' }),
    heldTexts: z.array(heldTextSchema).meta({
      description:
        'Theme suggestions, text answers and jam texts the guard held for a moderator (issue 53 §2), oldest first: approve (applied where it belongs) or refuse (deleted) each. A jam’s own texts are administrators’ to decide.',
    }),
    canBan: z.boolean().meta({ description: 'Whether the caller may ban authors (administrators).' }),
    ...pageFields,
  }),
);
export type ReportQueueDto = z.infer<typeof reportQueueSchema>;

/** Banning a reported entry's author can remove the entry in the same step. */
export const banAuthorSchema = z.object({
  removeEntry: z.boolean({ error: 'removeEntry must be true or false.' }).optional().default(false),
});

export const resolvedReportsSchema = named(
  'ResolvedReports',
  z.object({ resolved: z.int().meta({ description: 'How many open reports the action closed.' }) }),
);
export type ResolvedReportsDto = z.infer<typeof resolvedReportsSchema>;
