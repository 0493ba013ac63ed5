import { lateGrantListSchema } from '#lib/schemas/questions';
import { defineEndpoint, jamSlug } from '#server/http/endpoint';
import { listLateWindows } from '#server/entries/late-submissions';
import { requireJam } from '#server/jams/jams';
import { exampleLateGrant } from '#server/openapi/examples';

export const GET = defineEndpoint({
  method: 'GET',
  tag: 'Managers',
  summary: 'List late-submission windows',
  description:
    'The Scratchers a manager let submit after the end (ADR 042), soonest to close first, with their entry once they submitted.',
  access: 'manager',
  params: jamSlug,
  early: ({ slug }) => requireJam(slug),
  answer: { status: 200, description: 'The windows.', schema: lateGrantListSchema, example: { grants: [exampleLateGrant] } },
  errors: [401, 403, 404],
  handler: async ({ user, early }) => listLateWindows(user, await early),
});
