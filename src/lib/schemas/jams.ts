import { z } from 'zod';
import {
  REQUIRED_MESSAGE,
  httpUrlSchema,
  isoDateSchema,
  isoDateTime,
  jamStatusSchema,
  named,
  pageFields,
  usernameSchema,
} from './common';
import { JAM_PHASES, JAM_STATUSES } from '#lib/jam-timing';
import { FEEDBACK_MODES } from '#lib/feedback';
import { jamVersionDtoFields, jamVersionSettings, jamVersionUpdates } from './jam-version';
import {
  CRITERIA_MAX,
  CRITERIA_MIN,
  CRITERION_NAME_MAX,
  DEFAULT_CRITERIA,
  DEFAULT_MIN_RATINGS,
  JUDGING_MODES,
  MIN_RATINGS_MAX,
  WHO_CAN_VOTE,
  RESULTS_MODES,
  WHO_JUDGES,
} from '#lib/judging';
import { questionSchema, questionsSchema } from './questions';
import { themeRoundsInputSchema } from './themes';
import { accentColorSchema, bannerUrlSchema } from './jam-look';
export { ACCENT_FORMAT_MESSAGE, accentRefusedMessage } from './jam-look';

export const JAM_NAME_MAX = 80;
export const JAM_DESCRIPTION_MAX = 300;
export const JAM_BODY_MAX = 20_000;
export const JAMS_PER_PAGE_OPTIONS = [3, 5, 10, 20] as const;
export const DEFAULT_JAMS_PER_PAGE = 10;
/** The jam list's orders; "soonest": jams yet to start (or end) first, nearest first, then the rest, latest first. */
export const JAM_SORTS = ['newest', 'ending-soonest', 'starting-soonest', 'most-entries', 'name'] as const;
export type JamSort = (typeof JAM_SORTS)[number];
export const DEFAULT_JAM_SORT: JamSort = 'newest';

const requiredText = (max: number) =>
  z.string({ error: REQUIRED_MESSAGE }).trim().min(1, REQUIRED_MESSAGE).max(max, `At most ${max} characters.`);

const FEEDBACK_MODE_MESSAGE = 'feedback must be notes, kudos or off';

export const JUDGING_MESSAGE = 'judging must be upvotes or ratings';
export const RESULTS_MESSAGE = 'results must be automatic or manual';
export const WHO_JUDGES_MESSAGE = 'whoJudges must be community, judges or both';
export const CRITERIA_COUNT_MESSAGE = `Name between ${CRITERIA_MIN} and ${CRITERIA_MAX} criteria.`;
export const CRITERIA_UNIQUE_MESSAGE = 'Two criteria have the same name.';
export const MIN_RATINGS_MESSAGE = `minRatings must be a whole number from 0 to ${MIN_RATINGS_MAX}.`;

/** A criterion as the jam form sends it: a kept one with its `id` (renaming keeps its ratings), a new one without. */
export const criterionInputSchema = z.object({
  id: z.int().positive().optional(),
  name: requiredText(CRITERION_NAME_MAX),
});
const sameName = (a: { name: string }, b: { name: string }) => a.name.toLowerCase() === b.name.toLowerCase();
export const criteriaSchema = z
  .array(criterionInputSchema, { error: 'criteria must be a list of { name }' })
  .min(CRITERIA_MIN, CRITERIA_COUNT_MESSAGE)
  .max(CRITERIA_MAX, CRITERIA_COUNT_MESSAGE)
  .refine((list) => list.every((c, i) => list.findIndex((d) => sameName(c, d)) === i), CRITERIA_UNIQUE_MESSAGE)
  .refine(
    (list) => list.every((c, i) => c.id === undefined || list.findIndex((d) => d.id === c.id) === i),
    'Two criteria have the same id.',
  );
export type CriterionInput = z.output<typeof criterionInputSchema>;
const minRatingsSchema = z
  .int({ error: MIN_RATINGS_MESSAGE })
  .min(0, MIN_RATINGS_MESSAGE)
  .max(MIN_RATINGS_MAX, MIN_RATINGS_MESSAGE);

const jamFields = {
  name: requiredText(JAM_NAME_MAX),
  description: requiredText(JAM_DESCRIPTION_MAX),
  body: z.string().max(JAM_BODY_MAX, `At most ${JAM_BODY_MAX} characters.`).default(''),
  imageUrl: z.union([httpUrlSchema, z.literal('').transform(() => null), z.null()]).default(null),
  /** ADR 049: the host's accent colour and banner picture. */
  accentColor: accentColorSchema.default(null),
  bannerUrl: bannerUrlSchema.default(null),
  startsAt: isoDateSchema,
  endsAt: isoDateSchema,
  mystery: z.boolean().default(false),
  /** Fair judging: an optional voting period after the submission end, who may vote, what is refused. */
  votingEndsAt: z.union([isoDateSchema, z.literal('').transform(() => null), z.null()]).default(null),
  whoCanVote: z.enum(WHO_CAN_VOTE, { error: 'whoCanVote must be anyone, participants or entrants' }).default('anyone'),
  refuseOldProjects: z.boolean({ error: 'refuseOldProjects must be true or false' }).default(false),
  playBeforeVote: z.boolean({ error: 'playBeforeVote must be true or false' }).default(false),
  /** Kid-safe feedback on entries: notes and kudos, kudos only, or off. */
  feedback: z.enum(FEEDBACK_MODES, { error: FEEDBACK_MODE_MESSAGE }).default('notes'),
  /** How entries are judged (ADR 039): upvotes, or 1–5 stars per criterion, ranked with at least `minRatings` ratings. */
  judging: z.enum(JUDGING_MODES, { error: JUDGING_MESSAGE }).default('upvotes'),
  criteria: criteriaSchema.default(DEFAULT_CRITERIA.map(({ name }) => ({ name }))),
  minRatings: minRatingsSchema.default(DEFAULT_MIN_RATINGS),
  /** The submit form's questions (ADR 042): up to 5, kept ones by id. */
  questions: questionsSchema.default([]),
  /** ADR 041: results when voting ends, or when a manager publishes them; entries hidden until submissions close. */
  results: z.enum(RESULTS_MODES, { error: RESULTS_MESSAGE }).default('automatic'),
  hiddenEntries: z.boolean({ error: 'hiddenEntries must be true or false' }).default(false),
  /** Whose votes or ratings rank the jam (ADR 040): the community's, the judges' only, or both ("Judges' choice" apart). */
  whoJudges: z.enum(WHO_JUDGES, { error: WHO_JUDGES_MESSAGE }).default('community'),
  ...jamVersionSettings,
  /**
   * ADR 043: "Theme chosen by the community", the body of `PUT …/theme/rounds`, written with the jam
   * in one request (its rules checked against the jam's start by the same function). Left out: no change.
   */
  themeRounds: themeRoundsInputSchema.optional(),
};

export const VOTING_END_AFTER_END_MESSAGE = 'The voting end must be after the end.';
/** The voting end comes after the submission end (checked again by the service against stored values on PATCH). */
export const votingEndAfterEnd = (jam: { endsAt?: Date; votingEndsAt?: Date | null }) =>
  !jam.endsAt || !jam.votingEndsAt || jam.votingEndsAt.getTime() > jam.endsAt.getTime();
const votingEndAfterEndIssue = { message: VOTING_END_AFTER_END_MESSAGE, path: ['votingEndsAt'] };

const endAfterStart = (jam: { startsAt?: Date; endsAt?: Date }) =>
  !jam.startsAt || !jam.endsAt || jam.endsAt.getTime() > jam.startsAt.getTime();
const endAfterStartIssue = { message: 'The end must be after the start.', path: ['endsAt'] };

export const jamCreateSchema = z
  .object(jamFields)
  .refine(endAfterStart, endAfterStartIssue)
  .refine(votingEndAfterEnd, votingEndAfterEndIssue);
export type JamCreateInput = z.input<typeof jamCreateSchema>;
export type JamCreate = z.output<typeof jamCreateSchema>;

/**
 * PATCH semantics: a field that is not sent stays as it is; `null` clears the fields that may be
 * empty (body → '', imageUrl → none) and is refused for the required ones. No defaults here —
 * a default would overwrite what the request did not mention. Editing never touches mystery
 * mode: that is an admin-only advanced option.
 */
export const jamUpdateSchema = z
  .object({
    name: jamFields.name.optional(),
    description: jamFields.description.optional(),
    body: z.union([z.string().max(JAM_BODY_MAX, `At most ${JAM_BODY_MAX} characters.`), z.null().transform(() => '')]).optional(),
    imageUrl: z.union([httpUrlSchema, z.literal('').transform(() => null), z.null()]).optional(),
    accentColor: accentColorSchema.optional(),
    bannerUrl: bannerUrlSchema.optional(),
    startsAt: jamFields.startsAt.optional(),
    endsAt: jamFields.endsAt.optional(),
    votingEndsAt: z.union([isoDateSchema, z.literal('').transform(() => null), z.null()]).optional(),
    whoCanVote: z.enum(WHO_CAN_VOTE, { error: 'whoCanVote must be anyone, participants or entrants' }).optional(),
    refuseOldProjects: z.boolean({ error: 'refuseOldProjects must be true or false' }).optional(),
    playBeforeVote: z.boolean({ error: 'playBeforeVote must be true or false' }).optional(),
    feedback: jamFields.feedback.unwrap().optional(),
    judging: z.enum(JUDGING_MODES, { error: JUDGING_MESSAGE }).optional(),
    criteria: criteriaSchema.optional(),
    minRatings: minRatingsSchema.optional(),
    questions: questionsSchema.optional(),
    results: z.enum(RESULTS_MODES, { error: RESULTS_MESSAGE }).optional(),
    hiddenEntries: z.boolean({ error: 'hiddenEntries must be true or false' }).optional(),
    whoJudges: z.enum(WHO_JUDGES, { error: WHO_JUDGES_MESSAGE }).optional(),
    ...jamVersionUpdates,
    themeRounds: jamFields.themeRounds,
  })
  .refine(endAfterStart, endAfterStartIssue)
  .refine(votingEndAfterEnd, votingEndAfterEndIssue);
export type JamUpdate = z.output<typeof jamUpdateSchema>;

const booleanQuery = z
  .enum(['true', 'false', '1', '0', 'on', ''])
  .transform((value) => (value === '' ? undefined : value === 'true' || value === '1' || value === 'on'));

/** Query of the jam list (API and the explore page share it). Bad values fall back to defaults. */
export const jamListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
  perPage: z.coerce
    .number()
    .refine((n) => (JAMS_PER_PAGE_OPTIONS as readonly number[]).includes(n))
    .catch(DEFAULT_JAMS_PER_PAGE)
    .default(DEFAULT_JAMS_PER_PAGE),
  status: z.enum(JAM_STATUSES).optional().catch(undefined),
  featured: booleanQuery.optional().catch(undefined),
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .catch(undefined)
    .transform((q) => q || undefined),
  sort: z.enum(JAM_SORTS).catch(DEFAULT_JAM_SORT).default(DEFAULT_JAM_SORT),
});
/** `sort` may be left out by callers inside the server (newest start first). */
export type JamListQuery = Omit<z.output<typeof jamListQuerySchema>, 'sort'> & { sort?: JamSort };

export const featuredSchema = z.object({ featured: z.boolean({ error: 'featured must be true or false' }) });
export const advancedOptionsSchema = z.object({ mystery: z.boolean({ error: 'mystery must be true or false' }) });
export const addManagerSchema = z.object({ name: usernameSchema });

/** What the API says about a jam. `body` is null while a mystery jam hides it from this viewer. */
export const jamSchema = named(
  'Jam',
  z.object({
    id: z.int(),
    slug: z.string(),
    name: z.string(),
    description: z.string().meta({ description: 'Public even before the start.' }),
    body: z
      .string()
      .nullable()
      .meta({ description: 'Markdown: theme, rules, prize. null while mystery mode hides it from you.' }),
    bodyHidden: z.boolean(),
    imageUrl: z.string().nullable(),
    accentColor: z.string().nullable().meta({
      description: "The host's accent colour (`#rrggbb`), readable in the light, dark and flame schemes; null: the site's own.",
    }),
    bannerUrl: z.string().nullable().meta({ description: 'A banner picture for the top of the jam page; null: the cover.' }),
    startsAt: isoDateTime,
    endsAt: isoDateTime,
    status: jamStatusSchema,
    votingEndsAt: isoDateTime.nullable().meta({
      description:
        'The end of the voting period after `endsAt` (submissions close at `endsAt`); null: voting ends with submissions.',
    }),
    phase: z
      .enum(JAM_PHASES)
      .meta({ description: '`status` with the voting period: `voting` between `endsAt` and `votingEndsAt`.' }),
    resultsPublic: z.boolean().meta({
      description:
        'Votes, ranks, winners and play counts are public: voting has closed, and with `results: manual` a manager has published them.',
    }),
    results: z.enum(RESULTS_MODES).meta({
      description: 'When results go public: `automatic` when voting closes, `manual` when a manager publishes them.',
    }),
    resultsPublishedAt: isoDateTime
      .nullable()
      .meta({ description: 'When a manager published the results of a `manual` jam; null: not (yet).' }),
    hiddenEntries: z.boolean().meta({
      description: 'Entries are hidden from everyone but their team and the managers until submissions close (`endsAt`).',
    }),
    whoCanVote: z
      .enum(WHO_CAN_VOTE)
      .meta({ description: 'Who may upvote: anyone logged in, participants (joined or entered), or entrants only.' }),
    refuseOldProjects: z.boolean().meta({ description: 'Projects created on Scratch before the start are refused.' }),
    playBeforeVote: z.boolean().meta({ description: 'An upvote counts only for an entry the voter has opened.' }),
    ...jamVersionDtoFields,
    feedback: z
      .enum(FEEDBACK_MODES)
      .meta({ description: 'Feedback on entries: `notes` (notes and kudos), `kudos` (kudos only) or `off`.' }),
    judging: z
      .enum(JUDGING_MODES)
      .meta({ description: 'How entries are judged: `upvotes`, or `ratings` (1–5 stars per criterion, see `criteria`).' }),
    criteria: z.array(z.object({ id: z.int(), name: z.string() })).meta({
      description:
        "The criteria of a ratings jam, in order; the first decides the jam's own order. Ids stay when a criterion is renamed.",
    }),
    minRatings: z.int().meta({ description: 'Ratings a criterion needs before an entry is ranked on it.' }),
    questions: z.array(questionSchema).meta({
      description:
        'The questions the submit form asks (ADR 042), in order. Ids stay when a question is edited; removing one drops its answers.',
    }),
    whoJudges: z.enum(WHO_JUDGES).meta({
      description:
        "Whose votes or ratings rank the jam: `community` (anyone the voting rules let), `judges` (only the jam's accepted judges), or `both` (the community's ranking plus a separate \"Judges' choice\" ranking of the judges' votes).",
    }),
    themeRounds: z.boolean().meta({ description: 'The theme is chosen by the community (see `/api/jams/{slug}/theme`).' }),
    theme: z.string().nullable().meta({
      description: 'The theme the community chose: null until the jam starts, for everyone (and without theme rounds).',
    }),
    featured: z.boolean(),
    mystery: z.boolean(),
    entryCount: z.int(),
    participantCount: z
      .int()
      .meta({ description: 'How many people joined (submitting joins too); public, mystery mode or not.' }),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
    waiting: z
      .array(z.enum(['description', 'body']))
      .optional()
      .meta({
        description:
          'Only in the answer to an update by a manager who is not an administrator: the texts the guard held for an administrator (issue 53); the old ones show until one approves.',
      }),
  }),
);
export type JamDto = z.infer<typeof jamSchema>;

export const jamCardSchema = named('JamCard', jamSchema.omit({ body: true, bodyHidden: true }));
export type JamCardDto = z.infer<typeof jamCardSchema>;
export const jamListSchema = named('JamList', z.object({ jams: z.array(jamCardSchema), ...pageFields }));
export type JamListDto = z.infer<typeof jamListSchema>;

/** The caller's place in a jam: joined, submitted (then they cannot leave), and how many joined. */
export const participationSchema = named(
  'Participation',
  z.object({ joined: z.boolean(), submitted: z.boolean(), participantCount: z.int() }),
);
export type ParticipationDto = z.infer<typeof participationSchema>;

export const managerSchema = named('Manager', z.object({ id: z.int(), name: z.string(), addedAt: isoDateTime }));
export type ManagerDto = z.infer<typeof managerSchema>;
export const managerListSchema = named('ManagerList', z.object({ managers: z.array(managerSchema) }));
