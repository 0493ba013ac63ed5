import { MAX_JUDGES } from '#lib/judging';
import { addJudgeSchema, judgeListSchema } from '#lib/schemas/judges';
import { defineEndpoint, jamSlug, reply } from '#server/http/endpoint';
import { requireJam } from '#server/jams/jams';
import { inviteJudge, readJudges } from '#server/judging/judges';
import { exampleJudges } from '#server/openapi/examples';
import { rateLimitOf } from '#server/http/rate-limits';

export const GET = defineEndpoint({
  method: 'GET',
  tag: 'Judges',
  summary: "List a jam's judges",
  description:
    'Accepted judges (in the order they accepted), then pending invitations. For the jam’s managers and administrators.',
  access: 'manager',
  params: jamSlug,
  early: ({ slug }) => requireJam(slug),
  answer: { status: 200, description: 'The judges and invitations.', schema: judgeListSchema, example: exampleJudges },
  cache: 'private, no-store',
  errors: [401, 403, 404],
  handler: async ({ user, early }) => readJudges(user, await early),
});

export const POST = defineEndpoint({
  method: 'POST',
  tag: 'Judges',
  summary: 'Invite a judge',
  description: `A manager invites someone by Scratch username (checked with Scratch when they have never logged in here) until voting ends (409 after). They judge once they accept in their inbox. Up to ${MAX_JUDGES} judges, invited and accepted together (409); not a banned user (409). Inviting someone already invited answers 200 with the list as it is.`,
  access: 'manager',
  rateLimit: rateLimitOf('judge-invitations'),
  params: jamSlug,
  body: { schema: addJudgeSchema, example: { name: 'loop_legend' } },
  early: ({ slug }) => requireJam(slug),
  answer: {
    status: 201,
    description: 'The judges and invitations.',
    schema: judgeListSchema,
    example: exampleJudges,
    also: [{ status: 200, description: 'The list as it is, when this person was already invited.' }],
  },
  errors: [400, 401, 403, 404, 409, 429, 502],
  handler: async ({ user, body, early }) => {
    const result = await inviteJudge(user, await early, body.name);
    return reply(result.judges, { status: result.created ? 201 : 200 });
  },
});
