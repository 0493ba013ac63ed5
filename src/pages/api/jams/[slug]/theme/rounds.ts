import { themeRoundsInputSchema, themeRoundsSchema } from '#lib/schemas/themes';
import { defineEndpoint, jamSlug } from '#server/http/endpoint';
import { requireJam } from '#server/jams/jams';
import { setThemeRounds } from '#server/themes/theme-rounds';
import { exampleThemeRounds } from '#server/openapi/theme-examples';

export const PUT = defineEndpoint({
  method: 'PUT',
  tag: 'Themes',
  summary: 'Set the theme rounds',
  description:
    'Managers: "Theme chosen by the community". With `enabled: true` all four dates are needed, in order (`suggestFrom` < `round1From` < `finalFrom` < `closesAt` ≤ the jam’s `startsAt`), else 400; `finalists` (2–64, default 16) go from round 1 to the final round. `enabled: false` turns the rounds off. After the start: 409.',
  access: 'manager',
  params: jamSlug,
  early: ({ slug }) => requireJam(slug),
  body: {
    schema: themeRoundsInputSchema,
    example: {
      enabled: true,
      suggestFrom: '2026-06-01T00:00:00Z',
      round1From: '2026-06-08T00:00:00Z',
      finalFrom: '2026-06-12T00:00:00Z',
      closesAt: '2026-06-14T00:00:00Z',
      finalists: 16,
    },
  },
  answer: { status: 200, description: 'The schedule.', schema: themeRoundsSchema, example: exampleThemeRounds },
  errors: [400, 401, 403, 404, 409],
  handler: async ({ user, body, early }) => setThemeRounds(user, await early, body),
});
