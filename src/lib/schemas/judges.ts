/** Judges (issue 42 §2, ADR 040): a jam's judges, their invitations and their private feedback, as the API and the islands see them. */
import { z } from 'zod';
import { JUDGE_FEEDBACK_MAX, MAX_JUDGES, WHO_JUDGES } from '#lib/judging';
import { TEAM_MEMBER_STATUSES } from '#lib/teams';
import { isoDateTime, named, usernameSchema } from './common';

export const addJudgeSchema = z.object({ name: usernameSchema });
export type AddJudgeInput = z.input<typeof addJudgeSchema>;

export const judgeSchema = named(
  'Judge',
  z.object({
    name: z.string().meta({ description: 'Their Scratch username.' }),
    avatar: z.string().meta({ description: 'Where their Scratch picture is served from (this site’s picture proxy).' }),
    status: z.enum(TEAM_MEMBER_STATUSES).meta({ description: '`invited` until they accept in their inbox, then `accepted`.' }),
    invitedAt: isoDateTime,
    acceptedAt: isoDateTime.nullable(),
  }),
);
export type JudgeDto = z.infer<typeof judgeSchema>;

export const judgeListSchema = named(
  'JudgeList',
  z.object({
    judges: z
      .array(judgeSchema)
      .meta({ description: 'Accepted judges first (in the order they accepted), then pending invitations.' }),
    max: z.int().meta({ description: `Judges per jam, invited and accepted together (${MAX_JUDGES}).` }),
    whoJudges: z.enum(WHO_JUDGES).meta({ description: "Whose votes rank the jam (the jam's `whoJudges`)." }),
  }),
);
export type JudgeListDto = z.infer<typeof judgeListSchema>;

export const judgeInvitationSchema = named(
  'JudgeInvitation',
  z.object({
    jam: z.object({ slug: z.string(), name: z.string() }),
    invitedBy: z.string().nullable().meta({ description: 'The manager who invited you; null if their account is gone.' }),
    invitedAt: isoDateTime,
  }),
);
export type JudgeInvitationDto = z.infer<typeof judgeInvitationSchema>;

export const judgeInvitationListSchema = named(
  'JudgeInvitationList',
  z.object({
    invitations: z
      .array(judgeInvitationSchema)
      .meta({ description: 'Your pending invitations to judge, newest first, in jams whose voting has not ended.' }),
  }),
);
export type JudgeInvitationListDto = z.infer<typeof judgeInvitationListSchema>;

export const JUDGE_FEEDBACK_EMPTY_MESSAGE = 'Write some feedback first.';
export const JUDGE_FEEDBACK_TOO_LONG_MESSAGE = `Feedback can be at most ${JUDGE_FEEDBACK_MAX} characters.`;

export const judgeFeedbackInputSchema = z.object({
  text: z
    .string({ error: JUDGE_FEEDBACK_EMPTY_MESSAGE })
    .trim()
    .min(1, JUDGE_FEEDBACK_EMPTY_MESSAGE)
    .max(JUDGE_FEEDBACK_MAX, JUDGE_FEEDBACK_TOO_LONG_MESSAGE),
});
export type JudgeFeedbackInput = z.input<typeof judgeFeedbackInputSchema>;

export const judgeFeedbackSchema = named(
  'JudgeFeedback',
  z.object({
    entryId: z.int(),
    judge: z.object({ name: z.string(), avatar: z.string() }),
    text: z.string(),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
    mine: z.boolean().meta({ description: 'Whether you wrote it (you may change or delete it).' }),
  }),
);
export type JudgeFeedbackDto = z.infer<typeof judgeFeedbackSchema>;

export const judgeFeedbackListSchema = named(
  'JudgeFeedbackList',
  z.object({
    feedback: z.array(judgeFeedbackSchema).meta({
      description:
        "The judges' private feedback on the entry, oldest first: all of it for the entry's team and the jam's managers, a judge's own for a judge.",
    }),
    canWrite: z.boolean().meta({ description: 'Whether you may leave feedback here (an accepted judge, not on its team).' }),
  }),
);
export type JudgeFeedbackListDto = z.infer<typeof judgeFeedbackListSchema>;
