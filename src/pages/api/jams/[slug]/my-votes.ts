import { myVotesSchema } from '#lib/schemas/entries';
import { defineEndpoint, jamSlug } from '#server/http/endpoint';
import { exampleMyVotes } from '#server/openapi/examples';
import { myVotes } from '#server/judging/votes';
import { requireJam } from '#server/jams/jams';

export const GET = defineEndpoint({
  method: 'GET',
  tag: 'Entries',
  summary: 'Your votes in a jam',
  access: 'user',
  params: jamSlug,
  early: ({ slug }) => requireJam(slug),
  answer: { status: 200, description: 'Your votes in this jam.', schema: myVotesSchema, example: exampleMyVotes },
  cache: 'private, no-store',
  errors: [401, 403, 404],
  handler: async ({ user, early }) => myVotes(user, await early),
});
