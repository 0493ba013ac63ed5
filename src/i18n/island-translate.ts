/**
 * The islands' translator: the messages their page passes, resolved the way the server's i18next
 * resolves them (setup.ts), without shipping i18next to the browser (~18 KB gzip on every page).
 * Per language (the island's, then English for the keys it lacks): `key_zero` for a count of 0,
 * the count's plural form, the bare key, then `key_other`; `{{name}}` takes the option of that name
 * and stays as it is when no such option was passed. tests/unit/i18n-islands.test.ts holds it to
 * the server's output for every key, language and count.
 */
import type { TOptions } from 'i18next';
import { DEFAULT_LOCALE } from './codes';
import type { IslandMessages } from './island';
import type { Translate } from './setup';

const pluralRules = new Map<string, Intl.PluralRules>();

function pluralCategory(language: string, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

function candidates(key: string, language: string, count: unknown): string[] {
  if (typeof count !== 'number') return [key];
  const category = pluralCategory(language, count);
  return [...(count === 0 ? [`${key}_zero`] : []), `${key}_${category}`, key, ...(category === 'other' ? [] : [`${key}_other`])];
}

const PLACEHOLDER = /\{\{\s*([^{}\s]+)\s*\}\}/g;

function interpolate(text: string, options: TOptions): string {
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    if (!Object.prototype.hasOwnProperty.call(options, name)) return placeholder;
    const value = (options as Record<string, unknown>)[name];
    return value === undefined || value === null ? '' : String(value);
  });
}

/**
 * One translator per messages object, which keeps its answers: on the server every island of a
 * kind gets the same messages object (islandMessages picks them once), and a page of jam cards
 * renders the same countdown labels ten times a render. Calls whose options are all plain values
 * are kept, up to MAX_KEPT per translator, then started afresh.
 */
const translators = new WeakMap<IslandMessages, Translate>();
const MAX_KEPT = 2000;

const isPlain = (value: unknown) => value === null || ['string', 'number', 'boolean', 'undefined'].includes(typeof value);

export function islandTranslator(messages: IslandMessages): Translate {
  let translate = translators.get(messages);
  if (!translate) {
    translate = keptTranslator(resolver(messages));
    translators.set(messages, translate);
  }
  return translate;
}

function keptTranslator(resolve: Translate): Translate {
  const kept = new Map<string, string>();
  return (key, options) => {
    if (options && !Object.values(options).every(isPlain)) return resolve(key, options);
    const asked = options ? `${key} ${JSON.stringify(options)}` : key;
    let text = kept.get(asked);
    if (text === undefined) {
      text = resolve(key, options);
      if (kept.size >= MAX_KEPT) kept.clear();
      kept.set(asked, text);
    }
    return text;
  };
}

function resolver({ locale, resources, english }: IslandMessages): Translate {
  const languages: [string, Record<string, string>][] = [[locale, resources]];
  if (locale !== DEFAULT_LOCALE) languages.push([DEFAULT_LOCALE, english ?? {}]);
  return (key, options = {}) => {
    for (const [language, messages] of languages) {
      for (const candidate of candidates(key, language, options.count)) {
        const text = messages[candidate];
        if (text !== undefined) return interpolate(text, options);
      }
    }
    return key;
  };
}
