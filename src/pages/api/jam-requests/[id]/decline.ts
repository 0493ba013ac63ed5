import { declineJamRequestSchema, jamRequestSchema } from '#lib/schemas/jam-requests';
import { defineEndpoint, jamRequestId } from '#server/http/endpoint';
import { declineJamRequest } from '#server/jams/request-answers';
import { exampleDeclinedJamRequest } from '#server/openapi/examples';

/** Administrators: declines a pending request with a reason the requester reads. */
export const POST = defineEndpoint({
  method: 'POST',
  tag: 'Jam requests',
  summary: 'Decline a jam request',
  description: 'The reason is required; the requester reads it on their dashboard. A request already answered is a 409.',
  access: 'admin',
  params: jamRequestId,
  body: { schema: declineJamRequestSchema, example: { reason: exampleDeclinedJamRequest.declineReason! } },
  answer: { status: 200, description: 'The declined request.', schema: jamRequestSchema, example: exampleDeclinedJamRequest },
  errors: [400, 401, 403, 404, 409],
  handler: ({ user, params, body }) => declineJamRequest(user, params.id, body.reason),
});
