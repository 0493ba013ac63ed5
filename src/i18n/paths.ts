import { userPath } from '#lib/user-url';
import { DEFAULT_LOCALE, type LocaleCode, isLocaleCode } from './codes';

/** `/explore` in Hungarian is `/hu/explore`; English has no prefix. */
export function localizePath(locale: LocaleCode, path: string): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (locale === DEFAULT_LOCALE) return clean;
  return clean === '/' ? `/${locale}` : `/${locale}${clean}`;
}

/** Splits `/hu/jams/x` into `hu` and `/jams/x`. */
export function splitLocale(pathname: string): { locale: LocaleCode; path: string } {
  const [, first, ...rest] = pathname.split('/');
  if (first && first !== DEFAULT_LOCALE && isLocaleCode(first)) {
    return { locale: first, path: `/${rest.join('/')}` };
  }
  return { locale: DEFAULT_LOCALE, path: pathname || '/' };
}

/** A person's public profile in a locale's routes; islands pass their `useLanguage()` code (`ir` for Irish). */
export const userHref = (locale: string, name: string): string =>
  localizePath(isLocaleCode(locale) ? locale : DEFAULT_LOCALE, userPath(name));
