/**
 * The middleware's steps, in order: each gets the request and the rest of the chain, and answers
 * itself or passes on. Every step must have a line in SKIPPED_STEPS_ARE_SAFE (the fast path of the
 * Node host skips them all for cached pages).
 */
import type { APIContext, MiddlewareNext } from 'astro';
import { DEFAULT_LOCALE, isLocaleCode } from '#i18n/locales';
import { splitLocale } from '#i18n/paths';
import { translator } from '#i18n/translate';
import { sessionLoader } from '#server/auth/require';
import { withPageCache } from '#server/cache/page-cache';
import { trackingWrite } from '#server/cache/writers';
import { AppError, errorResponse } from '#server/platform/errors';
import { requireCurrentSchema } from '#server/platform/schema-version';
import { apiNotFound } from './api-not-found';
import { withPublicCors } from './cors';
import { isErrorPage, plainErrorResponse, withErrorPageFallback } from './error-page-fallback';
import { redirectToPreferredLocale } from './locale-redirect';
import { crossSiteRefusal } from './origin-check';
import { type StepName, askOf, mayAnswerFromPageCache } from './page-cache-decision';
import { guardRoute } from './page-guards';
import { withSecurityHeaders } from './security-headers';

type Next = () => Promise<Response>;
interface Step {
  name: StepName;
  run(ctx: APIContext, next: Next): Promise<Response> | Response;
}

const isApiWrite = (request: Request, url: URL) =>
  !['GET', 'HEAD', 'OPTIONS'].includes(request.method) && url.pathname.startsWith('/api/');

async function currentSchemaOr503(ctx: APIContext, next: Next): Promise<Response> {
  if (ctx.isPrerendered) return next(); // built without a database
  try {
    await requireCurrentSchema();
  } catch (error) {
    console.error('The database schema could not be checked:', error instanceof AppError ? error.message : error);
    // What went wrong inside stays in the log; the visitor learns only what they can act on.
    const refusal = error instanceof AppError ? error : new AppError(503, 'upstream_unavailable', 'The database is unreachable.');
    return ctx.url.pathname.startsWith('/api/') ? errorResponse(refusal) : plainErrorResponse(503, refusal.message);
  }
  return next();
}

export const MIDDLEWARE_STEPS: readonly Step[] = [
  // Not while prerendering: the files' headers come from the host (Node) or the platform's `_headers`, with Astro's own page policy.
  { name: 'security-headers', run: (ctx, next) => (ctx.isPrerendered ? next() : withSecurityHeaders(next)) },
  {
    name: 'request-locals',
    run: (ctx, next) => {
      // A rewrite (e.g. to /404) runs the steps again: keep the locale of the URL the visitor asked for.
      ctx.locals.locale ??= splitLocale(ctx.url.pathname).locale;
      ctx.locals.t ??= translator(ctx.locals.locale);
      ctx.locals.session ??= sessionLoader(ctx.request, ctx.cookies);
      return next();
    },
  },
  { name: 'current-schema', run: currentSchemaOr503 },
  { name: 'cross-site-refusal', run: (ctx, next) => crossSiteRefusal(ctx) ?? next() },
  // Before the error-page shortcut: a guarded page that is not built yet is still guarded.
  { name: 'route-guards', run: async (ctx, next) => (await guardRoute(ctx)) ?? next() },
  {
    name: 'error-pages',
    run: (ctx, next) => (isErrorPage(ctx) ? (apiNotFound(ctx) ?? withErrorPageFallback(ctx, next)) : next()),
  },
  { name: 'locale-redirect', run: (ctx, next) => redirectToPreferredLocale(ctx) ?? next() },
  {
    // Every page lives under `src/pages/[...locale]/`; the optional segment must be `hu` or `ir` (English has no prefix).
    name: 'unknown-locale',
    run: (ctx, next) => {
      const param = ctx.params.locale;
      const isPage = 'locale' in ctx.params;
      if (isPage && param !== undefined && (param === DEFAULT_LOCALE || !isLocaleCode(param))) return ctx.rewrite('/404');
      return next();
    },
  },
  { name: 'write-tracking', run: (ctx, next) => (isApiWrite(ctx.request, ctx.url) ? trackingWrite(next) : next()) },
  { name: 'public-cors', run: (ctx, next) => withPublicCors(ctx, next) },
  {
    name: 'page-cache',
    run: (ctx, next) =>
      !ctx.isPrerendered && mayAnswerFromPageCache(askOf(ctx.request, ctx.url)) ? withPageCache(ctx, next) : next(),
  },
];

/** Runs the steps in order, Astro's `next` (the page or endpoint) last. */
export function runMiddleware(
  ctx: APIContext,
  render: MiddlewareNext,
  steps: readonly Step[] = MIDDLEWARE_STEPS,
): Promise<Response> {
  const at = (index: number): Promise<Response> =>
    index === steps.length ? render() : Promise.resolve(steps[index]!.run(ctx, () => at(index + 1)));
  return at(0);
}
