import { resolvedReportsSchema } from '#lib/schemas/reports';
import { defineEndpoint, reportedItem } from '#server/http/endpoint';
import { hideReportedNote } from '#server/moderation/actions';

export const POST = defineEndpoint({
  method: 'POST',
  tag: 'Moderation',
  summary: 'Hide a reported note',
  description:
    'Hides the note (as PUT …/notes/{noteId}/hidden does) and closes the reports about it as actioned, in one transaction; audited as `note.hide`. Administrators, and managers of the note’s jam. A jam or entry item answers 400.',
  access: 'user',
  permission: 'jam:moderate-entries',
  params: reportedItem,
  answer: { status: 200, description: 'How many reports it closed.', schema: resolvedReportsSchema, example: { resolved: 2 } },
  errors: [400, 401, 403, 404],
  handler: ({ user, params }) => hideReportedNote(user, params.item),
});
