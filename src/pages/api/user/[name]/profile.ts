import { profileQuerySchema, profileSchema } from '#lib/schemas/profiles';
import { defineEndpoint, param } from '#server/http/endpoint';
import { exampleProfile } from '#server/openapi/profile-examples';
import { requireProfile } from '#server/users/profiles';

/** The JSON twin of /users/{name}. */
export const GET = defineEndpoint({
  method: 'GET',
  tag: 'Account',
  summary: 'A user’s public profile',
  description:
    'The jams they entered (as the submitter or a co-creator) with their places and medals once the results are public, the jams they manage, and their totals. Any casing of the name finds the user; `name` in the answer is the stored spelling. A banned account answers 404.',
  access: 'public',
  params: { name: param('Scratch username (any casing).') },
  query: { schema: profileQuerySchema, notes: { page: 'Page of their entries, from 1 (20 per page, newest jams first).' } },
  answer: { status: 200, description: 'The profile.', schema: profileSchema, example: exampleProfile },
  errors: [404],
  handler: ({ params, query }) => requireProfile(params.name, query.page),
});
