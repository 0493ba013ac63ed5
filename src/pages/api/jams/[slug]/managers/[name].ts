import { defineEndpoint, jamSlug, param } from '#server/http/endpoint';
import { removeManager } from '#server/jams/managers';
import { requireJam } from '#server/jams/jams';

/** Removes a manager, or — when it is the caller — gives up the role. */
export const DELETE = defineEndpoint({
  method: 'DELETE',
  tag: 'Managers',
  summary: 'Remove a manager, or give up the role',
  description: 'A manager may remove another manager, or themself (giving up the role).',
  access: 'manager',
  permission: 'jam:remove-manager',
  params: { ...jamSlug, name: param('The manager’s username.') },
  early: ({ slug }) => requireJam(slug),
  answer: { status: 204, description: 'Done; no content.' },
  errors: [401, 403, 404],
  handler: async ({ user, params, early }) => {
    await removeManager(user, await early, params.name);
  },
});
