import { VOTE_LIMIT, myVotesSchema } from '#lib/schemas/entries';
import { defineEndpoint, jamSlugAndEntryId } from '#server/http/endpoint';
import { exampleMyVotes } from '#server/openapi/examples';
import { castVote, takeBackVote } from '#server/judging/votes';
import { requireJam } from '#server/jams/jams';
import { rateLimitOf } from '#server/http/rate-limits';

/** Casting and taking back share one per-user rate limit. */
const votes = rateLimitOf('votes');

export const PUT = defineEndpoint({
  method: 'PUT',
  tag: 'Entries',
  summary: 'Upvote an entry',
  description: `While voting is open: while the jam runs, and until \`votingEndsAt\` when it has a voting period. At most ${VOTE_LIMIT} votes per person per jam, never for your own project nor a disqualified one. The jam's \`whoCanVote\` may ask you to have joined or entered it (403), and \`playBeforeVote\` to have opened the entry's player first (403). Voting twice is harmless.`,
  access: 'user',
  permission: 'entry:vote',
  rateLimit: votes,
  params: jamSlugAndEntryId,
  early: ({ slug }) => requireJam(slug),
  answer: { status: 200, description: 'Your votes in this jam.', schema: myVotesSchema, example: exampleMyVotes },
  errors: [400, 401, 403, 404, 409, 429],
  handler: async ({ user, params, early }) => castVote(user, await early, params.id),
});

export const DELETE = defineEndpoint({
  method: 'DELETE',
  tag: 'Entries',
  summary: 'Take back an upvote',
  access: 'user',
  rateLimit: votes,
  params: jamSlugAndEntryId,
  early: ({ slug }) => requireJam(slug),
  answer: {
    status: 200,
    description: 'Your votes in this jam.',
    schema: myVotesSchema,
    example: { ...exampleMyVotes, used: 0, remaining: 3, entryIds: [] },
  },
  errors: [400, 401, 403, 404, 409, 429],
  handler: async ({ user, params, early }) => takeBackVote(user, await early, params.id),
});
