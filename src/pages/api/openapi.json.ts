import { defineEndpoint } from '#server/http/endpoint';
import { siteUrl } from '#server/publish/site-urls';
import { jsonResponse } from '#server/http/json-response';

/** The OpenAPI 3.1 description of this API, made from every endpoint's declaration. */
export const GET = defineEndpoint({
  method: 'GET',
  tag: 'Site',
  summary: 'This API description (OpenAPI 3.1)',
  access: 'public',
  answer: {
    status: 200,
    description: 'The OpenAPI document.',
    contentType: 'application/json',
    example: '{"openapi":"3.1.0",…}',
  },
  handler: async () => {
    // Imported when asked: the document module loads every route file, this one included, and a
    // static import would make the two wait for each other.
    const { openApiDocument } = await import('#server/openapi/document');
    return jsonResponse(openApiDocument(siteUrl()), { headers: { 'cache-control': 'public, max-age=3600' } });
  },
});
