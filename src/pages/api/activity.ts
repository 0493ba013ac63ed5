import { ACTIVITY_PAGE_SIZES, AUDIT_ACTIONS, activityListSchema, activityQuerySchema } from '#lib/schemas/activity';
import { listActivity } from '#server/activity/activity';
import { defineEndpoint } from '#server/http/endpoint';
import { exampleActivityList } from '#server/openapi/examples';

/** Administrators: what administrators and managers did, newest first, filtered and paged. */
export const GET = defineEndpoint({
  method: 'GET',
  tag: 'Activity',
  summary: 'Everything administrators and managers did',
  description: 'Newest first, paged and filtered by the database. Read-only.',
  access: 'admin',
  query: {
    schema: activityQuerySchema,
    notes: {
      page: 'Page number, from 1.',
      perPage: `Entries per page: one of ${ACTIVITY_PAGE_SIZES.join(', ')}.`,
      jam: 'Only entries about this jam (its slug).',
      user: 'Only entries by or about this user (username). A deleted account is found by the name it acted under.',
      action: `Only this kind of action: ${AUDIT_ACTIONS.join(', ')}.`,
    },
    types: { perPage: { type: 'integer', enum: [...ACTIVITY_PAGE_SIZES] } },
  },
  answer: { status: 200, description: 'One page of the activity.', schema: activityListSchema, example: exampleActivityList },
  cache: 'private, no-store',
  errors: [401, 403],
  handler: ({ user, query }) => listActivity(user, query),
});
