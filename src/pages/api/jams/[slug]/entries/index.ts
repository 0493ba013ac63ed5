import { removedCountSchema } from '#lib/schemas/common';
import { entryListQuerySchema, entryListSchema, entrySchema, submitEntrySchema } from '#lib/schemas/entries';
import { defineEndpoint, jamSlug } from '#server/http/endpoint';
import { listEntries, submitEntry, submitLimiter } from '#server/jams/entries';
import { clearSubmissions } from '#server/jams/jams';
import { exampleEntry, exampleEntryList } from '#server/openapi/examples';

export const GET = defineEndpoint({
  method: 'GET',
  tag: 'Entries',
  summary: 'List entries',
  description: 'While the jam runs: submission order, no vote counts. Once it has ended: ranked by votes.',
  access: 'public',
  params: jamSlug,
  query: { schema: entryListQuerySchema, notes: { page: 'Page number, from 1.', perPage: 'Entries per page, 1 to 100.' } },
  answer: { status: 200, description: 'One page of entries.', schema: entryListSchema, example: exampleEntryList },
  errors: [404],
  handler: ({ params, query }) => listEntries(params.slug, query.page, query.perPage),
});

export const POST = defineEndpoint({
  method: 'POST',
  tag: 'Entries',
  summary: 'Enter a Scratch project',
  description:
    'Only while the jam is ongoing, one entry per person, and only a shared project of your own (checked with Scratch).',
  access: 'user',
  rateLimit: { limiter: submitLimiter, per: 'user', what: 'submissions' },
  params: jamSlug,
  body: { schema: submitEntrySchema, example: { url: 'https://scratch.mit.edu/projects/900000101/' } },
  answer: { status: 201, description: 'The entry.', schema: entrySchema, example: exampleEntry },
  errors: [400, 401, 403, 404, 409, 429, 503],
  handler: ({ user, params, body }) => submitEntry(user, params.slug, body.url),
});

/** Clear all submissions (administrators). */
export const DELETE = defineEndpoint({
  method: 'DELETE',
  tag: 'Entries',
  summary: 'Clear all submissions of a jam',
  access: 'admin',
  params: jamSlug,
  answer: { status: 200, description: 'How many entries were removed.', schema: removedCountSchema, example: { removed: 3 } },
  errors: [401, 403, 404],
  handler: ({ user, params }) => clearSubmissions(user, params.slug),
});
