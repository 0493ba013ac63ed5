import {
  JAM_REQUEST_PAGE_SIZES,
  jamRequestCreateSchema,
  jamRequestListQuerySchema,
  jamRequestListSchema,
  jamRequestSchema,
} from '#lib/schemas/jam-requests';
import { defineEndpoint, reply } from '#server/http/endpoint';
import { requestJam } from '#server/jams/requests';
import { listJamRequests } from '#server/jams/request-answers';
import { exampleJamRequest, exampleJamRequestCreate } from '#server/openapi/examples';
import { textFilterDoc } from '#server/feedback/guard/guard-texts';
import { rateLimitOf } from '#server/http/rate-limits';

/** Administrators: the queue of jam requests, one status (or all) and one page at a time. */
export const GET = defineEndpoint({
  method: 'GET',
  tag: 'Jam requests',
  summary: 'List jam requests',
  description:
    'Paged in the database. Pending requests come oldest first (first come, first answered); approved, declined and all requests newest first. `counts` gives the number of each status.',
  access: 'admin',
  query: {
    schema: jamRequestListQuerySchema,
    notes: {
      status: 'Only pending, approved or declined requests; all of them when left out.',
      page: 'Page number, from 1.',
      perPage: `Requests per page: one of ${JAM_REQUEST_PAGE_SIZES.join(', ')}.`,
    },
    types: { perPage: { type: 'integer', enum: [...JAM_REQUEST_PAGE_SIZES] } },
  },
  answer: {
    status: 200,
    description: 'One page of requests.',
    schema: jamRequestListSchema,
    example: {
      requests: [exampleJamRequest],
      page: 1,
      perPage: 10,
      total: 1,
      totalPages: 1,
      counts: { pending: 1, approved: 3, declined: 1 },
    },
  },
  cache: 'private, no-store',
  errors: [401, 403],
  handler: ({ user, query }) => listJamRequests(user, query),
});

/** Anyone logged in: asks the administrators for a jam. */
export const POST = defineEndpoint({
  method: 'POST',
  tag: 'Jam requests',
  summary: 'Request a jam',
  description:
    'Creating jams is limited to administrators while the site is in beta; this asks them for one. The fields are those of creating a jam, plus an optional `note` only administrators read. One pending request per person: a second one is a 409 until the first is answered or withdrawn.' +
    textFilterDoc('`name`, `description` and `note`, and `body` with its own link rules (web and mail links stay),'),
  access: 'user',
  rateLimit: rateLimitOf('jam-requests'),
  body: { schema: jamRequestCreateSchema, example: exampleJamRequestCreate },
  answer: { status: 201, description: 'The request, pending.', schema: jamRequestSchema, example: exampleJamRequest },
  errors: [400, 401, 403, 409, 429],
  handler: async ({ user, body }) => reply(await requestJam(user, body), { headers: { location: '/api/me/jam-requests' } }),
});
