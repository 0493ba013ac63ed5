import { themeResultsSchema } from '#lib/schemas/themes';
import { defineEndpoint, jamSlug } from '#server/http/endpoint';
import { requireJam } from '#server/jams/jams';
import { themeResults } from '#server/themes/theme-results';
import { exampleThemeResults } from '#server/openapi/theme-examples';

export const GET = defineEndpoint({
  method: 'GET',
  tag: 'Themes',
  summary: 'Read the theme and its results',
  description:
    'The schedule of the theme rounds always; the winning `theme` and every round’s results only once the jam has started (before: `theme` null and no results, for everyone, managers too).',
  access: 'public',
  params: jamSlug,
  early: ({ slug }) => requireJam(slug),
  answer: { status: 200, description: 'The theme rounds.', schema: themeResultsSchema, example: exampleThemeResults },
  errors: [404],
  handler: async ({ early }) => themeResults(await early),
});
