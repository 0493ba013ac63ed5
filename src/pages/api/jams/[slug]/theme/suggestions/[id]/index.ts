import { removedCountSchema } from '#lib/schemas/common';
import { defineEndpoint, jamSlugAndSuggestionId } from '#server/http/endpoint';
import { requireJam } from '#server/jams/jams';
import { removeSuggestion } from '#server/themes/theme-suggestions';

export const DELETE = defineEndpoint({
  method: 'DELETE',
  tag: 'Themes',
  summary: 'Remove a theme suggestion',
  description: 'Managers, until the final round opens (then 409): the suggestion goes with its round-1 answers.',
  access: 'manager',
  params: jamSlugAndSuggestionId,
  early: ({ slug }) => requireJam(slug),
  answer: { status: 200, description: 'How many were removed.', schema: removedCountSchema, example: { removed: 1 } },
  errors: [401, 403, 404, 409],
  handler: async ({ user, params, early }) => removeSuggestion(user, await early, params.id),
});
