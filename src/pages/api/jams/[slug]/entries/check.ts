import { CHECK_BATCH_SIZE, entryCheckSchema } from '#lib/schemas/review';
import { defineEndpoint, jamSlug } from '#server/http/endpoint';
import { CHECK_CONCURRENCY, checkEntriesNow } from '#server/judging/review';
import { exampleEntryCheck } from '#server/openapi/examples';
import { requireJam } from '#server/jams/jams';
import { rateLimitOf } from '#server/http/rate-limits';

export const POST = defineEndpoint({
  method: 'POST',
  tag: 'Entries',
  summary: 'Check entries now',
  description: `Reads the Scratch history (created, modified, shared, remix) of up to ${CHECK_BATCH_SIZE} entries again, those read longest ago first, at most ${CHECK_CONCURRENCY} requests to Scratch at once; entries read in the last minute wait. Call again while \`left\` is above 0. A project Scratch no longer has keeps its entry as it was and is listed in \`missing\`.`,
  access: 'manager',
  rateLimit: rateLimitOf('entry-checks'),
  params: jamSlug,
  early: ({ slug }) => requireJam(slug),
  answer: { status: 200, description: 'What this call checked.', schema: entryCheckSchema, example: exampleEntryCheck },
  errors: [401, 403, 404, 429, 502],
  handler: async ({ user, early }) => checkEntriesNow(user, await early),
});
