import { defineEndpoint } from '#server/http/endpoint';
import { siteUrl } from '#server/publish/site-urls';
import { siteLinks } from '#server/platform/site-links';
import { openApiDocumentSchema } from '#server/openapi/schemas';

/** The OpenAPI 3.1 description of this API, made from every endpoint's declaration. */
export const GET = defineEndpoint({
  method: 'GET',
  tag: 'Site',
  summary: 'This API description (OpenAPI 3.1)',
  access: 'public',
  answer: {
    status: 200,
    description: 'The OpenAPI document.',
    schema: openApiDocumentSchema,
    example: { openapi: '3.1.0', info: { title: 'Itinerary API', version: '1.0.0' }, paths: {} },
  },
  cache: 'public, max-age=3600',
  handler: async () => {
    // Imported when asked: the document module loads every route file, this one included, and a
    // static import would make the two wait for each other.
    const { openApiDocument } = await import('#server/openapi/document');
    return openApiDocument(siteUrl(), { sourceCode: siteLinks().sourceCode });
  },
});
