import { removedCountSchema } from '#lib/schemas/common';
import { defineEndpoint, jamSlug } from '#server/http/endpoint';
import { clearVotes } from '#server/jams/jam-writes';
import { requireJam } from '#server/jams/jams';

export const DELETE = defineEndpoint({
  method: 'DELETE',
  tag: 'Jams',
  summary: 'Clear all votes of a jam',
  access: 'admin',
  params: jamSlug,
  early: ({ slug }) => requireJam(slug),
  answer: { status: 200, description: 'How many votes were removed.', schema: removedCountSchema, example: { removed: 12 } },
  errors: [401, 403, 404],
  handler: async ({ user, early }) => clearVotes(user, await early),
});
