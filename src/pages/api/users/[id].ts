import { adminUserSchema, updateUserFlagsSchema, userIdSchema } from '#lib/schemas/users';
import { defineEndpoint, param } from '#server/http/endpoint';
import { notFound } from '#server/platform/errors';
import { exampleAdminUser } from '#server/openapi/examples';
import { deleteUser, getUser, updateUserFlags } from '#server/users/users';

const userId = { id: param('The user’s internal ID.', userIdSchema, () => notFound('There is no user with this ID.')) };

export const GET = defineEndpoint({
  method: 'GET',
  tag: 'Users',
  summary: 'Read a user',
  access: 'admin',
  params: userId,
  answer: { status: 200, description: 'The user.', schema: adminUserSchema, example: exampleAdminUser },
  cache: 'private, no-store',
  errors: [401, 403, 404],
  handler: ({ params }) => getUser(params.id),
});

/** Admins: sets the admin and banned flags. */
export const PATCH = defineEndpoint({
  method: 'PATCH',
  tag: 'Users',
  summary: 'Set a user’s admin and banned flags',
  description: 'Send only the flags to change (at least one): a flag you leave out keeps its value. The flags cannot be null.',
  access: 'admin',
  params: userId,
  body: { schema: updateUserFlagsSchema, example: { isBanned: true } },
  answer: { status: 200, description: 'The user.', schema: adminUserSchema, example: { ...exampleAdminUser, isBanned: true } },
  errors: [400, 401, 403, 404, 409],
  handler: ({ user, params, body }) => updateUserFlags(user, params.id, body),
});

/** Admins: deletes a user and their data. */
export const DELETE = defineEndpoint({
  method: 'DELETE',
  tag: 'Users',
  summary: 'Delete a user and their data',
  access: 'admin',
  params: userId,
  answer: { status: 204, description: 'Done; no content.' },
  errors: [401, 403, 404, 409],
  handler: async ({ user, params }) => {
    await deleteUser(user, params.id);
  },
});
