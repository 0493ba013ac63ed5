import { endpoint } from '#server/http/endpoint';
import { PRIVATE_FEED_HEADERS, feedJams, privateRss } from '#server/publish/private-feeds';
import { absoluteUrl, siteUrl } from '#server/publish/site-urls';

/** A person's private RSS: the start, deadline and voting end of the jams they joined. Only its secret address opens it. */
export const GET = endpoint(async ({ params, locals, url }) => {
  const jams = await feedJams(params.token);
  const site = siteUrl();
  const xml = privateRss(jams, {
    site,
    locale: locals.locale,
    t: locals.t,
    self: absoluteUrl(site, url.pathname),
  });
  return new Response(xml, { headers: { 'content-type': 'application/rss+xml; charset=utf-8', ...PRIVATE_FEED_HEADERS } });
});
