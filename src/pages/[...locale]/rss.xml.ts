import rss from '@astrojs/rss';
import { endpoint } from '#server/http/endpoint';
import { feedJams, rssOptions } from '#server/publish/feeds';
import { SHARE_CACHE_CONTROL } from '#server/http/share-responses';
import { siteUrl } from '#server/publish/site-urls';

/** RSS of new jams and jams starting soon, in the locale of the address (`/rss.xml`, `/hu/rss.xml`). */
export const GET = endpoint(async ({ locals }) => {
  const response = await rss(rssOptions(await feedJams(), { site: siteUrl(), locale: locals.locale, t: locals.t }));
  response.headers.set('content-type', 'application/rss+xml; charset=utf-8');
  response.headers.set('cache-control', SHARE_CACHE_CONTROL);
  return response;
});
