import { DEFAULT_LOCALE, type LocaleCode, isLocaleCode } from './codes';

/** Spec §9: the locale cookie lasts 365 days, SameSite=Lax, path /. */
export const LOCALE_COOKIE = 'itinerary-locale';
export const LOCALE_COOKIE_DAYS = 365;

/** Browsers send Irish as `ga`; our URL prefix is `ir`, so both map to it. */
const LANGUAGE_TO_LOCALE: Record<string, LocaleCode> = { en: 'en', hu: 'hu', ga: 'ir', ir: 'ir' };

function localeForTag(tag: string): LocaleCode | undefined {
  return LANGUAGE_TO_LOCALE[tag.trim().toLowerCase().split('-')[0] ?? ''];
}

/** Best supported locale in an Accept-Language header, honouring q-values. */
export function localeFromAcceptLanguage(header: string | null | undefined): LocaleCode | undefined {
  const ranked = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag, weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter(({ tag, weight }) => tag.trim() !== '' && tag.trim() !== '*' && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) {
    const locale = localeForTag(tag);
    if (locale) return locale;
  }
  return undefined;
}

/** The cookie wins over the browser's languages; English when neither names a locale we have. */
export function preferredLocale(cookie: string | undefined, acceptLanguage: string | null | undefined): LocaleCode {
  if (isLocaleCode(cookie)) return cookie;
  return localeFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LOCALE;
}
