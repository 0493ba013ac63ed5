import { type LocaleCode, localeByCode, messages } from './locales';

/** What an island needs to translate: its locale and the messages under its key prefixes. */
export interface IslandMessages {
  locale: LocaleCode;
  lang: string;
  resources: Record<string, string>;
}

/**
 * Picks the messages an island uses (by key prefix), English filling the gaps, so each
 * island's props carry only its own strings instead of every locale file.
 */
export function islandMessages(locale: LocaleCode, prefixes: readonly string[]): IslandMessages {
  const wanted = (key: string) => prefixes.some((prefix) => key.startsWith(prefix));
  const resources: Record<string, string> = {};
  for (const source of [messages.en, messages[locale]]) {
    for (const [key, value] of Object.entries(source)) {
      if (wanted(key) && typeof value === 'string') resources[key] = value;
    }
  }
  return { locale, lang: localeByCode(locale).lang, resources };
}

/** Key prefixes the shared React components (spinner, modal, confirmation, table) translate with. */
export const SHARED_COMPONENT_PREFIXES = ['common.', 'loading.', 'modal.', 'table.'] as const;
