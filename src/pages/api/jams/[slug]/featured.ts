import { featuredSchema, jamSchema } from '#lib/schemas/jams';
import { defineEndpoint, jamSlug } from '#server/http/endpoint';
import { setFeatured } from '#server/jams/jam-writes';
import { exampleJam } from '#server/openapi/examples';
import { requireJam } from '#server/jams/jams';

export const PUT = defineEndpoint({
  method: 'PUT',
  tag: 'Jams',
  summary: 'Feature or unfeature a jam',
  access: 'admin',
  params: jamSlug,
  early: ({ slug }) => requireJam(slug),
  body: { schema: featuredSchema, example: { featured: true } },
  answer: { status: 200, description: 'The jam.', schema: jamSchema, example: exampleJam },
  errors: [400, 401, 403, 404],
  handler: async ({ user, body, early }) => setFeatured(user, await early, body.featured),
});
