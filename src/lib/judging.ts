/**
 * Fair judging's vocabulary, shared by the API schemas and the islands (db/schema.ts keeps its own
 * copy of the stored values; tests/db/schema.test.ts holds the two equal).
 */

/** Who may upvote in a jam: anyone logged in, participants (joined or entered), or entrants only. */
export const WHO_CAN_VOTE = ['anyone', 'participants', 'entrants'] as const;
export type WhoCanVote = (typeof WHO_CAN_VOTE)[number];

/** A manager's verdict on an entry: open (not looked at), checked (the public chips go), disqualified. */
export const ENTRY_REVIEWS = ['open', 'checked', 'disqualified'] as const;
export type EntryReview = (typeof ENTRY_REVIEWS)[number];

/** What the entry's Scratch history says about it, as chips on its card and page. */
export const ENTRY_FLAGS = ['created-before-start', 'updated-after-deadline', 'remix'] as const;

/** How a jam's entries are judged: upvotes (the default), or 1–5 stars per criterion (ADR 039). */
export const JUDGING_MODES = ['upvotes', 'ratings'] as const;
export type JudgingMode = (typeof JUDGING_MODES)[number];

/** When results go public: when voting ends (the default), or when a manager publishes them (ADR 041). */
export const RESULTS_MODES = ['automatic', 'manual'] as const;
export type ResultsMode = (typeof RESULTS_MODES)[number];
/** Whose votes or ratings rank a jam (ADR 040): the community's, the judges' only, or both as two rankings. */
export const WHO_JUDGES = ['community', 'judges', 'both'] as const;
export type WhoJudges = (typeof WHO_JUDGES)[number];
/** At most this many judges (invited or accepted) per jam. */
export const MAX_JUDGES = 20;
/** A judge's private feedback on an entry: at most this many characters. */
export const JUDGE_FEEDBACK_MAX = 1000;

/** A criterion of a ratings jam: a stable id (ratings keep it when it is renamed) and its name. */
export type JamCriterion = { id: number; name: string };
export const CRITERIA_MIN = 1;
export const CRITERIA_MAX = 6;
export const CRITERION_NAME_MAX = 40;
export const MIN_RATINGS_MAX = 1000;
export const DEFAULT_MIN_RATINGS = 3;
export const STARS_MAX = 5;
export const DEFAULT_CRITERIA: JamCriterion[] = [
  { id: 1, name: 'Overall' },
  { id: 2, name: 'Fun' },
  { id: 3, name: 'Art' },
  { id: 4, name: 'Sound' },
  { id: 5, name: 'Theme' },
];
