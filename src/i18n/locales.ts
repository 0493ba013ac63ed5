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
/** A translation is complete when it has every key English has. */
export const isComplete = (dictionary: Partial<Messages>) =>
  englishKeys.every((key) => typeof (dictionary as Record<string, unknown>)[key] === 'string');

const describe = (code: LocaleCode, iso: string, name: string, lang: string): Locale => ({
  code,
  iso,
  file: `${code}.json`,
  name,
  lang,
  complete: isComplete(messages[code]),
});

export const LOCALES: readonly Locale[] = [
  describe('en', 'en-GB', 'English', 'en'),
  describe('hu', 'hu-HU', 'Magyar', 'hu'),
  describe('ir', 'ir-IR', 'Gaeilge', 'ga'),
];

export const localeByCode = (code: LocaleCode): Locale => LOCALES.find((locale) => locale.code === code)!;
