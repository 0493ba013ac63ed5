import { NOTIFICATIONS_PER_PAGE, notificationListSchema, notificationsQuerySchema } from '#lib/schemas/inbox';
import { defineEndpoint } from '#server/http/endpoint';
import { listNotifications } from '#server/inbox/inbox';
import { exampleNotificationList } from '#server/openapi/examples';

/** The inbox: grouped items, newest first. */
export const GET = defineEndpoint({
  method: 'GET',
  tag: 'Account',
  summary: 'Your notifications',
  description: `Newest first, ${NOTIFICATIONS_PER_PAGE} items a page. Kudos and notes on one entry come as one item while unread (and one once read). Reminders about the jams you joined (started, 24 hours left, voting ends, results) are worked out when you ask.`,
  access: 'user',
  query: { schema: notificationsQuerySchema, notes: { page: 'The page, from 1 (default 1; past the last page: the last).' } },
  answer: {
    status: 200,
    description: 'One page of your inbox.',
    schema: notificationListSchema,
    example: exampleNotificationList,
  },
  cache: 'private, no-store',
  errors: [401, 403],
  handler: ({ user, query }) => listNotifications(user, query.page),
});
