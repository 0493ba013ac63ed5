import { JUDGE_FEEDBACK_MAX } from '#lib/judging';
import { judgeFeedbackInputSchema, judgeFeedbackListSchema } from '#lib/schemas/judges';
import { defineEndpoint, jamSlugAndEntryId } from '#server/http/endpoint';
import { textFilterDoc } from '#server/feedback/guard/guard-texts';
import { requireJam } from '#server/jams/jams';
import { deleteJudgeFeedback, putJudgeFeedback, readJudgeFeedback } from '#server/judging/judge-feedback';
import { exampleJudgeFeedback } from '#server/openapi/examples';
import { rateLimitOf } from '#server/http/rate-limits';

/** Feedback shares the per-user limit of notes: both are texts a person writes for others. */
const notes = rateLimitOf('judge-feedback');

export const GET = defineEndpoint({
  method: 'GET',
  tag: 'Judges',
  summary: "Read the judges' private feedback on an entry",
  description:
    'All of it for the entry’s team (submitter and credited co-creators) and the jam’s managers; a judge reads their own. Anyone else: 403. Never cached.',
  access: 'user',
  permission: 'entry:read-judge-feedback',
  params: jamSlugAndEntryId,
  early: ({ slug }) => requireJam(slug),
  answer: {
    status: 200,
    description: 'The feedback you may read.',
    schema: judgeFeedbackListSchema,
    example: exampleJudgeFeedback,
  },
  cache: 'private, no-store',
  errors: [400, 401, 403, 404],
  handler: async ({ user, params, early }) => readJudgeFeedback(user, await early, params.id),
});

export const PUT = defineEndpoint({
  method: 'PUT',
  tag: 'Judges',
  summary: 'Leave private feedback on an entry',
  description:
    `An accepted judge of the jam, while voting is open (409 after), never on their own or their team’s entry (403): one text per judge and entry, up to ${JUDGE_FEEDBACK_MAX} characters. Sending it again replaces it; the same text changes nothing. The entry’s team is told in their inbox once.` +
    textFilterDoc('`text` must'),
  access: 'user',
  permission: 'entry:write-judge-feedback',
  rateLimit: notes,
  params: jamSlugAndEntryId,
  early: ({ slug }) => requireJam(slug),
  body: { schema: judgeFeedbackInputSchema, example: { text: 'The jumping feels great. Try a sound when the cat lands!' } },
  answer: {
    status: 200,
    description: 'The feedback you may read on this entry.',
    schema: judgeFeedbackListSchema,
    example: exampleJudgeFeedback,
  },
  errors: [400, 401, 403, 404, 409, 429],
  handler: async ({ user, params, body, early }) => putJudgeFeedback(user, await early, params.id, body.text),
});

export const DELETE = defineEndpoint({
  method: 'DELETE',
  tag: 'Judges',
  summary: 'Take back your private feedback on an entry',
  description: 'Harmless when you left none. Judges only, while voting is open.',
  access: 'user',
  permission: 'entry:write-judge-feedback',
  rateLimit: notes,
  params: jamSlugAndEntryId,
  early: ({ slug }) => requireJam(slug),
  answer: {
    status: 200,
    description: 'The feedback you may read on this entry.',
    schema: judgeFeedbackListSchema,
    example: { feedback: [], canWrite: true },
  },
  errors: [400, 401, 403, 404, 409, 429],
  handler: async ({ user, params, early }) => deleteJudgeFeedback(user, await early, params.id),
});
