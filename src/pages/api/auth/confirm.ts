import { loginTokenFormSchema } from '../../../lib/schemas/auth';
import { endpoint } from '../../../server/endpoint';
import { readForm } from '../../../server/forms';
import { confirmLogin, localeOrDefault } from '../../../server/login';

/** The Confirm button on /confirm-login (a form post; Astro's origin check guards it). */
export const POST = endpoint(async (ctx) => {
  const { token, locale } = await readForm(ctx.request, loginTokenFormSchema);
  return ctx.redirect(await confirmLogin(ctx.cookies, token, localeOrDefault(locale)), 303);
});
