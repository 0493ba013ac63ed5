/**
 * The one i18next setup, the server's (translate.ts); islands resolve keys the same way without
 * i18next (island-translate.ts) and share the key types.
 * No message file is imported here (only English's type), so islands do not bundle them.
 */
import i18next, { type Resource, type TOptions, type i18n as I18n } from 'i18next';
import type en from '../../locales/en.json';
import { DEFAULT_LOCALE, type LocaleCode } from './codes';

/** English is the source: every key a translation may have is one of its keys. */
export type Messages = typeof en;

/** The plural suffixes i18next adds to a key (`foo_one`, `foo_other`, `foo_ordinal_few`, …). */
export type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

/** `foo_one`, `foo_other` and `foo_ordinal_two` are called as `foo`, as i18next does; other keys as they are. */
export type PluralBase<Key extends string> = Key extends `${infer Base}_ordinal_${PluralSuffix}`
  ? Base
  : Key extends `${infer Base}_${PluralSuffix}`
    ? Base
    : Key;

/** A key `t` takes: one English has, plural forms named by their base. */
export type MessageKey = PluralBase<keyof Messages & string>;

/** The runtime twin of {@link PluralBase}. */
export const pluralBase = (key: string): string => key.replace(/(?:_ordinal)?_(?:zero|one|two|few|many|other)$/, '');

/** Translates a key English has; a typo or a key English lacks is a type error. */
export type Translate = (key: MessageKey, options?: TOptions) => string;

/** A new i18next instance for `lng`; a key the locale lacks falls back to English. */
export function createI18n(lng: LocaleCode, resources: Resource): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng,
    resources,
    fallbackLng: DEFAULT_LOCALE,
    // Synchronous: there is no backend to load from, every message is handed over up front.
    initAsync: false,
    // Astro and React escape what they render.
    interpolation: { escapeValue: false },
    // Keys are flat (`nav.home`), not nested objects, and have no namespace prefix.
    keySeparator: false,
    nsSeparator: false,
    returnNull: false,
  });
  return instance;
}
