/** Addresses of a jam page's submissions: their order (and a random order's seed) and page, kept together. */
import { type EntrySort, defaultEntrySort } from './schemas/entries';

export interface EntryListPlace {
  sort: EntrySort;
  /** A random order's seed; left out of the address for the other sorts. */
  seed: number | null;
  page: number;
  /** A search of the entries (kept while sorting and paging); null or left out: none. */
  q?: string | null;
}

/**
 * `{path}?q=…&sort=…&seed=…&entries=…#submissions`: no search, the default sort, page 1 and a missing
 * seed stay out of the address, so the usual page keeps its one address (and its one cached copy).
 */
export function entryListHref(path: string, place: EntryListPlace, resultsPublic: boolean): string {
  const query = new URLSearchParams();
  if (place.q) query.set('q', place.q);
  if (place.sort !== defaultEntrySort(resultsPublic)) query.set('sort', place.sort);
  if (place.sort === 'random' && place.seed !== null) query.set('seed', String(place.seed));
  if (place.page > 1) query.set('entries', String(place.page));
  const search = query.toString();
  return `${path}${search ? `?${search}` : ''}#submissions`;
}
