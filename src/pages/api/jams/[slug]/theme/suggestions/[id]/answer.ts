import { myThemeSchema, themeAnswerSchema } from '#lib/schemas/themes';
import { defineEndpoint, jamSlugAndSuggestionId } from '#server/http/endpoint';
import { requireJam } from '#server/jams/jams';
import { answerTheme } from '#server/themes/theme-votes';
import { exampleMyTheme } from '#server/openapi/theme-examples';
import { rateLimitOf } from '#server/http/rate-limits';

export const PUT = defineEndpoint({
  method: 'PUT',
  tag: 'Themes',
  summary: 'Answer a suggestion in round 1',
  description:
    'Round 1: `yes`, `no` or `skip` (answering again replaces your answer). The answer carries your next suggestion (`next`). Outside round 1: 409; `whoCanVote` leaves you out: 403. The finalists are the top `finalists` by share of Yes.',
  access: 'user',
  rateLimit: rateLimitOf('theme-answers'),
  params: jamSlugAndSuggestionId,
  early: ({ slug }) => requireJam(slug),
  body: { schema: themeAnswerSchema, example: { answer: 'yes' } },
  answer: { status: 200, description: 'Your part, with the next suggestion.', schema: myThemeSchema, example: exampleMyTheme },
  errors: [400, 401, 403, 404, 409, 429],
  handler: async ({ user, params, body, early }) => answerTheme(user, await early, params.id, body.answer),
});
