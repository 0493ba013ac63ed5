import { entryDetailSchema } from '#lib/schemas/entries';
import { defineEndpoint, jamSlugAndEntryId } from '#server/http/endpoint';
import { exampleEntryDetail } from '#server/openapi/examples';
import { refreshEntry } from '#server/entries/entries';
import { requireJam } from '#server/jams/jams';
import { rateLimitOf } from '#server/http/rate-limits';

export const POST = defineEndpoint({
  method: 'POST',
  tag: 'Entries',
  summary: 'Refresh an entry from Scratch',
  description:
    'Fetches the project again from Scratch: its title, thumbnail, Instructions and Notes and Credits. By its submitter, a manager of the jam or an administrator; refreshing twice is harmless.',
  access: 'user',
  permission: 'entry:refresh',
  rateLimit: rateLimitOf('refreshes'),
  params: jamSlugAndEntryId,
  early: ({ slug }) => requireJam(slug),
  answer: { status: 200, description: 'The refreshed entry.', schema: entryDetailSchema, example: exampleEntryDetail },
  errors: [400, 401, 403, 404, 429, 502],
  handler: async ({ user, params, early }) => refreshEntry(user, await early, params.id),
});
