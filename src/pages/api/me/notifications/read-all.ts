import { markedReadSchema } from '#lib/schemas/inbox';
import { defineEndpoint } from '#server/http/endpoint';
import { markAllRead } from '#server/inbox/inbox';

export const POST = defineEndpoint({
  method: 'POST',
  tag: 'Account',
  summary: 'Mark all notifications as read',
  access: 'user',
  answer: { status: 200, description: 'How many were marked.', schema: markedReadSchema, example: { marked: 7, unread: 0 } },
  errors: [401, 403],
  handler: ({ user }) => markAllRead(user),
});
