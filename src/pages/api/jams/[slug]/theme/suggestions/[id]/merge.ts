import { themeMergeSchema, themeSuggestionSchema } from '#lib/schemas/themes';
import { defineEndpoint, jamSlugAndSuggestionId } from '#server/http/endpoint';
import { requireJam } from '#server/jams/jams';
import { mergeSuggestion } from '#server/themes/theme-suggestions';
import { exampleSuggestionPage } from '#server/openapi/theme-examples';

export const POST = defineEndpoint({
  method: 'POST',
  tag: 'Themes',
  summary: 'Merge a theme suggestion into another',
  description:
    'Managers, until the final round opens (then 409): the suggestion’s suggesters and round-1 answers move to `into` (a person’s answer there stays) and it goes.',
  access: 'manager',
  params: jamSlugAndSuggestionId,
  early: ({ slug }) => requireJam(slug),
  body: { schema: themeMergeSchema, example: { into: 12 } },
  answer: {
    status: 200,
    description: 'The suggestion kept.',
    schema: themeSuggestionSchema,
    example: exampleSuggestionPage.suggestions[0]!,
  },
  errors: [400, 401, 403, 404, 409],
  handler: async ({ user, params, body, early }) => mergeSuggestion(user, await early, params.id, body.into),
});
