/** Submission questions and late-submission windows (issue 42 §4, ADR 042). */
import { z } from 'zod';
import {
  CHOICES_MAX,
  CHOICES_MIN,
  CHOICE_MAX,
  QUESTIONS_MAX,
  QUESTION_KINDS,
  QUESTION_PROMPT_MAX,
  TEXT_ANSWER_MAX,
} from '#lib/questions';
import { REQUIRED_MESSAGE, isoDateSchema, isoDateTime, named } from './common';

export const QUESTIONS_COUNT_MESSAGE = `A jam asks at most ${QUESTIONS_MAX} questions.`;
export const CHOICES_COUNT_MESSAGE = `A choice question offers ${CHOICES_MIN} to ${CHOICES_MAX} choices.`;
export const QUESTION_KIND_MESSAGE = 'kind must be text, yesno or choice';

const text = (max: number) =>
  z.string({ error: REQUIRED_MESSAGE }).trim().min(1, REQUIRED_MESSAGE).max(max, `At most ${max} characters.`);

/** A question as the jam form sends it: a kept one with its `id` (its answers stay), a new one without. */
export const questionInputSchema = z
  .object({
    id: z.int().positive().optional(),
    kind: z.enum(QUESTION_KINDS, { error: QUESTION_KIND_MESSAGE }),
    prompt: text(QUESTION_PROMPT_MAX),
    choices: z.array(text(CHOICE_MAX)).max(CHOICES_MAX, CHOICES_COUNT_MESSAGE).default([]),
    required: z.boolean({ error: 'required must be true or false' }).default(false),
    private: z.boolean({ error: 'private must be true or false' }).default(false),
  })
  .refine((q) => q.kind !== 'choice' || q.choices.length >= CHOICES_MIN, { message: CHOICES_COUNT_MESSAGE, path: ['choices'] })
  .refine((q) => new Set(q.choices.map((c) => c.toLowerCase())).size === q.choices.length, {
    message: 'Two choices are the same.',
    path: ['choices'],
  })
  .transform((q) => ({ ...q, choices: q.kind === 'choice' ? q.choices : [] }));
export type QuestionInput = z.output<typeof questionInputSchema>;

export const questionsSchema = z
  .array(questionInputSchema, { error: 'questions must be a list of { kind, prompt }' })
  .max(QUESTIONS_MAX, QUESTIONS_COUNT_MESSAGE)
  .refine(
    (list) => list.every((q, i) => q.id === undefined || list.findIndex((d) => d.id === q.id) === i),
    'Two questions have the same id.',
  );

export const questionSchema = named(
  'SubmissionQuestion',
  z.object({
    id: z.int().meta({ description: 'Stable: a question sent back with its id keeps its answers.' }),
    kind: z
      .enum(QUESTION_KINDS)
      .meta({ description: '`text` (short text), `yesno` (a checkbox) or `choice` (one of `choices`).' }),
    prompt: z.string(),
    choices: z.array(z.string()).meta({ description: 'The choices of a `choice` question; empty otherwise.' }),
    required: z.boolean().meta({ description: 'Submitting needs an answer (a required `yesno` must be ticked).' }),
    private: z.boolean().meta({ description: "Answers only the jam's managers and the entry's team read." }),
  }),
);

/** Answers by question id: text for `text` and `choice` (up to 200 characters), true/false for `yesno`. */
export const answersInputSchema = z
  .record(
    z.string().regex(/^[1-9][0-9]{0,8}$/, 'Questions are named by their ids.'),
    z.union([z.string().max(TEXT_ANSWER_MAX * 2, `At most ${TEXT_ANSWER_MAX} characters.`), z.boolean(), z.null()], {
      error: 'An answer is text, or true/false for a yes/no question.',
    }),
    { error: 'answers must be an object of question ids and answers' },
  )
  .meta({ description: 'Answers by question id: text for `text` and `choice`, true/false for `yesno`.' });

export const answersBodySchema = z.object({ answers: answersInputSchema });

export const answerSchema = named(
  'SubmissionAnswer',
  z.object({
    questionId: z.int(),
    prompt: z.string(),
    kind: z.enum(QUESTION_KINDS),
    answer: z.union([z.string(), z.boolean()]),
    private: z.boolean().meta({ description: "Private answers reach only the jam's managers and the entry's team." }),
  }),
);
export type AnswerDto = z.infer<typeof answerSchema>;

export const entryAnswersSchema = named(
  'EntryAnswers',
  z.object({
    entryId: z.int(),
    answers: z.array(answerSchema).meta({ description: 'Every answer, private ones included, in the order of the questions.' }),
    late: z.boolean().meta({ description: 'Submitted or changed after the end through a late-submission window.' }),
    waiting: z.record(z.string(), z.string()).meta({
      description:
        'Your text answers the guard held for a moderator (issue 53), by question id: nobody else sees them until one approves (the answer they replace shows meanwhile).',
    }),
  }),
);
export type EntryAnswersDto = z.infer<typeof entryAnswersSchema>;

export const lateGrantBodySchema = z.object({
  until: isoDateSchema.meta({
    description: 'When the window closes: after the end, at most 24 hours after it, before voting ends.',
  }),
});

export const lateGrantSchema = named(
  'LateSubmission',
  z.object({
    name: z.string().meta({ description: 'The Scratcher the window is for.' }),
    until: isoDateTime,
    grantedBy: z.string().nullable(),
    grantedAt: isoDateTime,
    entryId: z.int().nullable().meta({ description: 'Their entry in this jam, once they submitted.' }),
  }),
);
export type LateGrantDto = z.infer<typeof lateGrantSchema>;
export const lateGrantListSchema = named('LateSubmissionList', z.object({ grants: z.array(lateGrantSchema) }));
export type LateGrantListDto = z.infer<typeof lateGrantListSchema>;
