import { z } from 'zod';
import { INVALID_URL_MESSAGE, REQUIRED_MESSAGE, isoDateTime, named, pageFields } from './common';
import { parseScratchProjectUrl } from '#lib/scratch-url';

/** Votes one user may cast in one jam. */
export const VOTE_LIMIT = 3;
export const ENTRIES_PER_PAGE = 24;

export const submitEntrySchema = z.object({
  url: z
    .string({ error: REQUIRED_MESSAGE })
    .trim()
    .min(1, REQUIRED_MESSAGE)
    .max(300, INVALID_URL_MESSAGE)
    .refine((url) => parseScratchProjectUrl(url) !== null, INVALID_URL_MESSAGE),
});

export const entryListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).catch(ENTRIES_PER_PAGE).default(ENTRIES_PER_PAGE),
});

export const entryIdSchema = z.coerce.number({ error: 'Not a valid entry' }).int().positive('Not a valid entry');

export const entrySchema = named(
  'Entry',
  z.object({
    id: z.int(),
    scratchId: z.int(),
    title: z.string(),
    thumbnailUrl: z.string().nullable(),
    authorName: z.string(),
    submittedAt: isoDateTime,
    isWinner: z.boolean(),
    votes: z.int().nullable().meta({ description: 'Public once the jam has ended; null before.' }),
    rank: z.int().nullable().meta({ description: 'Public once the jam has ended; null before.' }),
  }),
);
export type EntryDto = z.infer<typeof entrySchema>;

export const entryDetailSchema = named(
  'EntryDetail',
  entrySchema.extend({
    instructions: z.string().meta({ description: "The project's Instructions on Scratch, plain text." }),
    notes: z.string().meta({ description: "The project's Notes and Credits on Scratch, plain text." }),
  }),
);
export type EntryDetailDto = z.infer<typeof entryDetailSchema>;

export const entryListSchema = named(
  'EntryList',
  z.object({ entries: z.array(entrySchema), ...pageFields, resultsPublic: z.boolean() }),
);
export type EntryListDto = z.infer<typeof entryListSchema>;

export const myVotesSchema = named(
  'MyVotes',
  z.object({ limit: z.int(), used: z.int(), remaining: z.int(), entryIds: z.array(z.int()) }),
);
export type MyVotesDto = z.infer<typeof myVotesSchema>;

export const winnersSchema = named(
  'Winners',
  z.object({
    winner: entrySchema.nullable().meta({ description: "The managers' choice." }),
    communityChoice: entrySchema.nullable().meta({ description: 'The most upvoted entry once the jam has ended.' }),
  }),
);
export type WinnersDto = z.infer<typeof winnersSchema>;
