import { banAuthorSchema, resolvedReportsSchema } from '#lib/schemas/reports';
import { defineEndpoint, reportedItem } from '#server/http/endpoint';
import { banReportedAuthor } from '#server/moderation/actions';

export const POST = defineEndpoint({
  method: 'POST',
  tag: 'Moderation',
  summary: 'Ban the author of a reported entry',
  description:
    'Bans the person who submitted the entry (as PATCH /api/users/{id} with isBanned does) and closes the reports about it as actioned, in one transaction; with `removeEntry` the entry is removed in the same step. Everything is audited. Administrators only; a jam item answers 400, an author whose flags kept changing meanwhile 503 with `Retry-After`.',
  access: 'admin',
  params: reportedItem,
  body: { schema: banAuthorSchema, example: { removeEntry: true } },
  answer: { status: 200, description: 'How many reports it closed.', schema: resolvedReportsSchema, example: { resolved: 4 } },
  errors: [400, 401, 403, 404],
  handler: ({ user, params, body }) => banReportedAuthor(user, params.item, body),
});
