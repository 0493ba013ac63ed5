import { removeSessionQuerySchema } from '../../../lib/schemas/auth';
import { endpoint, readQuery } from '../../../server/endpoint';
import { unauthenticated } from '../../../server/errors';
import { deleteSessionTokenCookie, invalidateSessionToken, readSessionToken } from '../../../server/session';

/** Spec §7 logout: ends the session named by `?token=` (or the cookie); the cookie goes either way. */
export const POST = endpoint(async (ctx) => {
  const token = readQuery(ctx.url, removeSessionQuerySchema).token ?? readSessionToken(ctx.request, ctx.cookies);
  deleteSessionTokenCookie(ctx.cookies);
  if (!token) throw unauthenticated('You are not logged in.');
  if (!(await invalidateSessionToken(token))) throw unauthenticated('This session does not exist or has already ended.');
  return { message: 'logged out' };
});
