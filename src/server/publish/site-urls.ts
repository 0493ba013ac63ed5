/** Absolute addresses of the site's pages, for everything read outside the site (feeds, calendars, previews). */
import { DEFAULT_LOCALE, LOCALES, type LocaleCode } from '#i18n/locales';
import { localizePath } from '#i18n/paths';
import { config } from '#server/platform/config';

/** PUBLIC_SITE_URL, without a trailing slash. */
export const siteUrl = (): string => config().PUBLIC_SITE_URL;

export const absoluteUrl = (site: string, path: string): string => new URL(path, `${site}/`).href;

export const jamPath = (slug: string, locale: LocaleCode = DEFAULT_LOCALE): string =>
  localizePath(locale, `/jams/${encodeURIComponent(slug)}`);

export const jamCalendarPath = (slug: string, locale: LocaleCode = DEFAULT_LOCALE): string => `${jamPath(slug, locale)}.ics`;

/** `jam-12@itinerary.example`: never changes for a jam, whatever is renamed, so calendars update in place. */
/** A jam's calendar event UID; `part` names another event of the same jam (its voting period). */
export const jamEventUid = (site: string, jamId: number, part?: 'voting'): string =>
  `jam-${jamId}${part ? `-${part}` : ''}@${new URL(site).host}`;

export interface AlternateLink {
  /** BCP 47 (`ga` for Irish, whose URL prefix is `ir`), or `x-default`. */
  hreflang: string;
  href: string;
}

/** The same page in every locale, English doubling as `x-default`. `path` has no locale prefix. */
export function alternateLinks(site: string, path: string): AlternateLink[] {
  const links = LOCALES.map((locale) => ({ hreflang: locale.lang, href: absoluteUrl(site, localizePath(locale.code, path)) }));
  return [...links, { hreflang: 'x-default', href: absoluteUrl(site, localizePath(DEFAULT_LOCALE, path)) }];
}

const REGIONAL_TAGS: Record<LocaleCode, string> = { en: 'en-GB', hu: 'hu-HU', ir: 'ga-IE' };

/** Language and region for dates and link previews (`ga-IE`: the URL prefix `ir` is no language tag). */
export const regionalTag = (locale: LocaleCode): string => REGIONAL_TAGS[locale];
