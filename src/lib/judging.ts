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
export type EntryFlagKind = (typeof ENTRY_FLAGS)[number];
