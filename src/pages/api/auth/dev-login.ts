import { devLoginFormSchema } from '../../../lib/schemas/auth';
import { config } from '../../../server/config';
import { endpoint } from '../../../server/endpoint';
import { notFound } from '../../../server/errors';
import { readForm } from '../../../server/forms';
import { devLogin, localeOrDefault, loginStartLimiter } from '../../../server/login';
import { rateLimited } from '../../../server/rate-limit';

/** "Sign in as any username" — only exists with ITINERARY_DEV_LOGIN=1 (never in production). */
export const POST = endpoint(async (ctx) => {
  if (!config().ITINERARY_DEV_LOGIN) throw notFound();
  const limited = rateLimited(loginStartLimiter, ctx.clientAddress);
  if (limited) return limited;
  const { username, locale } = await readForm(ctx.request, devLoginFormSchema);
  return ctx.redirect(await devLogin(ctx.cookies, username, localeOrDefault(locale)), 303);
});
