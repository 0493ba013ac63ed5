import { defineEndpoint } from '#server/http/endpoint';
import { checkDatabase } from '#server/platform/health';
import { healthSchema } from '#server/openapi/schemas';

export const GET = defineEndpoint({
  method: 'GET',
  tag: 'Site',
  summary: 'Health check',
  access: 'public',
  answer: {
    status: 200,
    description: 'The server and its database answer.',
    schema: healthSchema,
    example: { ok: true, database: 'reachable' },
  },
  errors: [503],
  handler: () => checkDatabase(),
});
