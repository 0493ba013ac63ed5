import { removeSessionQuerySchema } from '#lib/schemas/auth';
import { defineEndpoint } from '#server/http/endpoint';
import { unauthenticated } from '#server/platform/errors';
import { loggedOutSchema } from '#server/openapi/schemas';
import { deleteSessionTokenCookie, invalidateSessionToken, readSessionToken } from '#server/auth/session';

/** Spec §7 logout: ends the session named by `?token=` (or the cookie); the cookie goes either way. */
export const POST = defineEndpoint({
  method: 'POST',
  tag: 'Account',
  summary: 'Log out',
  description: 'Ends the session named by `?token=` (or the cookie); the cookie is removed either way.',
  access: 'user',
  accessNote: 'Anyone logged in, banned or not: logging out always works.',
  // Logging out works for banned users too.
  ownSessionCheck: true,
  query: { schema: removeSessionQuerySchema, notes: { token: 'The session token to end.' } },
  answer: { status: 200, description: 'Logged out.', schema: loggedOutSchema, example: { message: 'logged out' } },
  errors: [400, 401],
  handler: async ({ ctx, query }) => {
    const token = query.token ?? readSessionToken(ctx.request, ctx.cookies);
    deleteSessionTokenCookie(ctx.cookies);
    if (!token) throw unauthenticated('You are not logged in.');
    if (!(await invalidateSessionToken(token))) throw unauthenticated('This session does not exist or has already ended.');
    return { message: 'logged out' as const };
  },
});
