import { dashboardSchema, deleteAccountSchema } from '#lib/schemas/users';
import { dashboardFor } from '#server/users/dashboard';
import { defineEndpoint } from '#server/http/endpoint';
import { exampleDashboard } from '#server/openapi/examples';
import { deleteSessionTokenCookie } from '#server/auth/session';
import { deleteOwnAccount } from '#server/users/users';

/** The dashboard's data: who I am and the jams I entered or manage. */
export const GET = defineEndpoint({
  method: 'GET',
  tag: 'Account',
  summary: 'Your dashboard',
  description: 'Who you are, the jams you entered (with your project) and the jams you manage.',
  access: 'user',
  answer: { status: 200, description: 'Your dashboard.', schema: dashboardSchema, example: exampleDashboard },
  cache: 'private, no-store',
  errors: [401, 403],
  handler: ({ user }) => dashboardFor(user),
});

/** Deletes my account and everything of mine, then logs me out. Body: `{ name }`, my username. */
export const DELETE = defineEndpoint({
  method: 'DELETE',
  tag: 'Account',
  summary: 'Delete your account',
  description:
    'Irreversible: your account, entries, votes and manager roles go, and you are logged out. Confirm by sending your username.',
  access: 'user',
  body: { schema: deleteAccountSchema, example: { name: 'pixel_pioneer' } },
  answer: { status: 204, description: 'Done; no content.' },
  errors: [400, 401, 403, 409],
  handler: async ({ ctx, user, body }) => {
    await deleteOwnAccount(user, body.name);
    deleteSessionTokenCookie(ctx.cookies);
  },
});
