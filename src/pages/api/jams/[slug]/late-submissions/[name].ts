import { lateGrantBodySchema, lateGrantSchema } from '#lib/schemas/questions';
import { defineEndpoint, jamSlug, param } from '#server/http/endpoint';
import { grantLateWindow, revokeLateWindow } from '#server/entries/late-submissions';
import { requireJam } from '#server/jams/jams';
import { exampleLateGrant } from '#server/openapi/examples';

const params = { ...jamSlug, name: param('The Scratcher’s username.') };

export const PUT = defineEndpoint({
  method: 'PUT',
  tag: 'Managers',
  summary: 'Open a late-submission window',
  description:
    'Lets one Scratcher submit (or change their answers) after the end, until `until`: after the end, at most 24 hours after it, and before voting ends (so the jam needs a voting period). Their entry is marked late for the managers. Audited; they hear of it in their inbox. PUT again with another time moves the window; with the same time, nothing changes.',
  access: 'manager',
  params,
  early: ({ slug }) => requireJam(slug),
  body: { schema: lateGrantBodySchema, example: { until: '2025-03-09T06:00:00Z' } },
  answer: { status: 200, description: 'The window.', schema: lateGrantSchema, example: exampleLateGrant },
  errors: [400, 401, 403, 404],
  handler: async ({ user, params, body, early }) => grantLateWindow(user, await early, params.name, body.until),
});

export const DELETE = defineEndpoint({
  method: 'DELETE',
  tag: 'Managers',
  summary: 'Close a late-submission window',
  description:
    'Closes it at once (an entry already submitted stays, marked late). Closing a window that is not there changes nothing. Audited.',
  access: 'manager',
  params,
  early: ({ slug }) => requireJam(slug),
  answer: { status: 204, description: 'Done; no content.' },
  errors: [401, 403, 404],
  handler: async ({ user, params, early }) => {
    await revokeLateWindow(user, await early, params.name);
  },
});
