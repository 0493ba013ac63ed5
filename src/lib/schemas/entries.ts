import { z } from 'zod';
import { INVALID_URL_MESSAGE, REQUIRED_MESSAGE } from './common';
import { parseScratchProjectUrl } from '../scratch-url';

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

export interface EntryDto {
  id: number;
  scratchId: number;
  title: string;
  thumbnailUrl: string | null;
  authorName: string;
  submittedAt: string;
  isWinner: boolean;
  /** Only after the jam is over: votes and rank are public then. */
  votes: number | null;
  rank: number | null;
}

export interface EntryListDto {
  entries: EntryDto[];
  page: number;
  perPage: number;
  total: number;
  totalPages: number;
  resultsPublic: boolean;
}

export interface MyVotesDto {
  limit: number;
  used: number;
  remaining: number;
  entryIds: number[];
}

export interface WinnersDto {
  winner: EntryDto | null;
  communityChoice: EntryDto | null;
}
