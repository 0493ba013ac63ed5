import { kudosSchema } from '#lib/schemas/kudos';
import { defineEndpoint, jamSlugAndEntryId } from '#server/http/endpoint';
import { readKudos } from '#server/feedback/kudos';
import { exampleKudos } from '#server/openapi/examples';
import { requireJam } from '#server/jams/jams';

export const GET = defineEndpoint({
  method: 'GET',
  tag: 'Feedback',
  summary: "Read an entry's kudos",
  description: 'How many people gave each sticker, and (logged in) which ones you gave.',
  access: 'optional-session',
  params: jamSlugAndEntryId,
  early: ({ slug }) => requireJam(slug),
  answer: { status: 200, description: "The entry's kudos.", schema: kudosSchema, example: exampleKudos },
  errors: [400, 404],
  handler: async ({ user, params, early }) => readKudos(user, await early, params.id),
});
