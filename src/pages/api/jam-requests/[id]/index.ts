import { jamRequestSchema, jamRequestUpdateSchema } from '#lib/schemas/jam-requests';
import { defineEndpoint, jamRequestId } from '#server/http/endpoint';
import { updateJamRequest } from '#server/jams/request-answers';
import { withdrawJamRequest } from '#server/jams/requests';
import { exampleJamRequest } from '#server/openapi/examples';

/** Administrators: edit a pending request before approving it. */
export const PATCH = defineEndpoint({
  method: 'PATCH',
  tag: 'Jam requests',
  summary: 'Edit a pending jam request',
  description:
    'Send only the fields to change: a field you leave out keeps its value. `null` clears `body` (to empty) and `imageUrl`; the name, description, dates and `mystery` cannot be cleared (400). The requester’s note stays as sent. Answered requests cannot be edited (409).',
  access: 'admin',
  params: jamRequestId,
  body: { schema: jamRequestUpdateSchema, example: { startsAt: '2025-05-03T18:00:00Z', endsAt: '2025-05-10T18:00:00Z' } },
  answer: {
    status: 200,
    description: 'The edited request.',
    schema: jamRequestSchema,
    example: { ...exampleJamRequest, startsAt: '2025-05-03T18:00:00.000Z', endsAt: '2025-05-10T18:00:00.000Z' },
  },
  errors: [400, 401, 403, 404, 409],
  handler: ({ user, params, body }) => updateJamRequest(user, params.id, body),
});

/** The requester: takes back a request that is still pending. */
export const DELETE = defineEndpoint({
  method: 'DELETE',
  tag: 'Jam requests',
  summary: 'Withdraw your jam request',
  description:
    'Only the person who sent it, and only while it is pending (409 once answered); it is deleted. Other people’s requests answer 404 (administrators: 403; decline it instead).',
  access: 'user',
  permission: 'jam-request:withdraw',
  params: jamRequestId,
  answer: { status: 204, description: 'Withdrawn; no content.' },
  errors: [401, 403, 404, 409],
  handler: async ({ user, params }) => {
    await withdrawJamRequest(user, params.id);
  },
});
