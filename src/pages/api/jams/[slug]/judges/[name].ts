import { defineEndpoint, jamSlug, param } from '#server/http/endpoint';
import { requireJam } from '#server/jams/jams';
import { removeJudge } from '#server/judging/judges';

export const DELETE = defineEndpoint({
  method: 'DELETE',
  tag: 'Judges',
  summary: 'Withdraw an invitation, remove a judge, or step down',
  description:
    'Managers withdraw an invitation or remove a judge; a judge may step down. A judge’s votes and ratings in the jam go with them. Once voting has ended the judges stay (409), so the results do not change.',
  access: 'user',
  permission: 'jam:remove-judge',
  params: { ...jamSlug, name: param('The judge’s username.') },
  early: ({ slug }) => requireJam(slug),
  answer: { status: 204, description: 'Done; no content.' },
  errors: [401, 403, 404, 409],
  handler: async ({ user, params, early }) => {
    await removeJudge(user, await early, params.name);
  },
});
