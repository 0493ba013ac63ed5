/**
 * "A, B and C" in the reader's language, as pieces to render (names are elements such as links, so
 * they cannot be one string): Intl.ListFormat says where the commas and the "and" go.
 */
const LIST_LANGUAGES: Record<string, string> = { en: 'en-GB', hu: 'hu', ir: 'ga' };

/**
 * The pieces depend only on the language and the count: each list is worked out once. Making an
 * Intl.ListFormat costs about as much as rendering the entry it is for, and a page of entries asked
 * for one per entry with a team.
 */
const lists = new Map<string, readonly (number | string)[]>();

/** The list of `count` items: numbers are the items' indexes, strings the words between them. */
export function listParts(locale: string, count: number): readonly (number | string)[] {
  if (count <= 1) return count === 1 ? [0] : [];
  const key = `${locale} ${count}`;
  let parts = lists.get(key);
  if (!parts) {
    parts = Object.freeze(workOut(locale, count));
    lists.set(key, parts);
  }
  return parts;
}

function workOut(locale: string, count: number): (number | string)[] {
  const placeholders = Array.from({ length: count }, (_, index) => `#${index}`);
  let next = 0;
  try {
    const format = new Intl.ListFormat(LIST_LANGUAGES[locale] ?? 'en-GB', { type: 'conjunction', style: 'long' });
    return format.formatToParts(placeholders).map((part) => (part.type === 'element' ? next++ : part.value));
  } catch {
    return placeholders.flatMap((_, index) => (index === 0 ? [0] : [', ', index]));
  }
}
