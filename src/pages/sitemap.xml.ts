import { endpoint } from '../server/endpoint';
import { shareResponse } from '../server/share-responses';
import { siteUrl } from '../server/site-urls';
import { sitemapPages, sitemapXml } from '../server/sitemap';

/** Built from the database on each request, so new and renamed jams show up at once. */
export const GET = endpoint(async () =>
  shareResponse(sitemapXml(siteUrl(), await sitemapPages()), 'application/xml; charset=utf-8'),
);
