import { myThemeSchema, themePickSchema } from '#lib/schemas/themes';
import { defineEndpoint, jamSlug } from '#server/http/endpoint';
import { requireJam } from '#server/jams/jams';
import { pickTheme } from '#server/themes/theme-votes';
import { exampleMyTheme } from '#server/openapi/theme-examples';
import { rateLimitOf } from '#server/http/rate-limits';

export const PUT = defineEndpoint({
  method: 'PUT',
  tag: 'Themes',
  summary: 'Upvote a finalist',
  description:
    'The final round: your one upvote goes to this finalist (it moves from the one you picked before; the same again changes nothing). Outside the final round, or not a finalist: 409; `whoCanVote` leaves you out: 403. The theme with most upvotes wins; ties go to the better round-1 share, then the earliest suggestion.',
  access: 'user',
  rateLimit: rateLimitOf('theme-picks'),
  params: jamSlug,
  early: ({ slug }) => requireJam(slug),
  body: { schema: themePickSchema, example: { suggestionId: 12 } },
  answer: { status: 200, description: 'Your part.', schema: myThemeSchema, example: exampleMyTheme },
  errors: [400, 401, 403, 404, 409, 429],
  handler: async ({ user, body, early }) => pickTheme(user, await early, body.suggestionId),
});
