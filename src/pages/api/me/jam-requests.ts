import { ownJamRequestsSchema } from '#lib/schemas/jam-requests';
import { defineEndpoint } from '#server/http/endpoint';
import { OWN_REQUESTS_SHOWN, ownJamRequests } from '#server/jams/requests';
import { exampleDeclinedJamRequest, exampleJamRequest } from '#server/openapi/examples';

/** The caller's own jam requests, with the administrators' answers. */
export const GET = defineEndpoint({
  method: 'GET',
  tag: 'Jam requests',
  summary: 'Your jam requests',
  description: `Newest first (the latest ${OWN_REQUESTS_SHOWN}): pending, approved (with the jam it made) or declined (with the reason).`,
  access: 'user',
  answer: {
    status: 200,
    description: 'Your requests.',
    schema: ownJamRequestsSchema,
    example: { requests: [exampleJamRequest, { ...exampleDeclinedJamRequest, id: 2 }] },
  },
  cache: 'private, no-store',
  errors: [401, 403],
  handler: ({ user }) => ownJamRequests(user),
});
