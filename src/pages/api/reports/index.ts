import { reportQueueQuerySchema, reportQueueSchema } from '#lib/schemas/reports';
import { defineEndpoint } from '#server/http/endpoint';
import { reportQueue } from '#server/moderation/queue';
import { exampleReportQueue } from '#server/openapi/examples';

export const GET = defineEndpoint({
  method: 'GET',
  tag: 'Moderation',
  summary: 'The moderation queue',
  description:
    'Open reports grouped per reported item, most reported first, ten items a page. Administrators see every item and who reported it; managers see the entries of the jams they manage, without the reporters. Nobody sees who reported their own entry.',
  access: 'user',
  accessNote: 'A logged-in user who manages at least one jam, or an administrator; anyone else gets 403 `forbidden`.',
  query: { schema: reportQueueQuerySchema, notes: { page: 'The page, from 1; out of range falls back to the nearest page.' } },
  answer: { status: 200, description: 'A page of reported items.', schema: reportQueueSchema, example: exampleReportQueue },
  cache: 'private, no-store',
  errors: [401, 403],
  handler: ({ user, query }) => reportQueue(user, query.page),
});
