import { STARS_MAX } from '#lib/judging';
import { myVotesSchema, ratingSchema } from '#lib/schemas/entries';
import { defineEndpoint, jamSlugAndEntryId } from '#server/http/endpoint';
import { exampleMyRatings } from '#server/openapi/examples';
import { rateEntry, withdrawRating } from '#server/judging/ratings';
import { requireJam } from '#server/jams/jams';
import { rateLimitOf } from '#server/http/rate-limits';

/** Rating shares the per-user limit of upvotes: a jam is judged one way or the other. */
const votes = rateLimitOf('ratings');

export const PUT = defineEndpoint({
  method: 'PUT',
  tag: 'Entries',
  summary: 'Rate an entry',
  description: `In a jam with \`judging: ratings\`, while voting is open: 1–${STARS_MAX} stars per criterion (\`stars\` names criteria by their ids in the jam's \`criteria\`). Criteria you leave out keep the stars you gave them; sending the same stars again changes nothing. The rules of upvotes apply: never your own or your team's project nor a disqualified one (403, 409), \`whoCanVote\` and \`playBeforeVote\` (403). On an upvotes jam: 409. Only you see your stars; the results per criterion are public once voting has closed.`,
  access: 'user',
  permission: 'entry:vote',
  rateLimit: votes,
  params: jamSlugAndEntryId,
  early: ({ slug }) => requireJam(slug),
  body: { schema: ratingSchema, example: { stars: { '1': 4, '2': 5 } } },
  answer: { status: 200, description: 'Your votes and ratings in this jam.', schema: myVotesSchema, example: exampleMyRatings },
  errors: [400, 401, 403, 404, 409, 429],
  handler: async ({ user, params, body, early }) => rateEntry(user, await early, params.id, body),
});

export const DELETE = defineEndpoint({
  method: 'DELETE',
  tag: 'Entries',
  summary: 'Take back a rating',
  description: 'Takes back all your stars for this entry (harmless when you gave none). On an upvotes jam: 409.',
  access: 'user',
  rateLimit: votes,
  params: jamSlugAndEntryId,
  early: ({ slug }) => requireJam(slug),
  answer: {
    status: 200,
    description: 'Your votes and ratings in this jam.',
    schema: myVotesSchema,
    example: { ...exampleMyRatings, ratings: [] },
  },
  errors: [400, 401, 403, 404, 409, 429],
  handler: async ({ user, params, early }) => withdrawRating(user, await early, params.id),
});
