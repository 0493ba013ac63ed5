import { MAX_CO_CREATORS } from '#lib/teams';
import { teamSchema, inviteCoCreatorSchema } from '#lib/schemas/teams';
import { defineEndpoint, jamSlugAndEntryId, reply } from '#server/http/endpoint';
import { inviteCoCreator, readTeam } from '#server/teams/team';
import { exampleTeam } from '#server/openapi/examples';
import { requireJam } from '#server/jams/jams';
import { rateLimitOf } from '#server/http/rate-limits';

export const GET = defineEndpoint({
  method: 'GET',
  tag: 'Entries',
  summary: "Read an entry's team",
  description:
    'Its submitter and credited co-creators. The team itself (submitter and co-creators), managers of the jam and administrators also see pending invitations.',
  access: 'optional-session',
  params: jamSlugAndEntryId,
  early: ({ slug }) => requireJam(slug),
  answer: { status: 200, description: "The entry's team.", schema: teamSchema, example: exampleTeam },
  cache: 'private, no-store',
  errors: [400, 404],
  handler: async ({ user, params, early }) => readTeam(user, await early, params.id),
});

export const POST = defineEndpoint({
  method: 'POST',
  tag: 'Entries',
  summary: 'Invite a co-creator',
  description: `The entry's submitter invites someone by Scratch username (checked with Scratch when they have never logged in here), while the jam takes submissions. Up to ${MAX_CO_CREATORS} co-creators, invited and credited together; not yourself, a banned user, nor someone who already has an entry in this jam (409). They are credited once they accept. Inviting someone already invited answers 200 with the team as it is.`,
  access: 'user',
  permission: 'entry:invite-co-creator',
  rateLimit: rateLimitOf('invitations'),
  params: jamSlugAndEntryId,
  body: { schema: inviteCoCreatorSchema, example: { name: 'loop_legend' } },
  early: ({ slug }) => requireJam(slug),
  answer: {
    status: 201,
    description: "The entry's team.",
    schema: teamSchema,
    example: exampleTeam,
    also: [{ status: 200, description: "The entry's team, when this person was already invited." }],
  },
  errors: [400, 401, 403, 404, 409, 429, 502],
  handler: async ({ user, params, body, early }) => {
    const result = await inviteCoCreator(user, await early, params.id, body.name);
    return reply(result.credits, { status: result.created ? 201 : 200 });
  },
});
