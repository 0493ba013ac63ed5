import { jamRequestSchema } from '#lib/schemas/jam-requests';
import { defineEndpoint, jamRequestId, reply } from '#server/http/endpoint';
import { approveJamRequest } from '#server/jams/request-answers';
import { exampleApprovedJamRequest } from '#server/openapi/examples';

/** Administrators: creates the requested jam, with the requester as its manager. */
export const POST = defineEndpoint({
  method: 'POST',
  tag: 'Jam requests',
  summary: 'Approve a jam request',
  description:
    'Creates the jam from the request as it is now (edit it first with PATCH), with a slug from its name, and makes the requester its manager, all in one transaction. A request already answered is a 409, and so is a slug another jam took at the same moment (nothing is created; try again).',
  access: 'admin',
  params: jamRequestId,
  answer: {
    status: 201,
    description: 'The approved request; `jam` names the new jam and `Location` its address.',
    schema: jamRequestSchema,
    example: exampleApprovedJamRequest,
  },
  errors: [401, 403, 404, 409],
  handler: async ({ user, params }) => {
    const approved = await approveJamRequest(user, params.id);
    return reply(approved, { headers: approved.jam ? { location: `/api/jams/${approved.jam.slug}` } : {} });
  },
});
