import { teamSchema } from '#lib/schemas/teams';
import { usernameSchema } from '#lib/schemas/common';
import { defineEndpoint, jamSlugAndEntryId, param } from '#server/http/endpoint';
import { notFound } from '#server/platform/errors';
import { removeFromTeam } from '#server/teams/team';
import { exampleTeam } from '#server/openapi/examples';
import { requireJam } from '#server/jams/jams';

const params = {
  ...jamSlugAndEntryId,
  name: param('The co-creator’s Scratch username.', usernameSchema, () =>
    notFound('That is not a Scratch username, so nobody by that name is on this team.'),
  ),
};

export const DELETE = defineEndpoint({
  method: 'DELETE',
  tag: 'Entries',
  summary: 'Take someone off a team',
  description:
    'The submitter takes back an invitation (any time) or removes a credited co-creator (while the jam takes submissions, else 409); a co-creator leaves and an invitee declines by naming themselves (any time); managers of the jam and administrators may remove anyone.',
  access: 'user',
  permission: 'entry:change-team',
  params,
  early: ({ slug }) => requireJam(slug),
  answer: { status: 200, description: "The entry's team.", schema: teamSchema, example: exampleTeam },
  errors: [400, 401, 403, 404, 409],
  handler: async ({ user, params, early }) => removeFromTeam(user, await early, params.id, params.name),
});
