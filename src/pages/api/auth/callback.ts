import { endpoint } from '../../../server/endpoint';
import { finishLogin, loginCallbackLimiter } from '../../../server/login';
import { rateLimited } from '../../../server/rate-limit';

/** The provider sends the browser back here with `?privateCode=…`. */
export const GET = endpoint(async (ctx) => {
  const limited = rateLimited(loginCallbackLimiter, ctx.clientAddress);
  if (limited) return limited;
  return ctx.redirect(await finishLogin(ctx.cookies, ctx.url.searchParams.get('privateCode')), 302);
});
