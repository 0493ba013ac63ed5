import { filterWordsSchema } from '#lib/schemas/notes';
import { defineEndpoint } from '#server/http/endpoint';
import { listWords } from '#server/feedback/words';
import { exampleFilterWords } from '#server/openapi/examples';

export const GET = defineEndpoint({
  method: 'GET',
  tag: 'Moderation',
  summary: 'List the note filter’s own words',
  description:
    'The words administrators added to the note filter, on top of the maintained list of the `obscenity` package (which is not listed). Administrators only.',
  access: 'admin',
  answer: { status: 200, description: 'The words, A to Z.', schema: filterWordsSchema, example: exampleFilterWords },
  cache: 'private, no-store',
  errors: [401, 403],
  handler: ({ user }) => listWords(user),
});
