import { DEFAULT_LOCALE, LOCALE_CODES, type LocaleCode, messages } from './locales';
import { type MessageKey, type Translate, createI18n, pluralBase } from './setup';

export type { MessageKey, Translate };

/** The server's instance: every locale loaded, missing keys falling back to English (see setup.ts). */
const i18n = createI18n(DEFAULT_LOCALE, Object.fromEntries(LOCALE_CODES.map((code) => [code, { translation: messages[code] }])));

/**
 * What a key without options says in each locale: the messages never change while the server runs,
 * and i18next's `t` costs about 6 % of a page render (a page of jam cards asks for the same labels
 * 20 times).
 */
const plainTexts = new Map(LOCALE_CODES.map((code) => [code, new Map<string, string>()]));

/** `Astro.locals.t`: i18next's `t` for the locale, narrowed to the keys English has. */
export function translator(locale: LocaleCode): Translate {
  const t = i18n.getFixedT(locale);
  const plain = plainTexts.get(locale)!;
  return (key, options) => {
    if (options) return t(key, options);
    let text = plain.get(key);
    if (text === undefined) {
      text = t(key, {});
      plain.set(key, text);
    }
    return text;
  };
}

/**
 * Every key `t` takes, read from en.json (plural forms once, by their base). The cast names at
 * runtime what MessageKey names as a type; tests/unit/i18n-keys.test.ts checks they agree.
 */
export const MESSAGE_KEYS = [...new Set(Object.keys(messages.en).map(pluralBase))] as MessageKey[];
