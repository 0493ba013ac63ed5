import { defineMiddleware } from 'astro:middleware';
import { DEFAULT_LOCALE, isLocaleCode } from '#i18n/locales';
import { splitLocale } from '#i18n/paths';
import { translator } from '#i18n/translate';
import { apiNotFound } from '#server/middleware/api-not-found';
import { sessionLoader } from '#server/auth/require';
import { withPublicCors } from '#server/middleware/cors';
import { isErrorPage, withErrorPageFallback } from '#server/middleware/error-page-fallback';
import { guardRoute } from '#server/middleware/page-guards';
import { crossSiteRefusal } from '#server/middleware/origin-check';
import { redirectToPreferredLocale } from '#server/middleware/locale-redirect';
import { withPageCache } from '#server/cache/page-cache';
import { trackingWrite } from '#server/cache/writers';
// Registers the page cache's fast path, which scripts/start.ts asks before Astro runs.
import '#server/node/page-cache-fast-path';

/**
 * Every page lives under `src/pages/[...locale]/`; the optional `locale` segment must be
 * `hu` or `ir` (English has no prefix). Anything else is an unknown page.
 */
export const onRequest = defineMiddleware(async (ctx, next) => {
  // A rewrite (e.g. to /404) runs this again: keep the locale of the URL the visitor asked for.
  ctx.locals.locale ??= splitLocale(ctx.url.pathname).locale;
  ctx.locals.t ??= translator(ctx.locals.locale);
  ctx.locals.session ??= sessionLoader(ctx.request, ctx.cookies);

  const crossSite = crossSiteRefusal(ctx);
  if (crossSite) return crossSite;

  // Before the error-page shortcut: a guarded page that is not built yet is still guarded.
  const detour = await guardRoute(ctx);
  if (detour) return detour;
  if (isErrorPage(ctx)) return apiNotFound(ctx) ?? withErrorPageFallback(ctx, next);
  const localeRedirect = redirectToPreferredLocale(ctx);
  if (localeRedirect) return localeRedirect;

  const param = ctx.params.locale;
  const isPage = 'locale' in ctx.params;
  if (isPage && param !== undefined && (param === DEFAULT_LOCALE || !isLocaleCode(param))) {
    return ctx.rewrite('/404');
  }
  const answer = () => withPublicCors(ctx, () => withPageCache(ctx, next));
  return isApiWrite(ctx.request, ctx.url) ? trackingWrite(answer) : answer();
});

const isApiWrite = (request: Request, url: URL) =>
  !['GET', 'HEAD', 'OPTIONS'].includes(request.method) && url.pathname.startsWith('/api/');
