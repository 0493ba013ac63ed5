import { loginTokenFormSchema } from '#lib/schemas/auth';
import { defineEndpoint } from '#server/http/endpoint';
import { cancelLogin, localeOrDefault } from '#server/users/login';

/** The Cancel button on /confirm-login. */
export const POST = defineEndpoint({
  method: 'POST',
  tag: 'Login flow',
  summary: 'Cancel the login (the form on /confirm-login)',
  access: 'public',
  body: { schema: loginTokenFormSchema, example: { token: 'abcdefghijklmnopqrstuvwxyz234567', locale: 'en' }, form: true },
  answer: { status: 303, description: 'Redirect home without a session.', location: '/' },
  errors: [400],
  handler: async ({ ctx, body }) => ctx.redirect(await cancelLogin(ctx.cookies, body.token, localeOrDefault(body.locale)), 303),
});
