import { z } from 'zod';
import { coCreatorSchema } from './teams';
import { answerSchema, answersInputSchema } from './questions';
import { INVALID_URL_MESSAGE, REQUIRED_MESSAGE, isoDateTime, named, pageFields } from './common';
import { parseScratchProjectUrl } from '#lib/scratch-url';
import { ENTRY_FLAGS, JUDGING_MODES, STARS_MAX, WHO_CAN_VOTE, WHO_JUDGES } from '#lib/judging';

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
  /** ADR 042: answers to the jam's submission questions, by question id. */
  answers: answersInputSchema.default({}),
});

/**
 * How a jam's entries can be listed: submission order (the default while voting is open), fewest
 * plays first, newest first, a random order that stays the same for one seed, and most votes (the
 * ranking: only once the results are public, and then the default).
 */
export const ENTRY_SORTS = ['submitted', 'fewest-plays', 'newest', 'random', 'most-votes'] as const;
export type EntrySort = (typeof ENTRY_SORTS)[number];

/** A random order's seed: a whole number the visitor's browser makes once and keeps (1 … 2³¹ − 2). */
export const MAX_ENTRY_SEED = 2_147_483_646;
export const entrySeedSchema = z.coerce.number().int().min(1).max(MAX_ENTRY_SEED);

/** The sort the list falls back to: the ranking once the results are public, else submission order. */
export const defaultEntrySort = (resultsPublic: boolean): EntrySort => (resultsPublic ? 'most-votes' : 'submitted');

/** The sort a list really gets: most votes only once the results are public (else the default). */
export const effectiveEntrySort = (sort: EntrySort | undefined, resultsPublic: boolean): EntrySort =>
  sort === undefined || (sort === 'most-votes' && !resultsPublic) ? defaultEntrySort(resultsPublic) : sort;

/** The longest search of a jam's entries; longer text is cut (nothing that long is a title or a name). */
export const ENTRY_SEARCH_MAX_LENGTH = 100;

/** A search of a jam's entries (title, author, co-creators); blank means none. */
export const entrySearchSchema = z
  .string()
  .transform((text) => text.trim().slice(0, ENTRY_SEARCH_MAX_LENGTH) || undefined)
  .optional()
  .catch(undefined);

export const entryListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).catch(ENTRIES_PER_PAGE).default(ENTRIES_PER_PAGE),
  // An unknown sort or a bad seed is ignored (the default order, a fixed seed), as a link may be old.
  sort: z.enum(ENTRY_SORTS).optional().catch(undefined),
  seed: entrySeedSchema.optional().catch(undefined),
  q: entrySearchSchema,
});
export type EntryListQuery = z.output<typeof entryListQuerySchema>;

export const entryIdSchema = z.coerce.number({ error: 'Not a valid entry' }).int().positive('Not a valid entry');

/**
 * A chip from the project's Scratch history: created before the jam's start, updated after its
 * submission end (`at`: the project's last change), or a remix (`parentId`, and its title when shared).
 */
export const entryFlagSchema = named(
  'EntryFlag',
  z.object({
    kind: z.enum(ENTRY_FLAGS),
    at: isoDateTime.nullable().meta({ description: 'When the project was created or last changed on Scratch.' }),
    parentId: z.int().nullable().meta({ description: 'The remixed project (remix flags only).' }),
    parentTitle: z.string().nullable().meta({ description: "The remixed project's title, when Scratch shares it." }),
  }),
);
export type EntryFlagDto = z.infer<typeof entryFlagSchema>;

/** One criterion's result for an entry: its average, how many rated it, and its place (null: not ranked). */
export const criterionResultSchema = named(
  'CriterionResult',
  z.object({
    criterionId: z.int(),
    name: z.string(),
    average: z.number().nullable().meta({ description: 'The average stars (1–5), null with no ratings.' }),
    ratings: z.int().meta({ description: 'How many people rated it on this criterion.' }),
    place: z.int().nullable().meta({
      description:
        'Its place on this criterion; null when it has fewer than the jam\'s `minRatings` ratings ("not enough ratings") or is disqualified.',
    }),
  }),
);
export type CriterionResultDto = z.infer<typeof criterionResultSchema>;

export const entrySchema = named(
  'Entry',
  z.object({
    id: z.int(),
    scratchId: z.int(),
    title: z.string(),
    thumbnailUrl: z.string().nullable(),
    authorName: z.string(),
    coCreators: z.array(coCreatorSchema).meta({
      description:
        'Everyone else credited on it (issue 35): co-creators who accepted, in the order they did; banned people are left out.',
    }),
    submittedAt: isoDateTime,
    isWinner: z.boolean(),
    votes: z.int().nullable().meta({ description: 'Public once the jam has ended; null before.' }),
    rank: z.int().nullable().meta({ description: 'Public once the jam has ended; null before (and for a disqualified entry).' }),
    flags: z
      .array(entryFlagSchema)
      .meta({ description: "What the project's Scratch history says; empty once a manager marked the entry checked." }),
    disqualified: z.boolean().meta({ description: 'Disqualified by a manager: still shown, never ranked or a winner.' }),
    plays: z.int().nullable().meta({
      description: 'How many people opened its player: public once voting has closed, to managers at once; null otherwise.',
    }),
    kudos: z.int().nullable().meta({
      description: "How many kudos stickers it got (all kinds together); null when the jam's feedback is off.",
    }),
    criteria: z.array(criterionResultSchema).nullable().meta({
      description: "A ratings jam's results per criterion, in the jam's order, once the results are public; null otherwise.",
    }),
  }),
);
export type EntryDto = z.infer<typeof entrySchema>;

export const entryDetailSchema = named(
  'EntryDetail',
  entrySchema.extend({
    instructions: z.string().meta({ description: "The project's Instructions on Scratch, plain text." }),
    notes: z.string().meta({ description: "The project's Notes and Credits on Scratch, plain text." }),
    answers: z.array(answerSchema).meta({
      description:
        'Its public answers to the submission questions (ADR 042); private ones come from GET …/entries/{id}/answers, for the team and managers.',
    }),
  }),
);
export type EntryDetailDto = z.infer<typeof entryDetailSchema>;

export const entryListSchema = named(
  'EntryList',
  z.object({
    entries: z.array(entrySchema),
    ...pageFields,
    resultsPublic: z.boolean(),
    sort: z.enum(ENTRY_SORTS).meta({
      description: 'The order of this list: the one asked for, or the default when `most-votes` was asked before the results.',
    }),
    seed: z
      .int()
      .nullable()
      .meta({ description: 'The seed of a `random` order (send it again to page through the same order).' }),
    q: z.string().nullable().meta({
      description: 'The search this list answers (trimmed); null when it lists every entry. `total` counts the matches.',
    }),
  }),
);
export type EntryListDto = z.infer<typeof entryListSchema>;

export const myVotesSchema = named(
  'MyVotes',
  z.object({
    judging: z
      .enum(JUDGING_MODES)
      .meta({ description: "The jam's judging: `upvotes` (see `entryIds`) or `ratings` (see `ratings`)." }),
    limit: z.int(),
    used: z.int(),
    remaining: z.int(),
    entryIds: z.array(z.int()),
    whoCanVote: z.enum(WHO_CAN_VOTE).meta({ description: "The jam's rule: anyone logged in, participants, or entrants only." }),
    eligible: z.boolean().meta({
      description: 'Whether the rules let you vote in this jam (joined or entered, as it asks; a judge, in a judges-only jam).',
    }),
    whoJudges: z.enum(WHO_JUDGES).meta({ description: 'Whose votes rank the jam: `community`, `judges` or `both`.' }),
    judge: z.boolean().meta({ description: 'Whether you are one of the jam’s accepted judges (your votes are the judges’).' }),
    playBeforeVote: z.boolean().meta({ description: 'An upvote counts only for an entry you have opened.' }),
    playedEntryIds: z.array(z.int()).meta({
      description: 'With `playBeforeVote`: the entries of this jam whose player you opened (empty when the jam does not ask).',
    }),
    ratings: z
      .array(z.object({ entryId: z.int(), criterionId: z.int(), stars: z.int().min(1).max(STARS_MAX) }))
      .meta({ description: 'In a ratings jam: your stars, one row per entry and criterion you rated (only you see them).' }),
  }),
);
export type MyVotesDto = z.infer<typeof myVotesSchema>;

/** An entry as "Play next" names it: enough to show it and go to its page. */
export const nextEntrySchema = named(
  'NextEntry',
  z.object({
    entry: z
      .object({
        id: z.int(),
        scratchId: z.int(),
        title: z.string(),
        authorName: z.string(),
        thumbnailUrl: z.string().nullable(),
      })
      .nullable()
      .meta({ description: 'The entry to play next; null when there is none (see `reason`).' }),
    pick: z.enum(['fewest-plays', 'random']).meta({
      description:
        '`fewest-plays` for a logged-in person: one they have not played, not their own, with the fewest plays; among equals, the entry whose author played the most others first. `random` for visitors.',
    }),
    reason: z
      .enum(['no-entries', 'all-played'])
      .nullable()
      .meta({ description: 'Why `entry` is null: the jam has no entries, or you have played every entry you can.' }),
  }),
);
export type NextEntryDto = z.infer<typeof nextEntrySchema>;

export const winnersSchema = named(
  'Winners',
  z.object({
    winner: entrySchema.nullable().meta({ description: "The managers' choice." }),
    communityChoice: entrySchema.nullable().meta({
      description: 'The most upvoted entry once the jam has ended (null in a judges-only jam: see `judgesChoice`).',
    }),
    judgesChoice: entrySchema.nullable().meta({
      description:
        "In a jam judged by judges (`whoJudges` `judges` or `both`): the first of the judges' ranking besides the managers' winner, its votes and places counted from the judges' votes only.",
    }),
  }),
);
export type WinnersDto = z.infer<typeof winnersSchema>;

export const STARS_MESSAGE = `Stars are a whole number from 1 to ${STARS_MAX}.`;
export const RATING_EMPTY_MESSAGE = 'Rate at least one criterion.';

/**
 * A rating (ADR 039): stars per criterion id, `{ "1": 4, "3": 5 }`. The criteria named are set (PUT
 * again: the same state); the others stay as they were.
 */
export const ratingSchema = z.object({
  stars: z
    .record(
      z.string().regex(/^[1-9][0-9]{0,8}$/, 'Criteria are named by their ids.'),
      z.int({ error: STARS_MESSAGE }).min(1, STARS_MESSAGE).max(STARS_MAX, STARS_MESSAGE),
      {
        error: 'stars must be an object of criterion ids and stars',
      },
    )
    .refine((stars) => Object.keys(stars).length > 0, RATING_EMPTY_MESSAGE)
    .meta({ description: 'Stars (1–5) per criterion id of the jam; criteria left out keep what you gave them.' }),
});
export type RatingInput = z.output<typeof ratingSchema>;
