import { endpoint } from '#server/http/endpoint';
import { feedJams, jsonFeed } from '#server/publish/feeds';
import { shareResponse } from '#server/http/share-responses';
import { siteUrl } from '#server/publish/site-urls';

/** JSON Feed 1.1 of new jams and jams starting soon, in the locale of the address. */
export const GET = endpoint(async ({ locals }) => {
  const feed = jsonFeed(await feedJams(), { site: siteUrl(), locale: locals.locale, t: locals.t });
  return shareResponse(JSON.stringify(feed), 'application/feed+json; charset=utf-8');
});
