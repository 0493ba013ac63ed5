import { endpoint } from '#server/http/endpoint';
import { shareResponse } from '#server/http/share-responses';
import { siteUrl } from '#server/publish/site-urls';
import { robotsTxt } from '#server/publish/sitemap';

export const GET = endpoint(() => shareResponse(robotsTxt(siteUrl()), 'text/plain; charset=utf-8'));
