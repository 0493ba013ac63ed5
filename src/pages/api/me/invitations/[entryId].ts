import { invitationListSchema } from '#lib/schemas/teams';
import { entryIdSchema } from '#lib/schemas/entries';
import { defineEndpoint, param } from '#server/http/endpoint';
import { notFound } from '#server/platform/errors';
import { NO_INVITATION_MESSAGE } from '#server/teams/memberships';
import { acceptInvitation, declineInvitation } from '#server/teams/invitations';
import { exampleInvitations } from '#server/openapi/examples';

const params = { entryId: param('The entry you were invited to.', entryIdSchema, () => notFound(NO_INVITATION_MESSAGE)) };

export const PUT = defineEndpoint({
  method: 'PUT',
  tag: 'Account',
  summary: 'Accept a team invitation',
  description:
    'You are credited on the entry from now on (and join its jam), while the jam takes submissions. Refused (409) when you already have an entry in that jam, as its submitter or a co-creator. Accepting twice is harmless.',
  access: 'user',
  params,
  answer: {
    status: 200,
    description: 'Your invitations still pending.',
    schema: invitationListSchema,
    example: exampleInvitations,
  },
  errors: [400, 401, 403, 404, 409],
  handler: ({ user, params }) => acceptInvitation(user, params.entryId),
});

export const DELETE = defineEndpoint({
  method: 'DELETE',
  tag: 'Account',
  summary: 'Decline a team invitation',
  description: 'The submitter is told. To leave a team you already joined, take yourself off it (DELETE …/credits/{name}).',
  access: 'user',
  params,
  answer: {
    status: 200,
    description: 'Your invitations still pending.',
    schema: invitationListSchema,
    example: { invitations: [] },
  },
  errors: [400, 401, 403, 404, 409],
  handler: ({ user, params }) => declineInvitation(user, params.entryId),
});
