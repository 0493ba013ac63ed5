/** Theme rounds (issue 43, ADR 043): the schedule, suggestions, the two rounds and the results. */
import { z } from 'zod';
import { isoDateSchema, isoDateTime, named } from './common';
import {
  DEFAULT_THEME_FINALISTS,
  THEME_ANSWERS,
  THEME_FINALISTS_MAX,
  THEME_FINALISTS_MIN,
  THEME_MAX,
  THEME_PHASES,
} from '#lib/themes';

export const THEME_TEXT_MESSAGE = `A theme is 1 to ${THEME_MAX} characters.`;
export const FINALISTS_MESSAGE = `finalists must be a whole number from ${THEME_FINALISTS_MIN} to ${THEME_FINALISTS_MAX}.`;
export const THEME_ANSWER_MESSAGE = 'answer must be yes, no or skip';

/** The managers' settings: `enabled: false` turns theme rounds off (the dates may then be left out). */
export const themeRoundsInputSchema = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  suggestFrom: isoDateSchema.optional(),
  round1From: isoDateSchema.optional(),
  finalFrom: isoDateSchema.optional(),
  closesAt: isoDateSchema.optional(),
  finalists: z
    .int({ error: FINALISTS_MESSAGE })
    .min(THEME_FINALISTS_MIN, FINALISTS_MESSAGE)
    .max(THEME_FINALISTS_MAX, FINALISTS_MESSAGE)
    .default(DEFAULT_THEME_FINALISTS),
});
export type ThemeRoundsInput = z.infer<typeof themeRoundsInputSchema>;

/** What a wrong theme schedule is told (the API's messages; the jam form shows the same rules in its language). */
export const THEME_SCHEDULE_MESSAGES = {
  missing: 'Theme rounds need all four dates: suggestFrom, round1From, finalFrom and closesAt.',
  order: 'The theme schedule must go in order: suggestions open, then round 1, then the final round, then voting closes.',
  beforeStart: 'Theme voting must close at or before the jam starts (startsAt).',
  startsBeforeThemeCloses:
    'The start (startsAt) cannot be before theme voting closes (themeRounds.closesAt): start later, or close theme voting earlier.',
  started: 'The jam has started: its theme is out and the theme rounds can no longer change.',
} as const;
export type ThemeScheduleRule = keyof typeof THEME_SCHEDULE_MESSAGES;
export const THEME_DATE_FIELDS = ['suggestFrom', 'round1From', 'finalFrom', 'closesAt'] as const;
export type ThemeDateField = (typeof THEME_DATE_FIELDS)[number];

/** A broken rule of a theme schedule and the date that breaks it (`startsAt`: the jam's start). */
export interface ThemeScheduleIssue {
  rule: ThemeScheduleRule;
  field: ThemeDateField | 'startsAt';
  /** 409 for `started` (the schedule is locked), else 400. */
  status: 400 | 409;
}

/**
 * The one check of a theme schedule, for `PUT …/theme/rounds`, the jam's create and PATCH, and the
 * jam form: all four dates in order, closing at or before the start, and nothing changed once the
 * jam has started (`lockedFrom`: the start as stored; null for a new jam, which has nothing to lock). `startMoved`: the
 * request moves the start and not the schedule, so a start before the close is the start's fault.
 */
export function themeScheduleIssue(
  input: Pick<ThemeRoundsInput, 'enabled' | ThemeDateField>,
  startsAt: Date,
  {
    lockedFrom = startsAt,
    now = Date.now(),
    startMoved = false,
  }: { lockedFrom?: Date | null; now?: number; startMoved?: boolean } = {},
): ThemeScheduleIssue | null {
  if (!startMoved && lockedFrom && now >= lockedFrom.getTime()) return { rule: 'started', field: 'startsAt', status: 409 };
  if (!input.enabled) return null;
  const dates = THEME_DATE_FIELDS.map((field) => input[field]);
  const missing = THEME_DATE_FIELDS.find((_, i) => !dates[i]);
  if (missing) return { rule: 'missing', field: missing, status: 400 };
  const times = dates.map((date) => date!.getTime());
  const disorder = THEME_DATE_FIELDS.find((_, i) => i > 0 && times[i]! <= times[i - 1]!);
  if (disorder) return { rule: 'order', field: disorder, status: 400 };
  if (times[3]! > startsAt.getTime()) {
    return startMoved
      ? { rule: 'startsBeforeThemeCloses', field: 'startsAt', status: 400 }
      : { rule: 'beforeStart', field: 'closesAt', status: 400 };
  }
  return null;
}

export const themeTextSchema = z.object({
  text: z.string({ error: THEME_TEXT_MESSAGE }).trim().min(1, THEME_TEXT_MESSAGE).max(THEME_MAX, THEME_TEXT_MESSAGE),
});
export const themeAnswerSchema = z.object({ answer: z.enum(THEME_ANSWERS, { error: THEME_ANSWER_MESSAGE }) });
export const themePickSchema = z.object({ suggestionId: z.int({ error: 'suggestionId must be a whole number' }).positive() });
export const themeMergeSchema = z.object({ into: z.int({ error: 'into must be a whole number' }).positive() });

const scheduleFields = {
  phase: z.enum(THEME_PHASES).meta({
    description:
      '`off`, `soon` (before suggestions open), `suggesting`, `round1` (Yes / No / Skip), `final` (one upvote among the finalists), `closed` (voting over, the theme still secret), `revealed` (the jam has started).',
  }),
  suggestFrom: isoDateTime.nullable(),
  round1From: isoDateTime.nullable(),
  finalFrom: isoDateTime.nullable(),
  closesAt: isoDateTime.nullable(),
  finalists: z.int(),
};
export const themeRoundsSchema = named('ThemeRounds', z.object(scheduleFields));
export type ThemeRoundsDto = z.infer<typeof themeRoundsSchema>;

export const themeSuggestionSchema = named(
  'ThemeSuggestion',
  z.object({
    id: z.int(),
    text: z.string().meta({ description: 'The first spelling suggested.' }),
    suggestedBy: z.string().nullable().meta({ description: 'Who suggested it first (null: the account is gone).' }),
    suggesters: z.int().meta({ description: 'How many people suggested it, however they spelt it.' }),
    createdAt: isoDateTime,
  }),
);
export type ThemeSuggestionDto = z.infer<typeof themeSuggestionSchema>;

export const themeSuggestionPageSchema = named(
  'ThemeSuggestionPage',
  z.object({ suggestions: z.array(themeSuggestionSchema), nextAfter: z.int().nullable() }),
);

const candidateSchema = named('ThemeCandidate', z.object({ id: z.int(), text: z.string() }));

/** What the caller has done and may do now. */
export const myThemeSchema = named(
  'MyTheme',
  z.object({
    ...scheduleFields,
    eligible: z.boolean().meta({ description: 'Whether the jam’s `whoCanVote` lets you suggest and vote.' }),
    suggestions: z.array(candidateSchema).meta({ description: 'Your suggestions (at most 3), as they were first spelt.' }),
    waiting: z.array(candidateSchema).meta({
      description:
        'Your suggestions the guard held for a moderator (issue 53): nobody else sees them until one approves (then they are suggestions); `id` is the held text’s.',
    }),
    next: candidateSchema
      .nullable()
      .meta({ description: 'Round 1: the suggestion to answer next (least seen first); null when none is left.' }),
    finalists: z.int(),
    candidates: z.array(candidateSchema).meta({ description: 'The final round: the finalists, in no telling order (A to Z).' }),
    pick: z.int().nullable().meta({ description: 'The final round: the finalist you upvoted.' }),
  }),
);
export type MyThemeDto = z.infer<typeof myThemeSchema>;

const resultSchema = z.object({
  id: z.int(),
  text: z.string(),
  suggestedBy: z.string().nullable(),
  yes: z.int(),
  no: z.int(),
  looks: z.int(),
  share: z.number().meta({ description: 'Yes ÷ (Yes + No), 0 without answers.' }),
  finalist: z.boolean(),
  votes: z.int().meta({ description: 'Final-round upvotes (0 for those that did not go on).' }),
});
/** Public once the jam has started: every round's results and the theme. */
export const themeResultsSchema = named(
  'ThemeResults',
  z.object({
    ...scheduleFields,
    theme: z.string().nullable().meta({ description: 'The winning theme; null before the start (never earlier, for anyone).' }),
    results: z
      .array(resultSchema)
      .meta({ description: 'Every suggestion in its final place: finalists by votes, then round-1 share, then earliest.' }),
  }),
);
export type ThemeResultsDto = z.infer<typeof themeResultsSchema>;
