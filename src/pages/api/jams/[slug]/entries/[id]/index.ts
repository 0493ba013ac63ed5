import { defineEndpoint, jamSlugAndEntryId } from '#server/http/endpoint';
import { removeEntry } from '#server/entries/entries';
import { requireJam } from '#server/jams/jams';

export const DELETE = defineEndpoint({
  method: 'DELETE',
  tag: 'Entries',
  summary: 'Remove an entry',
  description: 'By its submitter, a manager of the jam or an administrator.',
  access: 'user',
  permission: 'entry:remove',
  params: jamSlugAndEntryId,
  early: ({ slug }) => requireJam(slug),
  answer: { status: 204, description: 'Done; no content.' },
  errors: [400, 401, 403, 404],
  handler: async ({ user, params, early }) => {
    await removeEntry(user, await early, params.id);
  },
});
