import { endpoint } from '../../server/endpoint';
import { openApiDocument } from '../../server/openapi';
import { siteUrl } from '../../server/site-urls';

/** The OpenAPI 3.1 description of this API. */
export const GET = endpoint(() =>
  Response.json(openApiDocument(siteUrl()), { headers: { 'cache-control': 'public, max-age=3600' } }),
);
