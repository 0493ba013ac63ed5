import { loginTokenFormSchema } from '../../../lib/schemas/auth';
import { endpoint } from '../../../server/endpoint';
import { readForm } from '../../../server/forms';
import { cancelLogin, localeOrDefault } from '../../../server/login';

/** The Cancel button on /confirm-login. */
export const POST = endpoint(async (ctx) => {
  const { token, locale } = await readForm(ctx.request, loginTokenFormSchema);
  return ctx.redirect(await cancelLogin(ctx.cookies, token, localeOrDefault(locale)), 303);
});
