/** Entries as the API and the pages show them. */
import type { Entry, Jam } from '#db/schema';
import type { EntryDetailDto, EntryDto } from '#lib/schemas/entries';
import type { CoCreatorDto } from '#lib/schemas/teams';
import { entryFlags } from '#server/judging/flags';
import { isRankedReview } from '#server/judging/ranking';
import { visibleAnswers } from '#lib/questions';

/** An entry with its votes and (issue 35) its credited co-creators; left out, none. */
export type EntryRow = Entry & { votes: number; coCreators?: CoCreatorDto[] };

export interface EntryDtoOptions {
  /** The entry's jam: flags are read against its start and submission end. */
  jam: Pick<Jam, 'startsAt' | 'endsAt' | 'feedback'> & Partial<Pick<Jam, 'questions'>>;
  resultsPublic: boolean;
  rank?: number | null;
  /** Managers and admins of the jam: flags of checked entries and play counts before the results. */
  forManager?: boolean;
}

export function toEntryDto(row: EntryRow, options: EntryDtoOptions, criteria: EntryDto['criteria'] = null): EntryDto {
  const disqualified = !isRankedReview(row.review);
  const flagsShown = options.forManager || row.review !== 'checked';
  return {
    id: row.id,
    scratchId: row.scratchId,
    title: row.title,
    thumbnailUrl: row.thumbnailUrl,
    authorName: row.authorName,
    coCreators: row.coCreators ?? [],
    submittedAt: row.submittedAt.toISOString(),
    // The managers' pick is a result (ADR 041): public with the others, seen early only by the managers' preview.
    isWinner: options.resultsPublic || options.forManager ? row.isWinner : false,
    votes: options.resultsPublic ? row.votes : null,
    rank: options.resultsPublic && !disqualified ? (options.rank ?? null) : null,
    flags: flagsShown ? entryFlags(row, options.jam) : [],
    disqualified,
    plays: options.resultsPublic || options.forManager ? row.playCount : null,
    kudos: options.jam.feedback === 'off' ? null : row.kudosCount,
    criteria,
  };
}

export function toEntryDetailDto(
  row: EntryRow,
  options: EntryDtoOptions,
  criteria: EntryDetailDto['criteria'] = null,
): EntryDetailDto {
  return {
    ...toEntryDto(row, options, criteria),
    instructions: row.instructions,
    notes: row.notes,
    // Public answers only: the page is the same for everyone (private ones: GET …/answers).
    answers: visibleAnswers(options.jam.questions ?? [], row.answers, false),
  };
}
