import { answersBodySchema, entryAnswersSchema } from '#lib/schemas/questions';
import { defineEndpoint, jamSlugAndEntryId } from '#server/http/endpoint';
import { readEntryAnswers, updateEntryAnswers } from '#server/entries/entry-answers';
import { textFilterDoc } from '#server/feedback/guard/guard-texts';
import { requireJam } from '#server/jams/jams';
import { exampleEntryAnswers } from '#server/openapi/examples';
import { rateLimitOf } from '#server/http/rate-limits';

export const GET = defineEndpoint({
  method: 'GET',
  tag: 'Entries',
  summary: "Read an entry's answers",
  description:
    "Every answer to the jam's submission questions, private ones included, and the entry's late mark (ADR 042). The entry page shows only the public answers.",
  access: 'user',
  permission: 'entry:read-answers',
  params: jamSlugAndEntryId,
  early: ({ slug }) => requireJam(slug),
  answer: { status: 200, description: 'The answers.', schema: entryAnswersSchema, example: exampleEntryAnswers },
  errors: [400, 401, 403, 404],
  handler: async ({ user, params, early }) => readEntryAnswers(user, await early, params.id),
});

export const PUT = defineEndpoint({
  method: 'PUT',
  tag: 'Entries',
  summary: "Change an entry's answers",
  description:
    "By the entry's team, while the jam takes submissions (or inside your late-submission window: the entry is then marked late). Replaces every answer: a question left out is unanswered, and a required one left out is a 400 naming it. Sending the same answers again changes nothing." +
    textFilterDoc('Text answers'),
  access: 'user',
  permission: 'entry:answer',
  rateLimit: rateLimitOf('entry-answers'),
  params: jamSlugAndEntryId,
  early: ({ slug }) => requireJam(slug),
  body: { schema: answersBodySchema, example: { answers: { '1': true, '2': 'The music is mine too.' } } },
  answer: { status: 200, description: 'The answers as stored.', schema: entryAnswersSchema, example: exampleEntryAnswers },
  errors: [400, 401, 403, 404, 409, 429],
  handler: async ({ user, params, body, early }) => updateEntryAnswers(user, await early, params.id, body.answers),
});
