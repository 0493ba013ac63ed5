import { bannedError } from '../../../server/auth';
import { endpoint } from '../../../server/endpoint';
import { unauthenticated } from '../../../server/errors';
import { deleteSessionTokenCookie, readSessionToken } from '../../../server/session';

/** Spec §7: validates the session (Authorization header or cookie) and answers who it belongs to. */
export const GET = endpoint(async (ctx) => {
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
  return Response.json(
    { id, name, isAdmin, isBanned, updatedAt, updatedBy },
    { headers: { 'cache-control': 'private, no-store' } },
  );
});
