/** The language selector's links: remember the choice in the locale cookie and keep the page. */
import { LOCALE_COOKIE, LOCALE_COOKIE_DAYS } from '#i18n/locale-choice';
import { isLocaleCode } from '#i18n/codes';
import { pagePath } from '#i18n/current-path';
import { localizePath } from '#i18n/paths';
import { serializeCookie } from '#lib/cookies';

export function rememberLocaleOnSwitch(): void {
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.('a[data-switch-locale]');
    if (!(link instanceof HTMLAnchorElement)) return;
    const locale = link.dataset.switchLocale;
    if (!isLocaleCode(locale)) return;
    document.cookie = serializeCookie(LOCALE_COOKIE, locale, { days: LOCALE_COOKIE_DAYS });
    // The page as the visitor sees it now (query and hash included), in the chosen language.
    link.href = `${localizePath(locale, pagePath(location.pathname))}${location.search}${location.hash}`;
  });
}
