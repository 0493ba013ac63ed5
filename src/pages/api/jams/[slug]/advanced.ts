import { advancedOptionsSchema, jamSchema } from '#lib/schemas/jams';
import { defineEndpoint, jamSlug } from '#server/http/endpoint';
import { setAdvancedOptions } from '#server/jams/jam-writes';
import { exampleJam } from '#server/openapi/examples';
import { requireJam } from '#server/jams/jams';

export const PUT = defineEndpoint({
  method: 'PUT',
  tag: 'Jams',
  summary: 'Set advanced options (mystery mode)',
  access: 'admin',
  params: jamSlug,
  early: ({ slug }) => requireJam(slug),
  body: { schema: advancedOptionsSchema, example: { mystery: true } },
  answer: { status: 200, description: 'The jam.', schema: jamSchema, example: { ...exampleJam, mystery: true } },
  errors: [400, 401, 403, 404],
  handler: async ({ user, body, early }) => setAdvancedOptions(user, await early, body),
});
