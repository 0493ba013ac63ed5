import i18next, { type TFunction } from 'i18next';
import { DEFAULT_LOCALE, LOCALE_CODES, type LocaleCode, messages } from './locales';

const resources = Object.fromEntries(LOCALE_CODES.map((code) => [code, { translation: messages[code] }]));

/** One i18next instance for the whole process; missing keys fall back to English. */
export const i18n = i18next.createInstance();
void i18n.init({
  resources,
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  initAsync: false,
  interpolation: { escapeValue: false },
  keySeparator: false,
  nsSeparator: false,
  returnNull: false,
});

export type Translate = TFunction;

export const translator = (locale: LocaleCode): Translate => i18n.getFixedT(locale);
