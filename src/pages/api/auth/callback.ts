import { loginCallbackQuerySchema } from '../../../lib/schemas/auth';
import { endpoint } from '../../../server/endpoint';
import { finishLogin, loginCallbackLimiter } from '../../../server/login';
import { rateLimited } from '../../../server/rate-limit';

/** The provider sends the browser back here with `?privateCode=…`; a missing code is a failed login. */
export const GET = endpoint(async (ctx) => {
  const limited = rateLimited(loginCallbackLimiter, ctx.clientAddress);
  if (limited) return limited;
  const query = loginCallbackQuerySchema.safeParse(Object.fromEntries(ctx.url.searchParams));
  return ctx.redirect(await finishLogin(ctx.cookies, query.success ? query.data.privateCode : null), 302);
});
