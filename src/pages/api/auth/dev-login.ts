import { devLoginFormSchema } from '#lib/schemas/auth';
import { config } from '#server/platform/config';
import { defineEndpoint } from '#server/http/endpoint';
import { devLogin, localeOrDefault } from '#server/users/login';
import { rateLimitOf } from '#server/http/rate-limits';

/** "Sign in as any username" — only exists with ITINERARY_DEV_LOGIN=1 (never in production). */
export const POST = defineEndpoint({
  method: 'POST',
  tag: 'Login flow',
  summary: 'Sign in as any username (offline development only)',
  description: 'Exists only with ITINERARY_DEV_LOGIN=1, never in production.',
  access: 'public',
  available: () => config().ITINERARY_DEV_LOGIN,
  rateLimit: rateLimitOf('login'),
  body: { schema: devLoginFormSchema, example: { username: 'demo_admin', locale: 'en' }, form: true },
  answer: { status: 303, description: 'Redirect to /confirm-login.', location: '/confirm-login' },
  errors: [400, 404, 429],
  handler: async ({ ctx, body }) => ctx.redirect(await devLogin(ctx.cookies, body.username, localeOrDefault(body.locale)), 303),
});
