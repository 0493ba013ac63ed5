import { resolvedReportsSchema } from '#lib/schemas/reports';
import { defineEndpoint, reportedItem } from '#server/http/endpoint';
import { dismissReports } from '#server/moderation/actions';

export const POST = defineEndpoint({
  method: 'POST',
  tag: 'Moderation',
  summary: 'Dismiss the reports about an item',
  description:
    'Closes every open report about the jam or entry as dismissed (nothing wrong with it). Administrators for any item, managers for the entries of their jams. Audited.',
  access: 'user',
  permission: 'jam:moderate-entries',
  params: reportedItem,
  answer: { status: 200, description: 'How many reports it closed.', schema: resolvedReportsSchema, example: { resolved: 3 } },
  errors: [401, 403, 404],
  handler: ({ user, params }) => dismissReports(user, params.item),
});
