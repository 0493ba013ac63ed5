import { REVIEW_PAGE_SIZE, reviewListQuerySchema, reviewListSchema } from '#lib/schemas/review';
import { defineEndpoint, jamSlug } from '#server/http/endpoint';
import { requireJam } from '#server/jams/jams';
import { checkEntriesAfterEnd, listReview } from '#server/judging/review';
import { exampleReviewList } from '#server/openapi/examples';

/** Fair judging: every entry with its flags and verdict, flagged ones waiting for a verdict first. */
export const GET = defineEndpoint({
  method: 'GET',
  tag: 'Entries',
  summary: 'Review list of flagged entries',
  description:
    "For the jam's managers and administrators: every entry with all its flags (also those marked checked), its verdict, who gave it and when, when its Scratch history was last read, and its play count. Flagged entries nobody reviewed come first, then the other flagged ones, then the rest.",
  access: 'manager',
  params: jamSlug,
  early: ({ slug }) => requireJam(slug),
  query: {
    schema: reviewListQuerySchema,
    notes: { page: 'Page number, from 1.', perPage: `Entries per page, 1 to 100 (default ${REVIEW_PAGE_SIZE}).` },
  },
  answer: { status: 200, description: 'One page of the review list.', schema: reviewListSchema, example: exampleReviewList },
  cache: 'private, no-store',
  errors: [401, 403, 404],
  handler: async ({ ctx, user, query, early }) => {
    const jam = await early;
    const list = await listReview(user, jam, query);
    checkEntriesAfterEnd(jam, ctx.locals);
    return list;
  },
});
