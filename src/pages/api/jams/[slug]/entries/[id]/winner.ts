import { winnersSchema } from '#lib/schemas/entries';
import { defineEndpoint, jamSlugAndEntryId } from '#server/http/endpoint';
import { exampleWinners } from '#server/openapi/examples';
import { revokeWinner, selectWinner } from '#server/judging/winners';
import { requireJam } from '#server/jams/jams';

export const PUT = defineEndpoint({
  method: 'PUT',
  tag: 'Entries',
  summary: 'Select the winner',
  description: 'Once the jam has ended. Replaces an earlier choice.',
  access: 'manager',
  params: jamSlugAndEntryId,
  early: ({ slug }) => requireJam(slug),
  answer: { status: 200, description: 'The winners.', schema: winnersSchema, example: exampleWinners },
  errors: [400, 401, 403, 404, 409],
  handler: async ({ user, params, early }) => selectWinner(user, await early, params.id),
});

export const DELETE = defineEndpoint({
  method: 'DELETE',
  tag: 'Entries',
  summary: 'Revoke the winner',
  access: 'manager',
  params: jamSlugAndEntryId,
  early: ({ slug }) => requireJam(slug),
  answer: { status: 200, description: 'The winners.', schema: winnersSchema, example: { ...exampleWinners, winner: null } },
  errors: [400, 401, 403, 404, 409],
  handler: async ({ user, params, early }) => revokeWinner(user, await early, params.id),
});
