import { resolvedReportsSchema } from '#lib/schemas/reports';
import { defineEndpoint, reportedItem } from '#server/http/endpoint';
import { removeReportedEntry } from '#server/moderation/actions';

export const POST = defineEndpoint({
  method: 'POST',
  tag: 'Moderation',
  summary: 'Remove a reported entry',
  description:
    'Removes the entry (with its votes and reports), as DELETE /api/jams/{slug}/entries/{id} does, and audits it with the number of reports. Administrators, and managers of the entry’s jam. A jam item answers 400.',
  access: 'user',
  permission: 'jam:moderate-entries',
  params: reportedItem,
  answer: { status: 200, description: 'How many reports it closed.', schema: resolvedReportsSchema, example: { resolved: 2 } },
  errors: [400, 401, 403, 404],
  handler: ({ user, params }) => removeReportedEntry(user, params.item),
});
