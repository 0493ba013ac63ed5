import {
  USER_PAGE_SIZES,
  USER_SORT_FIELDS,
  createUserResultSchema,
  createUserSchema,
  userListQuerySchema,
  userListSchema,
} from '#lib/schemas/users';
import { defineEndpoint, reply } from '#server/http/endpoint';
import { exampleAdminUser } from '#server/openapi/examples';
import { createUser, listUsers } from '#server/users/users';

/** Admins: every user, paged, sorted and filtered by the database. */
export const GET = defineEndpoint({
  method: 'GET',
  tag: 'Users',
  summary: 'List users',
  description: 'Paged, sorted and filtered by the database.',
  access: 'admin',
  query: {
    schema: userListQuerySchema,
    notes: {
      page: 'Page number, from 1.',
      perPage: `Users per page: ${USER_PAGE_SIZES.join(', ')}, or -1 / all for everyone.`,
      sort: `Comma-separated field:asc or field:desc; fields ${USER_SORT_FIELDS.join(', ')}.`,
      q: 'Matches the name, who made the last change, or the exact ID.',
      name: 'Part of the name.',
      id: 'Part of the internal ID (12 matches 12, 112 and 120).',
      updatedBy: 'Part of the name of who made the last change.',
      isAdmin: 'true or false.',
      isBanned: 'true or false.',
    },
  },
  answer: {
    status: 200,
    description: 'One page of users.',
    schema: userListSchema,
    example: { users: [exampleAdminUser], page: 1, perPage: 10, total: 1, totalPages: 1 },
  },
  cache: 'private, no-store',
  errors: [400, 401, 403],
  handler: ({ query }) => listUsers(query),
});

/** Admins: adds a Scratcher by username (201 when an account was created, 200 when it existed). */
export const POST = defineEndpoint({
  method: 'POST',
  tag: 'Users',
  summary: 'Add a user by Scratch username',
  description: 'Creates the account if the Scratcher has none (201); answers 200 with the existing one otherwise.',
  access: 'admin',
  body: { schema: createUserSchema, example: { name: 'pixel_pioneer' } },
  answer: {
    status: 201,
    description: 'The user, and whether it was created.',
    schema: createUserResultSchema,
    example: { user: exampleAdminUser, created: true },
    also: [{ status: 200, description: 'The user, when it already existed (`created` is false).' }],
  },
  errors: [400, 401, 403, 404, 502],
  handler: async ({ user, body }) => {
    const result = await createUser(user, body.name);
    return reply(result, { status: result.created ? 201 : 200, headers: { location: `/api/users/${result.user.id}` } });
  },
});
