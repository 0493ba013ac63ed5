import { jamSchema } from '#lib/schemas/jams';
import { defineEndpoint, jamSlug } from '#server/http/endpoint';
import { requireJam } from '#server/jams/jams';
import { publishResults } from '#server/judging/publish';
import { exampleJam } from '#server/openapi/examples';

export const PUT = defineEndpoint({
  method: 'PUT',
  tag: 'Jams',
  summary: 'Publish the results',
  description:
    'For a jam with `results: manual`, once voting has ended: ranks, winners and counts go public and the inbox tells the participants. Publishing twice is harmless (the first moment stays).',
  access: 'user',
  permission: 'jam:publish-results',
  params: jamSlug,
  early: ({ slug }) => requireJam(slug),
  answer: {
    status: 200,
    description: 'The jam, with `resultsPublic` and `resultsPublishedAt`.',
    schema: jamSchema,
    example: { ...exampleJam, results: 'manual', resultsPublishedAt: '2025-03-10T18:00:00.000Z' },
  },
  errors: [401, 403, 404, 409],
  handler: async ({ user, early }) => publishResults(user, await early),
});
