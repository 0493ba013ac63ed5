/** Fair judging's review of entries (issue 33 §1): the managers' list, their verdicts, "Check entries now". */
import { JAM_VERSION_MODES } from '#lib/jam-version';
import { z } from 'zod';
import { ENTRY_REVIEWS } from '#lib/judging';
import { isoDateTime, named, pageFields } from './common';
import { entrySchema } from './entries';
import { answerSchema } from './questions';

export const REVIEW_PAGE_SIZE = 24;
/** Entries one "Check entries now" reads again from Scratch. */
export const CHECK_BATCH_SIZE = 20;

export const entryReviewBodySchema = z.object({
  review: z.enum(ENTRY_REVIEWS, { error: 'The review must be open, checked or disqualified.' }),
});
export type EntryReviewBody = z.infer<typeof entryReviewBodySchema>;

export const reviewListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).catch(REVIEW_PAGE_SIZE).default(REVIEW_PAGE_SIZE),
});
export type ReviewListQuery = z.infer<typeof reviewListQuerySchema>;

export const reviewEntrySchema = named(
  'ReviewEntry',
  entrySchema.extend({
    review: z.enum(ENTRY_REVIEWS).meta({ description: 'open (not looked at), checked (the public chips go) or disqualified.' }),
    reviewedBy: z.string().nullable().meta({ description: 'Who gave the verdict (null: nobody yet, or the account is gone).' }),
    reviewedAt: isoDateTime.nullable(),
    historyCheckedAt: isoDateTime
      .nullable()
      .meta({ description: "When the project's history was last read from Scratch (null: never)." }),
    answers: z
      .array(answerSchema)
      .meta({ description: 'Every answer to the submission questions, private ones included (ADR 042).' }),
    late: z.boolean().meta({ description: 'Submitted or changed after the end through a late-submission window.' }),
    jamVersionAt: isoDateTime
      .nullable()
      .meta({ description: 'When the entry’s jam version was uploaded (ADR 050); null: it has none.' }),
  }),
);
export type ReviewEntryDto = z.infer<typeof reviewEntrySchema>;

export const reviewListSchema = named(
  'ReviewList',
  z.object({
    entries: z.array(reviewEntrySchema).meta({
      description: 'Flagged entries nobody reviewed first, then the other flagged ones, then the rest (oldest first).',
    }),
    ...pageFields,
    flaggedOpen: z.int().meta({ description: 'Flagged entries still waiting for a verdict.' }),
    flagged: z.int().meta({ description: 'All flagged entries, whatever their verdict.' }),
    entriesCheckedAt: isoDateTime
      .nullable()
      .meta({ description: 'When the check of every entry after the end started (null: not yet).' }),
    jamVersion: z
      .enum(JAM_VERSION_MODES)
      .meta({ description: 'Whether the jam takes jam versions (ADR 050): `off`, `allowed` or `required`.' }),
  }),
);
export type ReviewListDto = z.infer<typeof reviewListSchema>;

export const entryCheckSchema = named(
  'EntryCheck',
  z.object({
    checked: z.int().meta({ description: 'Entries whose history was read again in this call.' }),
    left: z.int().meta({ description: 'Entries still waiting to be read again (call again for the next batch).' }),
    missing: z
      .array(z.object({ id: z.int(), title: z.string(), scratchId: z.int() }))
      .meta({ description: 'Projects Scratch no longer has (deleted or unshared): their entries are kept as they were.' }),
  }),
);
export type EntryCheckDto = z.infer<typeof entryCheckSchema>;
