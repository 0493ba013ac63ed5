import { DEFAULT_LOCALE, LOCALE_CODES } from './codes';

/** getStaticPaths for a prerendered page under [...locale]: `/x`, `/hu/x` and `/ir/x`. */
export function localeStaticPaths() {
  return LOCALE_CODES.map((code) => ({ params: { locale: code === DEFAULT_LOCALE ? undefined : code } }));
}
