import { DEFAULT_LOCALE, type LocaleCode, localeByCode, messages } from './locales';

/** What an island needs to translate: its locale and the messages under its key prefixes. */
export interface IslandMessages {
  locale: LocaleCode;
  lang: string;
  /** The locale's own messages. */
  resources: Record<string, string>;
  /** English for the keys the locale lacks, which the island's i18next falls back to as the server's does. */
  english?: Record<string, string>;
}

const picked = new Map<string, IslandMessages>();

/**
 * Picks the messages an island uses (by key prefix), so each island's props carry only its own
 * strings instead of every locale file. Where the locale lacks a key, English comes along as the
 * fallback language (not merged into the locale: i18next tries a locale's `_other` form before
 * falling back, and the island must show what the server shows). Picked once per locale and
 * prefixes (the prefixes are written in the components, so there are a few dozen): a page of 20 jam
 * cards asked for the countdown's messages 20 times a render, each a walk through every message.
 */
export function islandMessages(locale: LocaleCode, prefixes: readonly string[]): IslandMessages {
  const key = `${locale} ${prefixes.join(' ')}`;
  let result = picked.get(key);
  if (!result) {
    result = pickMessages(locale, prefixes);
    picked.set(key, result);
  }
  return result;
}

function pickMessages(locale: LocaleCode, prefixes: readonly string[]): IslandMessages {
  const wanted = (key: string) => prefixes.some((prefix) => key.startsWith(prefix));
  const pick = (source: Record<string, unknown>, keep: (key: string) => boolean) => {
    const chosen: Record<string, string> = {};
    for (const [key, value] of Object.entries(source)) {
      if (typeof value === 'string' && wanted(key) && keep(key)) chosen[key] = value;
    }
    return chosen;
  };
  const own: Record<string, unknown> = messages[locale];
  const resources = pick(own, () => true);
  const result: IslandMessages = { locale, lang: localeByCode(locale).lang, resources };
  if (locale === DEFAULT_LOCALE) return result;
  const english = pick(messages[DEFAULT_LOCALE], (key) => typeof own[key] !== 'string');
  return Object.keys(english).length > 0 ? { ...result, english } : result;
}

/** Key prefixes the shared React components (spinner, modal, confirmation, table) translate with. */
export const SHARED_COMPONENT_PREFIXES = ['common.', 'loading.', 'modal.', 'table.'] as const;
