import { unreadCountSchema } from '#lib/schemas/inbox';
import { defineEndpoint } from '#server/http/endpoint';
import { unreadCount } from '#server/inbox/inbox';

/** The bell's number. */
export const GET = defineEndpoint({
  method: 'GET',
  tag: 'Account',
  summary: 'How many unread notifications you have',
  description: 'The unread items of GET /api/me/notifications (a group counts once): the number on the bell.',
  access: 'user',
  answer: { status: 200, description: 'Your unread count.', schema: unreadCountSchema, example: { count: 3 } },
  cache: 'private, no-store',
  errors: [401, 403],
  handler: async ({ user }) => ({ count: await unreadCount(user) }),
});
