import { INBOX_PER_PAGE, inboxListSchema, inboxQuerySchema } from '#lib/schemas/inbox';
import { defineEndpoint } from '#server/http/endpoint';
import { listInbox } from '#server/inbox/inbox';
import { exampleInboxList } from '#server/openapi/examples';

/** The inbox: grouped items, newest first. */
export const GET = defineEndpoint({
  method: 'GET',
  tag: 'Account',
  summary: 'Your notifications',
  description: `Newest first, ${INBOX_PER_PAGE} items a page. Kudos and notes on one entry come as one item while unread (and one once read). Reminders about the jams you joined (started, 24 hours left, voting ends, results) are worked out when you ask.`,
  access: 'user',
  query: { schema: inboxQuerySchema, notes: { page: 'The page, from 1 (default 1; past the last page: the last).' } },
  answer: {
    status: 200,
    description: 'One page of your inbox.',
    schema: inboxListSchema,
    example: exampleInboxList,
  },
  cache: 'private, no-store',
  errors: [401, 403],
  handler: ({ user, query }) => listInbox(user, query.page),
});
