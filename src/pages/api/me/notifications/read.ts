import { markReadSchema, markedReadSchema } from '#lib/schemas/inbox';
import { defineEndpoint } from '#server/http/endpoint';
import { markRead } from '#server/inbox/inbox';

export const POST = defineEndpoint({
  method: 'POST',
  tag: 'Account',
  summary: 'Mark notifications as read',
  description: 'By their ids, or a whole item by its `group`. Your own notifications only; marking twice is harmless.',
  access: 'user',
  body: { schema: markReadSchema, example: { group: 'kudos:12' } },
  answer: {
    status: 200,
    description: 'How many were marked now, and how many items are still unread.',
    schema: markedReadSchema,
    example: { marked: 5, unread: 2 },
  },
  errors: [400, 401, 403],
  handler: ({ user, body }) => markRead(user, body),
});
