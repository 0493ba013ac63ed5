/**
 * A place with the number it is out of (issue 57): "3rd of 412", "3. / 412", "3ú as 412". The
 * ordinal is the locale's own (English suffixes by the plural rules for ordinals); the sentence
 * around it is the `place.ofTotal` text. Pure: pages and islands both use it.
 */
const ENGLISH_SUFFIXES: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };

export function ordinal(n: number, locale: string): string {
  if (locale === 'hu') return `${n}.`;
  if (locale === 'ir' || locale === 'ga') return `${n}ú`;
  return `${n}${ENGLISH_SUFFIXES[new Intl.PluralRules('en', { type: 'ordinal' }).select(n)] ?? 'th'}`;
}

// Any translator: the server's and the islands' (their keys typed, so taken loosely here).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Translate = (key: any, options?: any) => string;

/** "3rd of 412" in the reader's language; "3rd" alone when the total is not known. */
export const placeOf = (t: Translate, locale: string, rank: number, total: number | null | undefined): string =>
  total ? t('place.ofTotal', { place: ordinal(rank, locale), total }) : ordinal(rank, locale);
