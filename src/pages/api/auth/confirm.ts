import { loginTokenFormSchema } from '#lib/schemas/auth';
import { defineEndpoint } from '#server/http/endpoint';
import { confirmLogin, localeOrDefault } from '#server/users/login';

/** The Confirm button on /confirm-login (a form post; Astro's origin check guards it). */
export const POST = defineEndpoint({
  method: 'POST',
  tag: 'Login flow',
  summary: 'Confirm the login (the form on /confirm-login)',
  access: 'public',
  body: { schema: loginTokenFormSchema, example: { token: 'abcdefghijklmnopqrstuvwxyz234567', locale: 'en' }, form: true },
  answer: { status: 303, description: 'Session cookie set; redirect home.', location: '/' },
  errors: [400],
  handler: async ({ ctx, body }) => ctx.redirect(await confirmLogin(ctx.cookies, body.token, localeOrDefault(body.locale)), 303),
});
