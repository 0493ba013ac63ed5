import { meSchema } from '#lib/schemas/users';
import { bannedError } from '#server/auth/require';
import { defineEndpoint } from '#server/http/endpoint';
import { unauthenticated } from '#server/platform/errors';
import { exampleMe } from '#server/openapi/examples';
import { deleteSessionTokenCookie, readSessionToken } from '#server/auth/session';

/** Spec §7: validates the session (Authorization header or cookie) and answers who it belongs to. */
export const GET = defineEndpoint({
  method: 'GET',
  tag: 'Account',
  summary: 'Who is logged in',
  description: 'Validates the session given by the `Authorization` header (the raw token) or the cookie.',
  access: 'user',
  // It says why it refuses (no token, or a session that ended), and logs a banned user out.
  ownSessionCheck: true,
  answer: { status: 200, description: 'The logged-in user.', schema: meSchema, example: exampleMe },
  cache: 'private, no-store',
  errors: [401, 403],
  handler: async ({ ctx }) => {
    const token = readSessionToken(ctx.request, ctx.cookies);
    if (!token) throw unauthenticated('You are not logged in.');
    const validation = await ctx.locals.session();
    if (!validation) throw unauthenticated('Your session has expired or has ended. Please log in again.');
    const { id, name, isAdmin, isBanned, updatedAt, updatedBy } = validation.user;
    if (isBanned) {
      // Spec §4: a banned user continues logged out.
      deleteSessionTokenCookie(ctx.cookies);
      throw bannedError(name);
    }
    return { id, name, isAdmin, isBanned, updatedAt: updatedAt.toISOString(), updatedBy };
  },
});
