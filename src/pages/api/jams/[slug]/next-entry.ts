import { nextEntrySchema } from '#lib/schemas/entries';
import { defineEndpoint, jamSlug } from '#server/http/endpoint';
import { nextEntry } from '#server/judging/plays';
import { exampleNextEntry } from '#server/openapi/examples';
import { requireJam } from '#server/jams/jams';

export const GET = defineEndpoint({
  method: 'GET',
  tag: 'Entries',
  summary: 'The entry to play next',
  description:
    'Logged in: an entry you have not played (never your own or a disqualified one), with the fewest plays; among equals, the entry whose author has played the most entries of this jam first, then the earliest submitted. Visitors: a random entry.',
  access: 'optional-session',
  params: jamSlug,
  early: ({ slug }) => requireJam(slug),
  answer: { status: 200, description: 'The entry, or null and why.', schema: nextEntrySchema, example: exampleNextEntry },
  cache: 'private, no-store',
  errors: [404],
  handler: async ({ user, early }) => nextEntry(user, await early),
});
