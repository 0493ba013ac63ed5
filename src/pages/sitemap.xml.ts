import { endpoint } from '#server/http/endpoint';
import { shareResponse } from '#server/http/share-responses';
import { siteUrl } from '#server/publish/site-urls';
import { sitemapPages, sitemapXml } from '#server/publish/sitemap';

/** Built from the database on each request, so new and renamed jams show up at once. */
export const GET = endpoint(async () =>
  shareResponse(sitemapXml(siteUrl(), await sitemapPages()), 'application/xml; charset=utf-8'),
);
