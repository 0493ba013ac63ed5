import { JAMS_PER_PAGE_OPTIONS, jamCreateSchema, jamListQuerySchema, jamListSchema, jamSchema } from '#lib/schemas/jams';
import { defineEndpoint, reply } from '#server/http/endpoint';
import { createJam } from '#server/jams/jam-writes';
import { listJams } from '#server/jams/jam-list';
import { exampleJam, exampleJamCreate, exampleJamList } from '#server/openapi/examples';

export const GET = defineEndpoint({
  method: 'GET',
  tag: 'Jams',
  summary: 'List jams',
  description: 'Newest start first unless `sort` says otherwise, one page at a time. A page past the end gives the last page.',
  access: 'public',
  query: {
    schema: jamListQuerySchema,
    notes: {
      page: 'Page number, from 1.',
      perPage: `Jams per page: one of ${JAMS_PER_PAGE_OPTIONS.join(', ')}.`,
      status: 'Only upcoming, ongoing or ended jams.',
      featured: 'true: only featured jams; false: only the others.',
      q: 'Part of the name.',
      sort: 'newest: newest start first (the default). ending-soonest / starting-soonest: jams still to end (start) first, the nearest first, then those that already did, the most recent first. most-entries: most entries first. name: by name, A to Z, ignoring case.',
    },
    types: { perPage: { type: 'integer', enum: [...JAMS_PER_PAGE_OPTIONS] } },
  },
  answer: {
    status: 200,
    description: 'One page of jams (without their bodies).',
    schema: jamListSchema,
    example: exampleJamList,
  },
  handler: ({ query }) => listJams(query),
});

export const POST = defineEndpoint({
  method: 'POST',
  tag: 'Jams',
  summary: 'Create a jam',
  description:
    'Creating jams is limited to administrators while the site is in beta. The slug comes from the name. `themeRounds` (the body of `PUT /api/jams/{slug}/theme/rounds`, same rules) makes the theme chosen by the community, written with the jam.',
  access: 'admin',
  body: { schema: jamCreateSchema, example: exampleJamCreate },
  answer: { status: 201, description: 'The new jam; `Location` names its address.', schema: jamSchema, example: exampleJam },
  errors: [400, 401, 403],
  handler: async ({ user, body }) => {
    const jam = await createJam(user, body);
    return reply(jam, { headers: { location: `/api/jams/${jam.slug}` } });
  },
});
