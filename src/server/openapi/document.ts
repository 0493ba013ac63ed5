/**
 * The public API description: an OpenAPI 3.1 document of every operation (./operations), with
 * request schemas inline and answers as named components (./json-schema). /developers shows the
 * same facts (./reference).
 */
import { SESSION_COOKIE } from '#server/auth/session';
import { DEFAULT_SOURCE_CODE_URL } from '#lib/site-links';
import type { z } from 'zod';
import { type Access, type AnswerSpec, TAGS } from '#server/http/endpoint';
import { componentSchemas, inputSchema, isJsonAnswer, refTo } from './json-schema';
import { accessNoteOf, errorsOf, parametersOf } from './operation-parts';
import { type Operation, operationId, operations } from './operations';
import { errorSchema, type openApiDocumentSchema } from './schemas';

export type OpenApiDocument = z.output<typeof openApiDocumentSchema> & {
  openapi: typeof OPENAPI_VERSION;
  paths: Record<string, Record<string, unknown>>;
};

export const OPENAPI_VERSION = '3.1.0' as const;
export const API_VERSION = '1.0.0';

const SESSION_SECURITY = [{ sessionCookie: [] }, { sessionToken: [] }];

function securityOf(access: Access) {
  if (access === 'public') return [];
  if (access === 'optional-session') return [{}, ...SESSION_SECURITY];
  return SESSION_SECURITY;
}

function requestBodyOf(operation: Operation) {
  if (!operation.body) return undefined;
  if (operation.body.binary)
    return {
      required: true,
      content: {
        [operation.body.binary.contentType]: { schema: { type: 'string', contentMediaType: operation.body.binary.contentType } },
      },
    };
  const mediaType = operation.body.form ? 'application/x-www-form-urlencoded' : 'application/json';
  return {
    required: true,
    content: { [mediaType]: { schema: inputSchema(operation.body.schema), example: operation.body.example } },
  };
}

const locationHeader = (location: string) => ({
  Location: { description: `e.g. ${location}`, schema: { type: 'string' } },
});

/** The answer's body: its schema and example, under its media type (none for a redirect or a 204). */
function contentOf(answer: AnswerSpec) {
  if (isJsonAnswer(answer))
    return { [answer.contentType ?? 'application/json']: { schema: refTo(answer.schema), example: answer.example } };
  if (answer.contentType) return { [answer.contentType]: { schema: { type: 'string' }, example: answer.example } };
  return undefined;
}

function responsesOf(operation: Operation) {
  const { answer } = operation;
  const content = contentOf(answer);
  const location = isJsonAnswer(answer) ? undefined : answer.location;
  const success = {
    [String(answer.status)]: {
      description: answer.description,
      ...(content ? { content } : {}),
      ...(location ? { headers: locationHeader(location) } : {}),
    },
  };
  const also = (answer.also ?? []).map(({ status, description, location }) => [
    String(status),
    location
      ? { description, headers: locationHeader(location) }
      : // A 304 has no body (ADR 050's file answers it to If-None-Match).
        { description, ...(content && status !== 304 ? { content } : {}) },
  ]);
  const errors = errorsOf(operation).map(({ status, meaning }) => [
    String(status),
    { description: meaning, content: { 'application/json': { schema: refTo(errorSchema) } } },
  ]);
  return { ...success, ...Object.fromEntries([...also, ...errors]) };
}

/**
 * The OpenAPI 3.1 document, with `site` (PUBLIC_SITE_URL) as its server and the project's
 * repository (SOURCE_CODE_URL) as its contact.
 */
export function openApiDocument(site: string, { sourceCode = DEFAULT_SOURCE_CODE_URL } = {}): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const operation of operations()) {
    const parameters = parametersOf(operation);
    const requestBody = requestBodyOf(operation);
    (paths[operation.path] ??= {})[operation.method.toLowerCase()] = {
      operationId: operationId(operation),
      tags: [operation.tag],
      summary: operation.summary,
      description: [operation.description, `Who may call: ${accessNoteOf(operation)}`].filter(Boolean).join('\n\n'),
      security: securityOf(operation.access),
      ...(parameters.length ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses: responsesOf(operation),
    };
  }
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: 'Itinerary API',
      version: API_VERSION,
      summary: 'Discover, enter and run Scratch game jams.',
      description:
        'JSON over HTTPS. Errors are `{"error":{"status","code","message"}}` with the matching HTTP status. ' +
        'Reading is open to everyone, and the public read endpoints, feeds and calendars send ' +
        '`Access-Control-Allow-Origin: *`. Changing anything needs a session (the `itinerary-token` cookie, or the ' +
        'token in the `Authorization` header) and is never open to other sites.',
      contact: { name: 'Itinerary on the code host', url: sourceCode },
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: site }],
    tags: TAGS.map((tag) => ({ ...tag })),
    paths,
    components: {
      schemas: componentSchemas(),
      securitySchemes: {
        sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'Set when you log in on the site.' },
        sessionToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'The same session token, sent as `Authorization: Bearer <token>`.',
        },
      },
    },
  };
}
