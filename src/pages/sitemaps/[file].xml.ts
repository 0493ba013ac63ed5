import { endpoint } from '#server/http/endpoint';
import { shareResponse } from '#server/http/share-responses';
import { siteUrl } from '#server/publish/site-urls';
import { countJams, sitemapPages, sitemapPlan, sitemapXml } from '#server/publish/sitemap';

/** `/sitemaps/{n}.xml`: one file of a sitemap too big for one (see /sitemap.xml, which lists them). */
export const GET = endpoint(async (ctx) => {
  const file = Number(ctx.params.file);
  const plan = sitemapPlan(await countJams());
  if (!plan.split || !Number.isInteger(file) || file < 1 || file > plan.files) return ctx.rewrite('/404');
  return shareResponse(sitemapXml(siteUrl(), await sitemapPages(file)), 'application/xml; charset=utf-8');
});
