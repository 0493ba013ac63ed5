import { myThemeSchema } from '#lib/schemas/themes';
import { defineEndpoint, jamSlug } from '#server/http/endpoint';
import { requireJam } from '#server/jams/jams';
import { myTheme } from '#server/themes/theme-mine';
import { exampleMyTheme } from '#server/openapi/theme-examples';

export const GET = defineEndpoint({
  method: 'GET',
  tag: 'Themes',
  summary: 'Your part in the theme rounds',
  description:
    'Your suggestions, round 1’s next suggestion for you (the least seen you have not answered), the finalists during the final round and your upvote. Never the standings.',
  access: 'user',
  params: jamSlug,
  early: ({ slug }) => requireJam(slug),
  answer: { status: 200, description: 'Your part.', schema: myThemeSchema, example: exampleMyTheme },
  errors: [401, 403, 404],
  handler: async ({ user, early }) => myTheme(user, await early),
});
