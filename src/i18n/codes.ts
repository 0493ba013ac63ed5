/** Locale codes without the message files, so browser code can use them without bundling every locale. */
export const LOCALE_CODES = ['en', 'hu', 'ir'] as const;
export type LocaleCode = (typeof LOCALE_CODES)[number];
export const DEFAULT_LOCALE: LocaleCode = 'en';

export const isLocaleCode = (value: unknown): value is LocaleCode =>
  typeof value === 'string' && (LOCALE_CODES as readonly string[]).includes(value);
