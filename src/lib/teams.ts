/**
 * Teams (issue 35 §1): the vocabulary shared by the API schemas and the islands (db/schema.ts keeps
 * its own copy of the stored values; tests/db/schema.test.ts holds them equal).
 */

/** A co-creator is invited by the submitter, and credited once they accept. */
export const TEAM_MEMBER_STATUSES = ['invited', 'accepted'] as const;

/** Co-creators per entry, invited or accepted, besides its submitter. */
export const MAX_CO_CREATORS = 4;
