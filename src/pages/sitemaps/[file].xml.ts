import { endpoint } from '#server/http/endpoint';
import { shareResponse } from '#server/http/share-responses';
import { siteUrl } from '#server/publish/site-urls';
import { sitemapFilePages, sitemapPlan, sitemapSize, sitemapXml } from '#server/publish/sitemap';

/** `/sitemaps/{n}.xml`: one file of a sitemap too big for one (see /sitemap.xml, which lists them). */
export const GET = endpoint(async (ctx) => {
  const pages = await sitemapFilePages(sitemapPlan(await sitemapSize()), Number(ctx.params.file));
  if (!pages) return ctx.rewrite('/404');
  return shareResponse(sitemapXml(siteUrl(), pages), 'application/xml; charset=utf-8');
});
