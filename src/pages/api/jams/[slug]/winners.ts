import { winnersSchema } from '#lib/schemas/entries';
import { defineEndpoint, jamSlug } from '#server/http/endpoint';
import { exampleWinners } from '#server/openapi/examples';
import { readWinners } from '#server/judging/winners';
import { requireJam } from '#server/jams/jams';

export const GET = defineEndpoint({
  method: 'GET',
  tag: 'Entries',
  summary: 'Winners of a jam',
  description: "The managers' winner, and the community's choice (most upvotes) once the jam has ended.",
  access: 'public',
  params: jamSlug,
  early: ({ slug }) => requireJam(slug),
  answer: { status: 200, description: 'The winners (null when none yet).', schema: winnersSchema, example: exampleWinners },
  errors: [404],
  handler: async ({ early }) => readWinners(await early),
});
