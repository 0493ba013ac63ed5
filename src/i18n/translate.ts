import { DEFAULT_LOCALE, LOCALE_CODES, type LocaleCode, messages } from './locales';
import { type MessageKey, type Translate, createI18n, pluralBase } from './setup';

export type { MessageKey, Translate };

/** The server's instance: every locale loaded, missing keys falling back to English (see setup.ts). */
const i18n = createI18n(DEFAULT_LOCALE, Object.fromEntries(LOCALE_CODES.map((code) => [code, { translation: messages[code] }])));

/**
 * What i18next answered, per locale: the messages never change while the server runs, and its `t`
 * takes 5–12 µs a call with options (a page of jam cards or page numbers asks dozens of times, often
 * the same). Keys without options are kept for good; calls with options (counts, names) are kept
 * when every option is a plain value, up to MAX_KEPT per locale, then started afresh.
 */
const plainTexts = new Map(LOCALE_CODES.map((code) => [code, new Map<string, string>()]));
const optionTexts = new Map(LOCALE_CODES.map((code) => [code, new Map<string, string>()]));
const MAX_KEPT = 10_000;

const isPlain = (value: unknown) => value === null || ['string', 'number', 'boolean', 'undefined'].includes(typeof value);

/** One per locale: a translator holds nothing of a request. */
const translators = new Map<LocaleCode, Translate>();

/** `Astro.locals.t`: i18next's `t` for the locale, narrowed to the keys English has. */
export function translator(locale: LocaleCode): Translate {
  let translate = translators.get(locale);
  if (!translate) {
    translate = keptTranslator(locale);
    translators.set(locale, translate);
  }
  return translate;
}

function keptTranslator(locale: LocaleCode): Translate {
  const t = i18n.getFixedT(locale);
  const plain = plainTexts.get(locale)!;
  const withOptions = optionTexts.get(locale)!;
  return (key, options) => {
    if (options) {
      if (!Object.values(options).every(isPlain)) return t(key, options);
      const asked = `${key} ${JSON.stringify(options)}`;
      let text = withOptions.get(asked);
      if (text === undefined) {
        text = t(key, options);
        if (withOptions.size >= MAX_KEPT) withOptions.clear();
        withOptions.set(asked, text);
      }
      return text;
    }
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
