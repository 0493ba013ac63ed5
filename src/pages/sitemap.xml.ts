import { endpoint } from '#server/http/endpoint';
import { shareResponse } from '#server/http/share-responses';
import { siteUrl } from '#server/publish/site-urls';
import {
  allSitemapPages,
  oneFileSitemapPages,
  sitemapIndexXml,
  sitemapPlan,
  sitemapSize,
  sitemapXml,
} from '#server/publish/sitemap';

const XML = 'application/xml; charset=utf-8';

/** Built from the database on each request, so new and renamed jams show up at once; an index once too big for one file. */
export const GET = endpoint(async () => {
  const pages = await oneFileSitemapPages();
  if (pages) return shareResponse(sitemapXml(siteUrl(), pages), XML);
  const plan = sitemapPlan(await sitemapSize());
  const xml = plan.split ? sitemapIndexXml(siteUrl(), plan.files) : sitemapXml(siteUrl(), await allSitemapPages());
  return shareResponse(xml, XML);
});
