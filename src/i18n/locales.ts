import en from '../../locales/en.json';
import hu from '../../locales/hu.json';
import ir from '../../locales/ir.json';
import { DEFAULT_LOCALE, LOCALE_CODES, type LocaleCode, isLocaleCode } from './codes';
import type { Messages } from './setup';

export { DEFAULT_LOCALE, LOCALE_CODES, type LocaleCode, type Messages, isLocaleCode };

export interface Locale {
  code: LocaleCode;
  iso: string;
  file: string;
  name: string;
  /** BCP 47 tag for the html lang attribute (Irish is `ga`, although its URL prefix is `ir`). */
  lang: string;
  complete: boolean;
}

export const messages: Record<LocaleCode, Partial<Messages>> = { en, hu, ir };

const englishKeys = Object.keys(en);

/** The keys English has that a translation does not (the English text stands in for them). */
export const untranslatedKeys = (dictionary: Partial<Messages>): string[] =>
  englishKeys.filter((key) => typeof (dictionary as Record<string, unknown>)[key] !== 'string');

const describe = (code: LocaleCode, iso: string, name: string, lang: string, complete: boolean): Locale => ({
  code,
  iso,
  file: `${code}.json`,
  name,
  lang,
  complete,
});

/**
 * Completeness is stated here, by whoever reviews a translation, not inferred from its keys: a
 * translation can have every key and still wait for review. A locale stated complete must have no
 * untranslated key (tests/unit/locales.test.ts).
 */
export const LOCALES: readonly Locale[] = [
  describe('en', 'en-GB', 'English', 'en', true),
  describe('hu', 'hu-HU', 'Magyar', 'hu', false),
  describe('ir', 'ir-IR', 'Gaeilge', 'ga', false),
];

export const localeByCode = (code: LocaleCode): Locale => LOCALES.find((locale) => locale.code === code)!;
