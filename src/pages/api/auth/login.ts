import { loginStartQuerySchema } from '#lib/schemas/auth';
import { defineEndpoint } from '#server/http/endpoint';
import { localeOrDefault, startLogin } from '#server/users/login';
import { rateLimitOf } from '#server/http/rate-limits';

/** "Log in with Scratch": off to the provider, with this browser marked as the one that asked. */
export const GET = defineEndpoint({
  method: 'GET',
  tag: 'Login flow',
  summary: 'Start “Log in with Scratch”',
  access: 'public',
  rateLimit: rateLimitOf('login'),
  query: { schema: loginStartQuerySchema, notes: { locale: 'en, hu or ir: the language to come back to.' } },
  answer: {
    status: 302,
    description: 'Redirect to the login provider.',
    location: '{SCRATCH_AUTH_URL}/auth/?redirect=…&name=Itinerary',
  },
  errors: [400, 429],
  handler: ({ ctx, query }) => ctx.redirect(startLogin(ctx.cookies, localeOrDefault(query.locale)), 302),
});
