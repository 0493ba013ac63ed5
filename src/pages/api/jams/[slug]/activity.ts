import { ACTIVITY_PAGE_SIZES, AUDIT_ACTIONS, activityListSchema, jamActivityQuerySchema } from '#lib/schemas/activity';
import { listJamActivity } from '#server/activity/activity';
import { defineEndpoint, jamSlug } from '#server/http/endpoint';
import { requireJam } from '#server/jams/jams';
import { exampleActivityList } from '#server/openapi/examples';

/** The jam's managers and administrators: what happened to this jam, newest first. */
export const GET = defineEndpoint({
  method: 'GET',
  tag: 'Activity',
  summary: 'What happened to a jam',
  description: 'The same as /api/activity for one jam, for its managers and administrators.',
  access: 'manager',
  params: jamSlug,
  early: ({ slug }) => requireJam(slug),
  query: {
    schema: jamActivityQuerySchema,
    notes: {
      page: 'Page number, from 1.',
      perPage: `Entries per page: one of ${ACTIVITY_PAGE_SIZES.join(', ')}.`,
      user: 'Only entries by or about this user (username). A deleted account is found by the name it acted under.',
      action: `Only this kind of action: ${AUDIT_ACTIONS.join(', ')}.`,
    },
    types: { perPage: { type: 'integer', enum: [...ACTIVITY_PAGE_SIZES] } },
  },
  answer: {
    status: 200,
    description: 'One page of the jam’s activity.',
    schema: activityListSchema,
    example: exampleActivityList,
  },
  cache: 'private, no-store',
  errors: [401, 403, 404],
  handler: async ({ user, query, early }) => listJamActivity(user, await early, query),
});
