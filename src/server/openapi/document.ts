/**
 * The public API description: an OpenAPI 3.1 document built from the endpoints' own declarations
 * (`defineEndpoint` in each file under src/pages/api, found by `declaredEndpoints()`), plus the
 * feeds and calendars that live outside /api. `apiReference()` shapes the same facts for the
 * /developers page.
 */
import { z } from 'zod';
import {
  type Access,
  type AnswerSpec,
  type EndpointDeclaration,
  type ErrorStatus,
  HTTP_METHODS,
  type HttpMethod,
  type JsonAnswer,
  TAGS,
  type TagName,
  isDeclaredRoute,
  param,
} from '#server/http/endpoint';
import * as example from './examples';
import { apiSchemas, errorSchema } from './schemas';
import { SESSION_COOKIE } from '#server/auth/session';

export type { Access } from '#server/http/endpoint';

type JsonSchema = Record<string, unknown>;

/** One documented operation: a declaration and where it is answered. */
export type Operation = EndpointDeclaration & {
  /** OpenAPI form, e.g. `/api/jams/{slug}/entries/{id}/vote`. */
  path: string;
  /** Astro's form, e.g. `/api/jams/[slug]/entries/[id]/vote`. */
  pattern: string;
  /** The route file, from the repository root. */
  file: string;
};

/** Every route file under src/pages/api, loaded with the site so its declarations are at hand. */
const ROUTE_MODULES = import.meta.glob<Record<string, unknown>>('/src/pages/api/**/*.ts', { eager: true });

/** `/src/pages/api/jams/[slug]/entries/index.ts` → `/api/jams/[slug]/entries` (Astro's routing). */
export const patternOf = (file: string) =>
  `/${file
    .replace(/^\/src\/pages\//, '')
    .replace(/\.ts$/, '')
    .replace(/\/index$/, '')}`;
const openApiPath = (pattern: string) => pattern.replace(/\[(\w+)\]/g, '{$1}');

export interface ExportedVerb {
  method: HttpMethod;
  pattern: string;
  file: string;
  declaration: EndpointDeclaration | null;
}

/** Every HTTP verb a file under src/pages/api exports, declared with `defineEndpoint` or not. */
export function exportedVerbs(): ExportedVerb[] {
  return Object.entries(ROUTE_MODULES).flatMap(([file, module]) =>
    HTTP_METHODS.filter((method) => method in module).map((method) => {
      const route = module[method];
      return {
        method,
        pattern: patternOf(file),
        file: file.replace(/^\.\.\//, 'src/'),
        declaration: isDeclaredRoute(route) ? route.declaration : null,
      };
    }),
  );
}

/** The endpoints under /api, each as its file declares it. Throws when a verb is exported without a declaration. */
export function declaredEndpoints(): Operation[] {
  return exportedVerbs().map(({ method, pattern, file, declaration }) => {
    if (!declaration) throw new Error(`${method} in ${file} is not made with defineEndpoint, so it has no declaration.`);
    if (declaration.method !== method) throw new Error(`${file} exports ${method} but declares ${declaration.method}.`);
    return { ...declaration, path: openApiPath(pattern), pattern, file };
  });
}

const slugParam = { slug: param('The jam slug (an old slug of a renamed jam works too).') };

/**
 * The feeds and calendars: pages outside /api (under src/pages/[...locale]) that scripts read.
 * They answer text, not the API's JSON, so they are described here rather than declared.
 */
const PAGE_ENDPOINTS: Operation[] = (
  [
    {
      pattern: '/rss.xml',
      file: 'src/pages/[...locale]/rss.xml.ts',
      summary: 'RSS feed of new jams and jams starting soon',
      answer: { status: 200, description: 'RSS 2.0.', contentType: 'application/rss+xml', example: example.exampleRss },
    },
    {
      pattern: '/feed.json',
      file: 'src/pages/[...locale]/feed.json.ts',
      summary: 'JSON Feed of new jams and jams starting soon',
      answer: {
        status: 200,
        description: 'JSON Feed 1.1; `_itinerary` on each item gives starts_at, ends_at, status and calendar_url.',
        contentType: 'application/feed+json',
        example: JSON.stringify({ version: 'https://jsonfeed.org/version/1.1', title: 'Itinerary: game jams', items: ['…'] }),
      },
    },
    {
      pattern: '/calendar.ics',
      file: 'src/pages/[...locale]/calendar.ics.ts',
      summary: 'Calendar of every jam (subscribe to it)',
      answer: {
        status: 200,
        description: 'iCalendar: one event per jam, times in UTC.',
        contentType: 'text/calendar',
        example: example.exampleIcs,
      },
    },
    {
      pattern: '/jams/[slug].ics',
      file: 'src/pages/[...locale]/jams/[slug].ics.ts',
      summary: 'One jam as a calendar event',
      params: slugParam,
      answer: {
        status: 200,
        description: 'iCalendar with the jam’s event.',
        contentType: 'text/calendar',
        example: example.exampleIcs,
      },
      errors: [404] as ErrorStatus[],
    },
  ] satisfies Array<Partial<Operation> & Pick<Operation, 'pattern' | 'file' | 'summary' | 'answer'>>
).map((page) => ({ method: 'GET', tag: 'Feeds and calendars', access: 'public', ...page, path: openApiPath(page.pattern) }));

/** Everything the document describes, by topic in TAGS order, each topic in file order. */
export function operations(): Operation[] {
  const all = [...declaredEndpoints(), ...PAGE_ENDPOINTS];
  return TAGS.flatMap((tag) => all.filter((operation) => operation.tag === tag.name));
}

const isJsonAnswer = (answer: AnswerSpec): answer is JsonAnswer => 'schema' in answer && answer.schema !== undefined;
export type OpenApiDocument = Record<string, unknown> & { openapi: '3.1.0'; paths: Record<string, Record<string, unknown>> };

export const OPENAPI_VERSION = '3.1.0';
export const API_VERSION = '1.0.0';

const SAFE_INTEGER_BOUNDS = [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER];

/** Leaves out what zod adds that only makes the document noisy. */
function tidy(schema: JsonSchema, { open }: { open: boolean }): JsonSchema {
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (!node || typeof node !== 'object') return node;
    const copy: JsonSchema = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$schema' || key === '$id') continue;
      if ((key === 'minimum' || key === 'maximum') && SAFE_INTEGER_BOUNDS.includes(value as number)) continue;
      // Answers may gain fields later; clients should ignore the ones they do not know.
      if (open && key === 'additionalProperties' && value === false) continue;
      copy[key] = visit(value);
    }
    if (copy.format === 'date-time') delete copy.pattern;
    return copy;
  };
  return visit(schema) as JsonSchema;
}

/** Request input as the endpoint accepts it: dates as date-time strings, transforms seen from their input. */
function inputSchema(schema: z.ZodType): JsonSchema {
  return tidy(
    z.toJSONSchema(schema, {
      io: 'input',
      unrepresentable: 'any',
      override: ({ zodSchema, jsonSchema }) => {
        const def = zodSchema._zod.def as { type: string; out?: z.ZodType };
        const isDate = def.type === 'date' || (def.type === 'pipe' && def.out?._zod.def.type === 'date');
        if (isDate) Object.assign(jsonSchema, { type: 'string', format: 'date-time' });
      },
    }) as JsonSchema,
    { open: false },
  );
}

const COMPONENT_URI = (id: string) => `#/components/schemas/${id}`;

function componentSchemas(): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(apiSchemas, { uri: COMPONENT_URI });
  return Object.fromEntries(Object.entries(schemas).map(([id, schema]) => [id, tidy(schema as JsonSchema, { open: true })]));
}

const refTo = (schema: z.ZodType): JsonSchema => {
  const id = apiSchemas.get(schema)?.id;
  if (!id) throw new Error('An answer schema is not registered in apiSchemas.');
  return { $ref: COMPONENT_URI(id) };
};

const ERROR_MEANINGS: Record<number, string> = {
  400: 'The input is invalid; `message` says which field and why.',
  401: 'Not logged in, or the session has ended.',
  403: 'Not allowed (wrong role, or banned: code `banned`).',
  404: 'No such jam, entry or user.',
  409: 'Not possible in the current state (e.g. jam not ongoing, vote limit reached, already entered).',
  429: 'Too many attempts; try again in a minute.',
  502: 'The code host did not answer; try again later.',
  503: 'Scratch or the database could not be reached; try again later.',
};

const ACCESS_NOTES: Record<Access, string> = {
  public: 'Anyone; no session needed.',
  'optional-session': 'Anyone; a session may show more (e.g. a mystery body to managers).',
  user: 'A logged-in user who is not banned.',
  manager: 'A manager of this jam or an administrator.',
  admin: 'An administrator.',
};

const SESSION_SECURITY = [{ sessionCookie: [] }, { sessionToken: [] }];

function securityOf(access: Access) {
  if (access === 'public') return [];
  if (access === 'optional-session') return [{}, ...SESSION_SECURITY];
  return SESSION_SECURITY;
}

function parametersOf(operation: Operation) {
  const pathParams = Object.entries(operation.params ?? {}).map(([name, { description, schema }]) => {
    const { type = 'string' } = inputSchema(schema);
    return { name, in: 'path', required: true, description, schema: { type } };
  });
  const query = operation.query ? inputSchema(operation.query.schema) : undefined;
  const required = new Set((query?.required as string[] | undefined) ?? []);
  const notes = (operation.query?.notes ?? {}) as Record<string, string | undefined>;
  const types = (operation.query?.types ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const queryParams = Object.entries((query?.properties as Record<string, JsonSchema> | undefined) ?? {}).map(
    ([name, schema]) => ({
      name,
      in: 'query',
      required: required.has(name),
      ...(notes[name] ? { description: notes[name] } : {}),
      schema: { ...schema, ...types[name] },
    }),
  );
  return [...pathParams, ...queryParams];
}

function requestBodyOf(operation: Operation) {
  if (!operation.body) return undefined;
  const mediaType = operation.body.form ? 'application/x-www-form-urlencoded' : 'application/json';
  return {
    required: true,
    content: { [mediaType]: { schema: inputSchema(operation.body.schema), example: operation.body.example } },
  };
}

function responsesOf(operation: Operation) {
  const { answer } = operation;
  const success: Record<string, unknown> = { description: answer.description };
  if (isJsonAnswer(answer)) success.content = { 'application/json': { schema: refTo(answer.schema), example: answer.example } };
  else if (answer.contentType)
    success.content = { [answer.contentType]: { schema: { type: 'string' }, example: answer.example } };
  if (!isJsonAnswer(answer) && answer.location)
    success.headers = { Location: { description: `e.g. ${answer.location}`, schema: { type: 'string' } } };
  const errors = Object.fromEntries(
    (operation.errors ?? []).map((status) => [
      String(status),
      { description: ERROR_MEANINGS[status] ?? 'Error.', content: { 'application/json': { schema: refTo(errorSchema) } } },
    ]),
  );
  return { [String(answer.status)]: success, ...errors };
}

const operationId = (operation: Operation) =>
  `${operation.method.toLowerCase()}${operation.path
    .replace(/[{}]/g, '')
    .split(/[/.-]/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('')}`;

/** The OpenAPI 3.1 document, with `site` (PUBLIC_SITE_URL) as its server. */
export function openApiDocument(site: string): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const operation of operations()) {
    const parameters = parametersOf(operation);
    const requestBody = requestBodyOf(operation);
    (paths[operation.path] ??= {})[operation.method.toLowerCase()] = {
      operationId: operationId(operation),
      tags: [operation.tag],
      summary: operation.summary,
      description: [operation.description, `Who may call: ${ACCESS_NOTES[operation.access]}`].filter(Boolean).join('\n\n'),
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

/* ---------- the same facts, shaped for the /developers page ---------- */

export interface ReferenceParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description: string;
  /** A short type, e.g. `integer`, `upcoming | ongoing | ended`, `string (≤ 100)`. */
  type: string;
}

export interface ReferenceEndpoint {
  id: string;
  method: HttpMethod;
  path: string;
  summary: string;
  description: string | null;
  access: Access;
  accessNote: string;
  parameters: ReferenceParameter[];
  request: { contentType: string; example: string } | null;
  response: { status: number; description: string; contentType: string | null; example: string | null };
  errors: { status: number; meaning: string }[];
}

export interface ReferenceGroup {
  tag: TagName;
  description: string;
  endpoints: ReferenceEndpoint[];
}

function shortType(schema: JsonSchema): string {
  if (Array.isArray(schema.enum)) {
    const values = schema.enum.filter((value) => value !== '').join(' | ');
    return schema.default === undefined ? values : `${values} (default ${JSON.stringify(schema.default)})`;
  }
  const type = String(schema.type ?? 'string');
  const limits = [
    typeof schema.minimum === 'number' ? `≥ ${schema.minimum}` : '',
    typeof schema.maximum === 'number' ? `≤ ${schema.maximum}` : '',
    typeof schema.maxLength === 'number' ? `≤ ${schema.maxLength} characters` : '',
  ].filter(Boolean);
  const fallback = schema.default === undefined ? '' : `default ${JSON.stringify(schema.default)}`;
  const notes = [...limits, fallback].filter(Boolean);
  return notes.length ? `${type} (${notes.join(', ')})` : type;
}

const pretty = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

function toFormBody(example: unknown): string {
  return new URLSearchParams(Object.entries(example as Record<string, string>)).toString();
}

function referenceEndpoint(operation: Operation): ReferenceEndpoint {
  const { answer } = operation;
  return {
    id: operationId(operation),
    method: operation.method,
    path: operation.path,
    summary: operation.summary,
    description: operation.description ?? null,
    access: operation.access,
    accessNote: ACCESS_NOTES[operation.access],
    parameters: parametersOf(operation).map((parameter) => ({
      name: parameter.name,
      in: parameter.in as 'path' | 'query',
      required: parameter.required,
      description: 'description' in parameter ? String(parameter.description) : '',
      type: shortType(parameter.schema as JsonSchema),
    })),
    request: operation.body
      ? operation.body.form
        ? { contentType: 'application/x-www-form-urlencoded', example: toFormBody(operation.body.example) }
        : { contentType: 'application/json', example: pretty(operation.body.example) }
      : null,
    response: {
      status: answer.status,
      description: answer.description,
      contentType: isJsonAnswer(answer) ? 'application/json' : (answer.contentType ?? null),
      example:
        answer.example !== undefined
          ? pretty(answer.example)
          : !isJsonAnswer(answer) && answer.location
            ? `Location: ${answer.location}`
            : null,
    },
    errors: (operation.errors ?? []).map((status) => ({ status, meaning: ERROR_MEANINGS[status] ?? 'Error.' })),
  };
}

/** Every endpoint grouped by topic, in the document's order, for /developers to render. */
export function apiReference(): ReferenceGroup[] {
  const all = operations();
  return TAGS.map((tag) => ({
    tag: tag.name,
    description: tag.description,
    endpoints: all.filter((operation) => operation.tag === tag.name).map(referenceEndpoint),
  }));
}
