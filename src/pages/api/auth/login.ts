import { loginStartQuerySchema } from '../../../lib/schemas/auth';
import { endpoint, readQuery } from '../../../server/endpoint';
import { localeOrDefault, loginStartLimiter, startLogin } from '../../../server/login';
import { rateLimited } from '../../../server/rate-limit';

/** "Log in with Scratch": off to the provider, with this browser marked as the one that asked. */
export const GET = endpoint((ctx) => {
  const limited = rateLimited(loginStartLimiter, ctx.clientAddress);
  if (limited) return limited;
  const { locale } = readQuery(ctx.url, loginStartQuerySchema);
  return ctx.redirect(startLogin(ctx.cookies, localeOrDefault(locale)), 302);
});
