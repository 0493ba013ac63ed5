import { DEFAULT_JAMS_PER_PAGE, DEFAULT_JAM_SORT, type JamListQuery } from '#lib/schemas/jams';

/** The explore URL for a query, leaving defaults out so shared links stay short. */
export function exploreSearch(query: Partial<JamListQuery>): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.status) params.set('status', query.status);
  if (query.featured !== undefined) params.set('featured', String(query.featured));
  if (query.sort && query.sort !== DEFAULT_JAM_SORT) params.set('sort', query.sort);
  if (query.perPage && query.perPage !== DEFAULT_JAMS_PER_PAGE) params.set('perPage', String(query.perPage));
  if (query.page && query.page > 1) params.set('page', String(query.page));
  const search = params.toString();
  return search ? `?${search}` : '';
}
