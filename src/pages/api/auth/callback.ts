import { z } from 'zod';
import { loginCallbackQuerySchema } from '#lib/schemas/auth';
import { defineEndpoint } from '#server/http/endpoint';
import { finishLogin } from '#server/users/login';
import { rateLimitOf } from '#server/http/rate-limits';

/** The provider sends the browser back here with `?privateCode=…`; a missing or bad code is a failed login, not a 400. */
export const GET = defineEndpoint({
  method: 'GET',
  tag: 'Login flow',
  summary: 'Return from the login provider',
  access: 'public',
  rateLimit: rateLimitOf('login-callback'),
  query: {
    schema: z.object({ privateCode: loginCallbackQuerySchema.shape.privateCode.optional().catch(undefined) }),
    notes: { privateCode: 'The single-use code from the provider.' },
  },
  answer: {
    status: 302,
    description: 'Redirect to /confirm-login, or back to /login with the reason.',
    location: '/confirm-login',
  },
  errors: [429],
  handler: async ({ ctx, query }) => ctx.redirect(await finishLogin(ctx.cookies, query.privateCode ?? null), 302),
});
