import { endpoint } from '../server/endpoint';
import { shareResponse } from '../server/share-responses';
import { siteUrl } from '../server/site-urls';
import { robotsTxt } from '../server/sitemap';

export const GET = endpoint(() => shareResponse(robotsTxt(siteUrl()), 'text/plain; charset=utf-8'));
