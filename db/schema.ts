import { sql } from 'drizzle-orm';
import {
  type AnySQLiteColumn,
  blob,
  check,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';

const timestampNow = (column: string) =>
  integer(column, { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    isAdmin: integer('is_admin', { mode: 'boolean' }).notNull().default(false),
    isBanned: integer('is_banned', { mode: 'boolean' }).notNull().default(false),
    avatarUrl: text('avatar_url'),
    /** The secret in the person's private calendar and RSS addresses (null: none, or revoked). */
    feedToken: text('feed_token'),
    createdAt: timestampNow('created_at'),
    updatedAt: timestampNow('updated_at'),
    updatedBy: integer('updated_by').references((): AnySQLiteColumn => users.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    uniqueIndex('users_name_lower_unique').on(sql`lower(${t.name})`),
    index('users_updated_at_idx').on(t.updatedAt),
    uniqueIndex('users_feed_token_unique').on(t.feedToken),
  ],
);

/** Only the SHA-256 of a session token is stored, so a leaked database cannot log anyone in. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: timestampNow('created_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Issued after the login provider vouched for a user; exchanged once on /confirm-login. */
export const loginTokens = sqliteTable(
  'login_tokens',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: timestampNow('created_at'),
  },
  (t) => [index('login_tokens_user_idx').on(t.userId), index('login_tokens_expires_idx').on(t.expiresAt)],
);

/** Hashes of provider codes already exchanged, so a replayed code is refused. */
export const usedAuthCodes = sqliteTable(
  'used_auth_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    usedAt: timestampNow('used_at'),
  },
  (t) => [index('used_auth_codes_used_at_idx').on(t.usedAt)],
);

export const WHO_CAN_VOTE = ['anyone', 'participants', 'entrants'] as const;
export type WhoCanVote = (typeof WHO_CAN_VOTE)[number];
export const ENTRY_REVIEWS = ['open', 'checked', 'disqualified'] as const;
export type EntryReview = (typeof ENTRY_REVIEWS)[number];
export const FEEDBACK_MODES = ['notes', 'kudos', 'off'] as const;
export const INBOX_KINDS = [
  'kudos',
  'note',
  'jam-started',
  'deadline-soon',
  'voting-ends-soon',
  'results',
  'entry-disqualified',
  'entry-removed',
  'request-approved',
  'request-declined',
  'report',
  'credit-invited',
  'credit-accepted',
  'credit-declined',
  'late-window',
  'judge-invited',
  'judge-accepted',
  'judge-declined',
  'judge-feedback',
  'theme-suggestions-open',
  'theme-final-open',
  'theme-out',
] as const;
export const TEAM_MEMBER_STATUSES = ['invited', 'accepted'] as const;
export const JUDGING_MODES = ['upvotes', 'ratings'] as const;
export const RESULTS_MODES = ['automatic', 'manual'] as const;
/** Whose votes or ratings rank the jam (ADR 040): the community's, the judges' only, or both apart ("Judges' choice"). */
export const WHO_JUDGES = ['community', 'judges', 'both'] as const;
export type WhoJudges = (typeof WHO_JUDGES)[number];
/** A criterion of a ratings jam: `id` is stable (renaming keeps its ratings), the list's order is the jam's. */
export type JamCriterion = { id: number; name: string };
/** The criteria a jam starts with (ADR 039); kept equal to DEFAULT_CRITERIA in src/lib/judging.ts by tests/db/schema.test.ts. */
export const DEFAULT_CRITERIA: JamCriterion[] = [
  { id: 1, name: 'Overall' },
  { id: 2, name: 'Fun' },
  { id: 3, name: 'Art' },
  { id: 4, name: 'Sound' },
  { id: 5, name: 'Theme' },
];

/** Kept equal to QUESTION_KINDS in src/lib/questions.ts by tests/db/schema.test.ts. */
export const QUESTION_KINDS = ['text', 'yesno', 'choice'] as const;
/** Issue 56 (ADR 050): whether entries may (or must) carry the game as it stood at the deadline, an uploaded `.sb3`. */
export const JAM_VERSION_MODES = ['off', 'allowed', 'required'] as const;
/** A submission question (ADR 042): `id` is stable (an edit keeps its answers), the list's order is the form's. */
export type JamQuestion = {
  id: number;
  kind: (typeof QUESTION_KINDS)[number];
  prompt: string;
  /** The choices of a `choice` question (2–6); empty for the other kinds. */
  choices: string[];
  required: boolean;
  /** Answers only the jam's managers (and the entry's team) read. */
  private: boolean;
};
/** An entry's answers by question id: text for `text` and `choice`, true/false for `yesno`. */
export type EntryAnswers = Record<string, string | boolean>;

export const jams = sqliteTable(
  'jams',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    body: text('body').notNull().default(''),
    /**
     * Whether an administrator wrote the body last (issue 53 §5): only then do its links go anywhere
     * (http, https, mailto); anyone else's link off scratch.mit.edu renders as plain text.
     */
    bodyByAdmin: integer('body_by_admin', { mode: 'boolean' }).notNull().default(false),
    imageUrl: text('image_url'),
    startsAt: integer('starts_at', { mode: 'timestamp_ms' }).notNull(),
    endsAt: integer('ends_at', { mode: 'timestamp_ms' }).notNull(),
    featured: integer('featured', { mode: 'boolean' }).notNull().default(false),
    mystery: integer('mystery', { mode: 'boolean' }).notNull().default(false),
    /** How many entries the jam has, kept by triggers on entries (see the jam_sorts and entries migrations); the explore sort. */
    entryCount: integer('entry_count').notNull().default(0),
    /** How many people joined, kept by triggers on jam_participants (see the participant_count migration). */
    participantCount: integer('participant_count').notNull().default(0),
    /** Optional end of a voting period after the submission end (`endsAt`); null: voting ends with submissions. */
    votingEndsAt: integer('voting_ends_at', { mode: 'timestamp_ms' }),
    /** Who may upvote: anyone logged in, participants (joined or entered), or entrants only. */
    whoCanVote: text('who_can_vote', { enum: WHO_CAN_VOTE }).notNull().default('anyone'),
    /** Submissions of Scratch projects created before `startsAt` are refused. */
    refuseOldProjects: integer('refuse_old_projects', { mode: 'boolean' }).notNull().default(false),
    /** An upvote counts only for an entry the voter has opened (a row in `plays`). */
    playBeforeVote: integer('play_before_vote', { mode: 'boolean' }).notNull().default(false),
    /** When the check of every entry's Scratch history after the end was started (null: not yet). */
    entriesCheckedAt: integer('entries_checked_at', { mode: 'timestamp_ms' }),
    /** Feedback on entries: notes and kudos, kudos only, or off. */
    feedback: text('feedback', { enum: FEEDBACK_MODES }).notNull().default('notes'),
    /** How entries are judged: upvotes, or ratings of 1–5 stars per criterion (ADR 039). */
    judging: text('judging', { enum: JUDGING_MODES }).notNull().default('upvotes'),
    /** The criteria of a ratings jam, in order (the first decides the jam's own order); read with the jam, no second query. */
    criteria: text('criteria', { mode: 'json' })
      .$type<JamCriterion[]>()
      .notNull()
      .default(
        sql`'[{"id":1,"name":"Overall"},{"id":2,"name":"Fun"},{"id":3,"name":"Art"},{"id":4,"name":"Sound"},{"id":5,"name":"Theme"}]'`,
      ),
    /** An entry is ranked on a criterion only with at least this many ratings of it. */
    minRatings: integer('min_ratings').notNull().default(3),
    /** The submit form's questions (ADR 042), read with the jam like the criteria. */
    questions: text('questions', { mode: 'json' })
      .$type<JamQuestion[]>()
      .notNull()
      .default(sql`'[]'`),
    /** When results go public: when voting ends (automatic), or when a manager publishes them (manual; ADR 041). */
    results: text('results', { enum: RESULTS_MODES }).notNull().default('automatic'),
    /** When a manager published the results of a manual jam (null: not yet); the publish is idempotent on it. */
    resultsPublishedAt: integer('results_published_at', { mode: 'timestamp_ms' }),
    /** Entries are hidden from the public until submissions close (their team and the managers see them; ADR 041). */
    hiddenEntries: integer('hidden_entries', { mode: 'boolean' }).notNull().default(false),
    /** Whose votes or ratings rank the jam (ADR 040); judges are the accepted rows of `jam_judges`. */
    whoJudges: text('who_judges', { enum: WHO_JUDGES }).notNull().default('community'),
    /** Theme rounds (ADR 043): the community suggests and votes the theme; the schedule below, all before `startsAt`. */
    themeRounds: integer('theme_rounds', { mode: 'boolean' }).notNull().default(false),
    themeSuggestFrom: integer('theme_suggest_from', { mode: 'timestamp_ms' }),
    themeRound1From: integer('theme_round1_from', { mode: 'timestamp_ms' }),
    themeFinalFrom: integer('theme_final_from', { mode: 'timestamp_ms' }),
    themeClosesAt: integer('theme_closes_at', { mode: 'timestamp_ms' }),
    /** How many suggestions round 1 sends to the final round. */
    themeFinalists: integer('theme_finalists').notNull().default(16),
    /**
     * The theme leading now, kept by every theme write (so the winner once the final round closes);
     * read with the jam's row, shown to nobody before `startsAt` (`revealedTheme`).
     */
    themeLeader: text('theme_leader'),
    /** The host's accent colour (`#rrggbb`, ADR 049), checked for WCAG AA contrast in every colour scheme; null: the site's own. */
    accentColor: text('accent_color'),
    /** A banner picture on an allow-listed image host, like `imageUrl` (ADR 049); null: none. */
    bannerUrl: text('banner_url'),
    /** ADR 050: the jam version, the `.sb3` an entry's makers upload until the deadline: off, allowed or required. */
    jamVersion: text('jam_version', { enum: JAM_VERSION_MODES }).notNull().default('off'),
    /** ADR 050: voters and judges play the jam version (a play of it counts for the play queue and "play before you vote"). */
    judgeJamVersion: integer('judge_jam_version', { mode: 'boolean' }).notNull().default(false),
    createdAt: timestampNow('created_at'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestampNow('updated_at'),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // The list indexes carry ends_at so a page of any list is found without reading a row (see listJams).
    index('jams_list_idx').on(t.startsAt, t.id, t.endsAt),
    // Also the "ending soonest" sort; featured and starts_at let every filter be checked in the index.
    index('jams_ends_at_idx').on(t.endsAt, t.id, t.featured, t.startsAt),
    index('jams_featured_list_idx').on(t.featured, t.startsAt, t.id, t.endsAt),
    // Feeds list the newest jams first.
    index('jams_created_at_idx').on(t.createdAt, t.id),
    // The explore sorts "name A–Z", "most entries" and "ending soonest", each also within featured or
    // not featured jams (a filter on `featured` alone would otherwise sort nearly every jam).
    index('jams_name_list_idx').on(sql`${t.name} collate nocase`, t.id, t.featured, t.startsAt, t.endsAt),
    index('jams_featured_name_list_idx').on(t.featured, sql`${t.name} collate nocase`, t.id, t.startsAt, t.endsAt),
    index('jams_entry_count_list_idx').on(t.entryCount, t.startsAt, t.id, t.featured, t.endsAt),
    index('jams_featured_entry_count_list_idx').on(t.featured, t.entryCount, t.startsAt, t.id, t.endsAt),
    index('jams_featured_ends_at_idx').on(t.featured, t.endsAt, t.id, t.startsAt),
  ],
);

/**
 * How many jams there are, in one row kept by triggers (see the jam_count migration): counting
 * 100,000 jams for every page of the explore list would cost a millisecond each time.
 */
export const jamCount = sqliteTable('jam_count', {
  id: integer('id').primaryKey(),
  n: integer('n').notNull(),
});

/** Old slugs of renamed jams, so shared links keep working. */
export const jamSlugRedirects = sqliteTable(
  'jam_slug_redirects',
  {
    slug: text('slug').primaryKey(),
    jamId: integer('jam_id')
      .notNull()
      .references(() => jams.id, { onDelete: 'cascade' }),
    createdAt: timestampNow('created_at'),
  },
  (t) => [index('jam_slug_redirects_jam_idx').on(t.jamId)],
);

export const jamManagers = sqliteTable(
  'jam_managers',
  {
    jamId: integer('jam_id')
      .notNull()
      .references(() => jams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedAt: timestampNow('added_at'),
    addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.jamId, t.userId] }), index('jam_managers_user_idx').on(t.userId)],
);

/** Who joined a jam ("128 joined"); one row per person, submitting joins too. */
export const jamParticipants = sqliteTable(
  'jam_participants',
  {
    jamId: integer('jam_id')
      .notNull()
      .references(() => jams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestampNow('joined_at'),
  },
  (t) => [primaryKey({ columns: [t.jamId, t.userId] }), index('jam_participants_user_idx').on(t.userId, t.joinedAt)],
);

/** An entry: a Scratch project (`scratchId`) entered into a jam. */
export const entries = sqliteTable(
  'entries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    jamId: integer('jam_id')
      .notNull()
      .references(() => jams.id, { onDelete: 'cascade' }),
    scratchId: integer('scratch_id').notNull(),
    submitterId: integer('submitter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    thumbnailUrl: text('thumbnail_url'),
    authorName: text('author_name').notNull(),
    /** The project's "Instructions" and "Notes and Credits" on Scratch, plain text, as of submitting or the last refresh. */
    instructions: text('instructions').notNull().default(''),
    notes: text('notes').notNull().default(''),
    isWinner: integer('is_winner', { mode: 'boolean' }).notNull().default(false),
    submittedAt: timestampNow('submitted_at'),
    /** The project's history on Scratch (`history.created/modified/shared`), as of `historyCheckedAt`. */
    projectCreatedAt: integer('project_created_at', { mode: 'timestamp_ms' }),
    projectModifiedAt: integer('project_modified_at', { mode: 'timestamp_ms' }),
    projectSharedAt: integer('project_shared_at', { mode: 'timestamp_ms' }),
    /** `remix.parent` / `remix.root` on Scratch: the project this one remixes, and the first of its line. */
    remixParentId: integer('remix_parent_id'),
    remixRootId: integer('remix_root_id'),
    /** The parent project's title when Scratch shared it (null: not a remix, or the parent is not shared). */
    remixParentTitle: text('remix_parent_title'),
    historyCheckedAt: integer('history_checked_at', { mode: 'timestamp_ms' }),
    /** A manager's verdict on the entry's flags: open, checked (the public chips go) or disqualified (never ranked). */
    review: text('review', { enum: ENTRY_REVIEWS }).notNull().default('open'),
    reviewedBy: integer('reviewed_by').references((): AnySQLiteColumn => users.id, { onDelete: 'set null' }),
    reviewedAt: integer('reviewed_at', { mode: 'timestamp_ms' }),
    /** How many people opened the entry's player, kept by triggers on `plays` (migration 0014). */
    playCount: integer('play_count').notNull().default(0),
    /** How many kudos stickers the entry has, kept by triggers on `kudos` (migration 0015). */
    kudosCount: integer('kudos_count').notNull().default(0),
    /** The answers to the jam's submission questions (ADR 042), read with the entry's row. */
    answers: text('answers', { mode: 'json' })
      .$type<EntryAnswers>()
      .notNull()
      .default(sql`'{}'`),
    /** Submitted or changed after the jam's end through a late-submission window (ADR 042). */
    late: integer('late', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [
    uniqueIndex('entries_jam_scratch_unique').on(t.jamId, t.scratchId),
    uniqueIndex('entries_jam_submitter_unique').on(t.jamId, t.submitterId),
    index('entries_jam_submitted_idx').on(t.jamId, t.submittedAt, t.id),
    index('entries_submitter_idx').on(t.submitterId),
    // The "fewest plays" sort and "Play next" read a jam's entries in play order.
    index('entries_jam_plays_idx').on(t.jamId, t.playCount, t.submittedAt, t.id),
    // A search (issue 35 §3) reads a jam's titles and authors in submission order from the index alone.
    index('entries_jam_search_idx').on(t.jamId, t.submittedAt, t.id, t.title, t.authorName),
  ],
);

/**
 * A co-creator of an entry (issue 35 §1): invited by the submitter, credited once they accept. One
 * entry per person per jam, as submitter or accepted co-creator: the partial unique index holds it
 * among co-creators, the triggers of migration 0016 across submitters and co-creators.
 */
export const entryCredits = sqliteTable(
  'entry_credits',
  {
    entryId: integer('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jamId: integer('jam_id')
      .notNull()
      .references(() => jams.id, { onDelete: 'cascade' }),
    status: text('status', { enum: TEAM_MEMBER_STATUSES }).notNull().default('invited'),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    invitedAt: timestampNow('invited_at'),
    acceptedAt: integer('accepted_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    primaryKey({ columns: [t.entryId, t.userId] }),
    uniqueIndex('entry_credits_one_per_jam')
      .on(t.jamId, t.userId)
      .where(sql`${t.status} = 'accepted'`),
    // A person's invitations and credits (dashboard, profile).
    index('entry_credits_user_idx').on(t.userId, t.status),
  ],
);

/**
 * A late-submission window (ADR 042): a manager lets one person submit (or change their entry)
 * after the jam's end, until `until` (at most 24 h after the end, before voting ends).
 */
export const lateSubmissions = sqliteTable(
  'late_submissions',
  {
    jamId: integer('jam_id')
      .notNull()
      .references(() => jams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    until: integer('until', { mode: 'timestamp_ms' }).notNull(),
    grantedBy: integer('granted_by').references(() => users.id, { onDelete: 'set null' }),
    grantedAt: timestampNow('granted_at'),
  },
  (t) => [primaryKey({ columns: [t.jamId, t.userId] }), index('late_submissions_user_idx').on(t.userId)],
);

/**
 * An entry's jam version (issue 56, ADR 050): the `.sb3` its makers uploaded, kept in the host's file
 * store under its SHA-256. One per entry; an upload before the deadline replaces it, after it it stays.
 */
export const jamVersions = sqliteTable(
  'jam_versions',
  {
    entryId: integer('entry_id')
      .primaryKey()
      .references(() => entries.id, { onDelete: 'cascade' }),
    jamId: integer('jam_id')
      .notNull()
      .references(() => jams.id, { onDelete: 'cascade' }),
    /** The file's SHA-256 (hex): its name in the file store. */
    sha256: text('sha256').notNull(),
    size: integer('size').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestampNow('uploaded_at'),
  },
  (t) => [index('jam_versions_jam_idx').on(t.jamId), index('jam_versions_sha_idx').on(t.sha256)],
);

/**
 * Files kept in the database, for hosts that install no file store of their own (@astrojs/node
 * standalone, `astro dev`): the same interface, named by SHA-256 (ADR 050).
 */
export const storedFiles = sqliteTable('stored_files', {
  key: text('key').primaryKey(),
  bytes: blob('bytes', { mode: 'buffer' }).$type<Uint8Array>().notNull(),
  createdAt: timestampNow('created_at'),
});

/** One row per person who opened an entry's player (logged in); `jamId` copied for per-jam counts ("karma"). */
export const plays = sqliteTable(
  'plays',
  {
    entryId: integer('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    playerId: integer('player_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jamId: integer('jam_id')
      .notNull()
      .references(() => jams.id, { onDelete: 'cascade' }),
    playedAt: timestampNow('played_at'),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.playerId] }), index('plays_jam_player_idx').on(t.jamId, t.playerId)],
);

/** jamId is copied from the entry so the per-jam vote limit is one indexed count. */
export const votes = sqliteTable(
  'votes',
  {
    entryId: integer('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    voterId: integer('voter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jamId: integer('jam_id')
      .notNull()
      .references(() => jams.id, { onDelete: 'cascade' }),
    createdAt: timestampNow('created_at'),
  },
  (t) => [
    primaryKey({ columns: [t.entryId, t.voterId] }),
    index('votes_jam_voter_idx').on(t.jamId, t.voterId),
    index('votes_voter_idx').on(t.voterId),
  ],
);

/**
 * One person's stars (1–5) for one criterion of one entry (ADR 039); `jamId` copied from the entry,
 * `criterionId` one of the jam's `criteria` ids.
 */
export const ratings = sqliteTable(
  'ratings',
  {
    entryId: integer('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    raterId: integer('rater_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    criterionId: integer('criterion_id').notNull(),
    jamId: integer('jam_id')
      .notNull()
      .references(() => jams.id, { onDelete: 'cascade' }),
    stars: integer('stars').notNull(),
    createdAt: timestampNow('created_at'),
    updatedAt: timestampNow('updated_at'),
  },
  (t) => [
    primaryKey({ columns: [t.entryId, t.raterId, t.criterionId] }),
    // A person's own ratings in a jam (my-votes), and a jam's results per criterion read from the index alone.
    index('ratings_jam_rater_idx').on(t.jamId, t.raterId),
    index('ratings_jam_criterion_idx').on(t.jamId, t.criterionId, t.entryId, t.stars),
    index('ratings_entry_criterion_idx').on(t.entryId, t.criterionId, t.stars),
    index('ratings_rater_idx').on(t.raterId),
    check('ratings_stars_check', sql`${t.stars} between 1 and 5`),
  ],
);

/**
 * A jam's judges (issue 42 §2, ADR 040): invited by a manager by Scratch username, a judge once they
 * accept in the inbox. Only accepted rows count; a judge's votes and ratings are the judges' panel.
 */
export const jamJudges = sqliteTable(
  'jam_judges',
  {
    jamId: integer('jam_id')
      .notNull()
      .references(() => jams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: TEAM_MEMBER_STATUSES }).notNull().default('invited'),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    invitedAt: timestampNow('invited_at'),
    acceptedAt: integer('accepted_at', { mode: 'timestamp_ms' }),
  },
  (t) => [primaryKey({ columns: [t.jamId, t.userId] }), index('jam_judges_user_idx').on(t.userId, t.status)],
);

/** A judge's private feedback on an entry (one per judge and entry), read by its team, the jam's managers and the judge. */
export const judgeFeedback = sqliteTable(
  'judge_feedback',
  {
    entryId: integer('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    judgeId: integer('judge_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jamId: integer('jam_id')
      .notNull()
      .references(() => jams.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: timestampNow('created_at'),
    updatedAt: timestampNow('updated_at'),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.judgeId] }), index('judge_feedback_judge_idx').on(t.judgeId, t.jamId)],
);

/** A kudos sticker (one of KUDOS_STICKERS in src/lib/feedback.ts) given by one person to an entry; `jamId` copied. */
export const kudos = sqliteTable(
  'kudos',
  {
    entryId: integer('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    giverId: integer('giver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sticker: text('sticker').notNull(),
    jamId: integer('jam_id')
      .notNull()
      .references(() => jams.id, { onDelete: 'cascade' }),
    createdAt: timestampNow('created_at'),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.giverId, t.sticker] }), index('kudos_giver_idx').on(t.giverId)],
);

/** A short note on an entry (at most NOTE_MAX_LENGTH characters), kept only after the filter passed it. */
export const notes = sqliteTable(
  'notes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    entryId: integer('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    jamId: integer('jam_id')
      .notNull()
      .references(() => jams.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: timestampNow('created_at'),
    /** Hidden by a manager or an administrator: kept for the audit, shown to nobody but them. */
    hiddenAt: integer('hidden_at', { mode: 'timestamp_ms' }),
    hiddenBy: integer('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Held by the guard (issue 53): shown only to its writer ("waiting for a moderator") and in the
     * moderation queue of the jam's managers and the administrators until one approves it (null again)
     * or refuses it (hidden). `heldRule` says why.
     */
    heldAt: integer('held_at', { mode: 'timestamp_ms' }),
    heldRule: text('held_rule'),
  },
  (t) => [
    // The entry page lists an entry's notes newest first, paged.
    index('notes_entry_idx').on(t.entryId, t.id),
    index('notes_author_idx').on(t.authorId),
    index('notes_jam_idx').on(t.jamId),
  ],
);

/** A note the filter refused (never its text): three within ten minutes mute the person's notes. */
export const noteRefusals = sqliteTable(
  'note_refusals',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rule: text('rule').notNull(),
    at: timestampNow('at'),
  },
  (t) => [index('note_refusals_user_at_idx').on(t.userId, t.at)],
);

/**
 * What the guard held or refused, by rule and field (never the text): the admin dashboard's counts
 * (issue 53). Notes' refusals are also in note_refusals, for the mute.
 */
export const guardOutcomes = sqliteTable(
  'guard_outcomes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    field: text('field').notNull(),
    rule: text('rule').notNull(),
    outcome: text('outcome', { enum: ['hold', 'refuse'] }).notNull(),
    at: timestampNow('at'),
  },
  (t) => [index('guard_outcomes_at_idx').on(t.at)],
);

export const HELD_TEXT_TARGETS = ['theme', 'answer', 'jam'] as const;
export type HeldTextTarget = (typeof HELD_TEXT_TARGETS)[number];

/**
 * A text the guard held outside notes (issue 53 §2): a theme suggestion, an entry's text answer, a
 * jam's description or body. Kept here, not where it would show, so nobody but its writer (who sees
 * it "waiting for a moderator") and the moderators reads it; approving applies it where it belongs
 * (`target`, `targetId`, `path`), refusing deletes it. `field` is its row of the guarded fields' table.
 */
export const heldTexts = sqliteTable(
  'held_texts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    jamId: integer('jam_id')
      .notNull()
      .references(() => jams.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    field: text('field').notNull(),
    target: text('target', { enum: HELD_TEXT_TARGETS }).notNull(),
    /** The entry (answers); null for a theme suggestion or a jam's text. */
    targetId: integer('target_id'),
    /** The answer's question id, or the jam's field (`description`, `body`); empty for a theme. */
    path: text('path').notNull().default(''),
    text: text('text').notNull(),
    rule: text('rule').notNull(),
    heldAt: timestampNow('held_at'),
  },
  (t) => [index('held_texts_jam_idx').on(t.jamId, t.heldAt), index('held_texts_author_idx').on(t.authorId, t.jamId)],
);

/** Words administrators added to the note filter, on top of the maintained list (lower case). */
export const blockedWords = sqliteTable('blocked_words', {
  word: text('word').primaryKey(),
  addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestampNow('created_at'),
});

/**
 * One thing that happened for a person (issue 34 §2). `key` says which event it is, so each arrives
 * once (unique per person); unread rows sharing a `groupKey` show as one item ("5 people gave kudos
 * to …"). Time-based events are written when the person reads the inbox, not by a background job.
 */
export const notifications = sqliteTable(
  'notifications',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: INBOX_KINDS }).notNull(),
    key: text('key').notNull(),
    groupKey: text('group_key'),
    jamId: integer('jam_id').references(() => jams.id, { onDelete: 'cascade' }),
    entryId: integer('entry_id').references(() => entries.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    data: text('data', { mode: 'json' }).$type<Record<string, unknown>>(),
    createdAt: timestampNow('created_at'),
    readAt: integer('read_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('notifications_user_key_unique').on(t.userId, t.key),
    index('notifications_user_idx').on(t.userId, t.id),
    // The bell's unread count.
    index('notifications_user_unread_idx')
      .on(t.userId, t.id)
      .where(sql`${t.readAt} is null`),
  ],
);

export const JAM_REQUEST_STATUSES = ['pending', 'approved', 'declined'] as const;
export type JamRequestStatus = (typeof JAM_REQUEST_STATUSES)[number];

/**
 * A logged-in user's request that the administrators create a jam (creating jams is theirs alone):
 * the jam's fields as the create form has them, a note to the administrators, and the answer.
 * Approving creates the jam (`jamId`) with the requester as its manager; declining gives a reason
 * the requester reads. At most one pending request per user, held by a partial unique index.
 */
export const jamRequests = sqliteTable(
  'jam_requests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    requesterId: integer('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    body: text('body').notNull().default(''),
    imageUrl: text('image_url'),
    startsAt: integer('starts_at', { mode: 'timestamp_ms' }).notNull(),
    endsAt: integer('ends_at', { mode: 'timestamp_ms' }).notNull(),
    mystery: integer('mystery', { mode: 'boolean' }).notNull().default(false),
    /** To the administrators only. */
    note: text('note').notNull().default(''),
    status: text('status', { enum: JAM_REQUEST_STATUSES }).notNull().default('pending'),
    /** Why it was declined; the requester reads it on their dashboard. */
    declineReason: text('decline_reason'),
    /** The jam approving created (null before, and once that jam is deleted). */
    jamId: integer('jam_id').references(() => jams.id, { onDelete: 'set null' }),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: integer('reviewed_at', { mode: 'timestamp_ms' }),
    createdAt: timestampNow('created_at'),
    updatedAt: timestampNow('updated_at'),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('jam_requests_status_check', sql`${t.status} in ('pending', 'approved', 'declined')`),
    // One pending request per user, whatever the timing of two requests sent at once.
    uniqueIndex('jam_requests_one_pending_per_user')
      .on(t.requesterId)
      .where(sql`${t.status} = 'pending'`),
    // The administrators' queue, one status at a time, in the order the requests came.
    index('jam_requests_status_idx').on(t.status, t.id),
    // A user's own requests, newest first.
    index('jam_requests_requester_idx').on(t.requesterId, t.id),
  ],
);

/** What administrators and managers did, and to what. */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    at: timestampNow('at'),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name'),
    action: text('action').notNull(),
    jamId: integer('jam_id').references(() => jams.id, { onDelete: 'set null' }),
    targetUserId: integer('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    details: text('details', { mode: 'json' }).$type<Record<string, unknown>>(),
  },
  // The activity pages list newest first by id (the order of the writes); each index also holds
  // the id, so a filtered page is walked in order from its index.
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_jam_idx').on(t.jamId),
    index('audit_log_actor_idx').on(t.actorId),
    index('audit_log_target_user_idx').on(t.targetUserId),
    index('audit_log_action_idx').on(t.action),
  ],
);

export type User = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type Jam = typeof jams.$inferSelect;
export type Entry = typeof entries.$inferSelect;
export type Vote = typeof votes.$inferSelect;
export type Play = typeof plays.$inferSelect;
export type AuditEntry = typeof auditLog.$inferSelect;
export type Kudos = typeof kudos.$inferSelect;
export type Note = typeof notes.$inferSelect;
export type InboxRow = typeof notifications.$inferSelect;
export type EntryCredit = typeof entryCredits.$inferSelect;
export type LateSubmission = typeof lateSubmissions.$inferSelect;

/**
 * A report: a logged-in user flags a jam (`entryId` null) or one of its entries for the
 * administrators (and, for entries, the jam's managers). One open report per person per item,
 * kept by a partial unique index; reports go with the reporter, the jam or the entry.
 */
export const reports = sqliteTable(
  'reports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jamId: integer('jam_id')
      .notNull()
      .references(() => jams.id, { onDelete: 'cascade' }),
    entryId: integer('entry_id').references(() => entries.id, { onDelete: 'cascade' }),
    /** A report about a note (its entry and jam are set too): the third kind of reported item. */
    noteId: integer('note_id').references(() => notes.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    text: text('text').notNull().default(''),
    /** open, dismissed or actioned (the entry was removed or its author banned). */
    status: text('status').notNull().default('open'),
    resolverId: integer('resolver_id').references(() => users.id, { onDelete: 'set null' }),
    resolution: text('resolution'),
    createdAt: timestampNow('created_at'),
    resolvedAt: integer('resolved_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('reports_open_entry_unique')
      .on(t.reporterId, t.entryId)
      .where(sql`${t.status} = 'open' and ${t.entryId} is not null and ${t.noteId} is null`),
    uniqueIndex('reports_open_note_unique')
      .on(t.reporterId, t.noteId)
      .where(sql`${t.status} = 'open' and ${t.noteId} is not null`),
    uniqueIndex('reports_open_jam_unique')
      .on(t.reporterId, t.jamId)
      .where(sql`${t.status} = 'open' and ${t.entryId} is null`),
    index('reports_status_item_idx').on(t.status, t.jamId, t.entryId),
    index('reports_entry_idx').on(t.entryId),
    index('reports_note_idx').on(t.noteId),
    index('reports_reporter_idx').on(t.reporterId),
  ],
);
export type Report = typeof reports.$inferSelect;
export type JamRequest = typeof jamRequests.$inferSelect;

/**
 * Rate-limit token buckets kept where every process and isolate sees them (hosts without an
 * in-process store: Cloudflare Workers, other adapters). `key` is `{limiter}:{ip or user}`; `tokens`
 * as of `at` (epoch ms); `allowed` says whether the last take found a token.
 */
export const rateLimitBuckets = sqliteTable('rate_limit_buckets', {
  key: text('key').primaryKey(),
  tokens: real('tokens').notNull(),
  at: integer('at').notNull(),
  allowed: integer('allowed', { mode: 'boolean' }).notNull().default(true),
});

/**
 * A POST's `Idempotency-Key` (ADR 047): written in the same batch or transaction as the request's
 * first write, so a retry after a lost answer finds it; its answer is added once it is known.
 * `owner` is who sent it (`user:{id}`), `fingerprint` the SHA-256 of the method, path and parsed body.
 * Swept a day after `createdAt`.
 */
export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    owner: text('owner').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    createdAt: integer('created_at').notNull(),
    status: integer('status'),
    contentType: text('content_type'),
    location: text('location'),
    body: text('body'),
  },
  (table) => [primaryKey({ columns: [table.owner, table.key] }), index('idempotency_keys_created_at').on(table.createdAt)],
);

/**
 * A jam's theme suggestions (ADR 043), one row per theme however it is spelt: `key` is the
 * normalised text (lib/themes.ts), `text` and `suggestedBy` the first spelling and its author.
 */
export const themeSuggestions = sqliteTable(
  'theme_suggestions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    jamId: integer('jam_id')
      .notNull()
      .references(() => jams.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    text: text('text').notNull(),
    suggestedBy: integer('suggested_by').references(() => users.id, { onDelete: 'set null' }),
    /** Round-1 counts, kept by triggers on theme_answers (end of the theme_rounds migration): looks are all answers. */
    yes: integer('yes').notNull().default(0),
    no: integer('no').notNull().default(0),
    looks: integer('looks').notNull().default(0),
    createdAt: timestampNow('created_at'),
  },
  (t) => [
    uniqueIndex('theme_suggestions_jam_key_unique').on(t.jamId, t.key),
    // Round 1's "least seen first".
    index('theme_suggestions_jam_looks_idx').on(t.jamId, t.looks, t.id),
  ],
);

/** Who suggested which theme (the limit of 3 per person counts these); the first is also on the suggestion. */
export const themeSuggesters = sqliteTable(
  'theme_suggesters',
  {
    suggestionId: integer('suggestion_id')
      .notNull()
      .references(() => themeSuggestions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jamId: integer('jam_id')
      .notNull()
      .references(() => jams.id, { onDelete: 'cascade' }),
    createdAt: timestampNow('created_at'),
  },
  (t) => [primaryKey({ columns: [t.suggestionId, t.userId] }), index('theme_suggesters_jam_user_idx').on(t.jamId, t.userId)],
);

export const THEME_ANSWERS = ['yes', 'no', 'skip'] as const;

/** Round 1: one person's Yes / No / Skip on one suggestion; every answer is a look. */
export const themeAnswers = sqliteTable(
  'theme_answers',
  {
    suggestionId: integer('suggestion_id')
      .notNull()
      .references(() => themeSuggestions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jamId: integer('jam_id')
      .notNull()
      .references(() => jams.id, { onDelete: 'cascade' }),
    answer: text('answer', { enum: THEME_ANSWERS }).notNull(),
    createdAt: timestampNow('created_at'),
  },
  (t) => [
    primaryKey({ columns: [t.suggestionId, t.userId] }),
    index('theme_answers_jam_user_idx').on(t.jamId, t.userId),
    index('theme_answers_suggestion_answer_idx').on(t.suggestionId, t.answer),
  ],
);

/** The final round: one upvote per person among the finalists, changeable until the round closes. */
export const themeFinalVotes = sqliteTable(
  'theme_final_votes',
  {
    jamId: integer('jam_id')
      .notNull()
      .references(() => jams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    suggestionId: integer('suggestion_id')
      .notNull()
      .references(() => themeSuggestions.id, { onDelete: 'cascade' }),
    createdAt: timestampNow('created_at'),
    updatedAt: timestampNow('updated_at'),
  },
  (t) => [primaryKey({ columns: [t.jamId, t.userId] }), index('theme_final_votes_suggestion_idx').on(t.suggestionId)],
);
export type ThemeSuggestion = typeof themeSuggestions.$inferSelect;

/** What a jam's live stream says (ADR 044). */
export const JAM_EVENT_KINDS = ['entry-added', 'entry-withdrawn', 'phase', 'results'] as const;
export type JamEventKind = (typeof JAM_EVENT_KINDS)[number];

/**
 * A jam's live events (ADR 044), append-only: written in the same batch as the write they describe
 * (or, for a phase the clock reaches, by the first server that watches the jam then). `id` is the
 * event id of the stream; `key` makes a phase or the results one row however many servers write it;
 * `user_id` is whose entry an entry event shows, so deleting the account deletes it. Kept an hour.
 */
export const jamEvents = sqliteTable(
  'jam_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    jamId: integer('jam_id')
      .notNull()
      .references(() => jams.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: JAM_EVENT_KINDS }).notNull(),
    key: text('key'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    data: text('data', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    createdAt: timestampNow('created_at'),
  },
  (t) => [
    index('jam_events_jam_id_idx').on(t.jamId, t.id),
    uniqueIndex('jam_events_jam_key_idx').on(t.jamId, t.key),
    index('jam_events_created_at_idx').on(t.createdAt),
  ],
);
export type JamEvent = typeof jamEvents.$inferSelect;

/**
 * Changes to what public pages show, passed between app servers on embedded replicas (ADR 056):
 * each server writes the changes it announces, and after a sync reads the ones it brought instead of
 * re-rendering every page whenever the replica moved. Names no one (`change` is a page change: a
 * jam, an entry, "users"). Kept an hour.
 */
export const pageChanges = sqliteTable(
  'page_changes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    change: text('change', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    createdAt: timestampNow('created_at'),
  },
  (t) => [index('page_changes_created_at_idx').on(t.createdAt)],
);
