import { invitationListSchema } from '#lib/schemas/teams';
import { defineEndpoint } from '#server/http/endpoint';
import { myInvitations } from '#server/teams/invitations';
import { exampleInvitations } from '#server/openapi/examples';

export const GET = defineEndpoint({
  method: 'GET',
  tag: 'Account',
  summary: 'Your team invitations',
  description: 'Pending invitations to be credited as a co-creator, newest first, in jams still taking submissions.',
  access: 'user',
  answer: { status: 200, description: 'Your pending invitations.', schema: invitationListSchema, example: exampleInvitations },
  cache: 'private, no-store',
  errors: [401, 403],
  handler: ({ user }) => myInvitations(user),
});
