import { entryReviewBodySchema, reviewEntrySchema } from '#lib/schemas/review';
import { defineEndpoint, jamSlugAndEntryId } from '#server/http/endpoint';
import { reviewEntry } from '#server/judging/review';
import { exampleReviewEntry } from '#server/openapi/examples';
import { requireJam } from '#server/jams/jams';

export const PUT = defineEndpoint({
  method: 'PUT',
  tag: 'Entries',
  summary: "Review an entry's flags",
  description:
    '`checked`: the flags were looked at and are fine (the public chips go; managers still see them). `disqualified`: the entry stays listed but is never ranked, nor a winner or the community choice (a selected winner loses the title). `open`: back to not reviewed. Giving the verdict the entry already has changes nothing.',
  access: 'manager',
  params: jamSlugAndEntryId,
  body: { schema: entryReviewBodySchema, example: { review: 'checked' } },
  early: ({ slug }) => requireJam(slug),
  answer: { status: 200, description: 'The entry as managers see it.', schema: reviewEntrySchema, example: exampleReviewEntry },
  errors: [400, 401, 403, 404],
  handler: async ({ user, params, body, early }) => reviewEntry(user, await early, params.id, body.review),
});
