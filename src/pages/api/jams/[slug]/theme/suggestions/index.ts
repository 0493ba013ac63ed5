import { z } from 'zod';
import { myThemeSchema, themeSuggestionPageSchema, themeTextSchema } from '#lib/schemas/themes';
import { defineEndpoint, jamSlug } from '#server/http/endpoint';
import { requireJam } from '#server/jams/jams';
import { textFilterDoc } from '#server/feedback/guard/guard-texts';
import { listSuggestions, suggestTheme } from '#server/themes/theme-suggestions';
import { exampleMyTheme, exampleSuggestionPage } from '#server/openapi/theme-examples';
import { rateLimitOf } from '#server/http/rate-limits';

export const GET = defineEndpoint({
  method: 'GET',
  tag: 'Themes',
  summary: 'List theme suggestions',
  description: 'Managers: every suggestion, oldest first, 50 a page; pass `nextAfter` back as `after` for the next page.',
  access: 'manager',
  params: jamSlug,
  query: {
    schema: z.object({ after: z.coerce.number().int().positive().optional() }),
    notes: { after: 'The last id of the previous page.' },
  },
  early: ({ slug }) => requireJam(slug),
  answer: {
    status: 200,
    description: 'A page of suggestions.',
    schema: themeSuggestionPageSchema,
    example: exampleSuggestionPage,
  },
  errors: [400, 401, 403, 404],
  handler: async ({ user, query, early }) => listSuggestions(user, await early, query.after ?? null),
});

export const POST = defineEndpoint({
  method: 'POST',
  tag: 'Themes',
  summary: 'Suggest a theme',
  description:
    'While suggestions are open, for those `whoCanVote` lets in (else 403): up to 3 themes each (409 after), 1–40 characters. The same theme spelt differently (case, spaces, accents, a plural "s", a leading "a", "an" or "the") is one suggestion: yours then counts as that one, shown as first spelt. Suggesting one of yours again changes nothing. Suggestions are never public.' +
    textFilterDoc('`text`'),
  access: 'user',
  rateLimit: rateLimitOf('theme-suggestions'),
  params: jamSlug,
  early: ({ slug }) => requireJam(slug),
  body: { schema: themeTextSchema, example: { text: 'Tiny worlds' } },
  answer: { status: 201, description: 'Your part, with your suggestions.', schema: myThemeSchema, example: exampleMyTheme },
  errors: [400, 401, 403, 404, 409, 429],
  handler: async ({ user, body, early }) => suggestTheme(user, await early, body.text),
});
