import { DEFAULT_ACTIVITY_PER_PAGE, type ActivityQuery } from '#lib/schemas/activity';

/** The activity page's query string for a filter, leaving defaults out (like the explore URL). */
export function activitySearch(query: Partial<ActivityQuery>): string {
  const params = new URLSearchParams();
  if (query.jam) params.set('jam', query.jam);
  if (query.user) params.set('user', query.user);
  if (query.action) params.set('action', query.action);
  if (query.perPage && query.perPage !== DEFAULT_ACTIVITY_PER_PAGE) params.set('perPage', String(query.perPage));
  if (query.page && query.page > 1) params.set('page', String(query.page));
  const search = params.toString();
  return search ? `?${search}` : '';
}
