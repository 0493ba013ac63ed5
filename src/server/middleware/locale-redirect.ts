import type { APIContext } from 'astro';
import { LOCALE_COOKIE, preferredLocale } from '#i18n/locale-choice';
import { DEFAULT_LOCALE } from '#i18n/codes';
import { localizePath } from '#i18n/paths';

/**
 * Spec §4: the locale is chosen from the cookie or Accept-Language, and the redirect happens
 * only from the root path. Every other URL keeps the locale it names.
 */
export function redirectToPreferredLocale(ctx: Pick<APIContext, 'url' | 'cookies' | 'request'>): Response | undefined {
  if (ctx.url.pathname !== '/') return undefined;
  const locale = preferredLocale(ctx.cookies.get(LOCALE_COOKIE)?.value, ctx.request.headers.get('accept-language'));
  if (locale === DEFAULT_LOCALE) return undefined;
  return new Response(null, {
    status: 302,
    headers: {
      location: `${localizePath(locale, '/')}${ctx.url.search}`,
      vary: 'Cookie, Accept-Language',
      'cache-control': 'private, no-store',
    },
  });
}
