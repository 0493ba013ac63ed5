import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '#server/openapi/document';
import { declaredEndpoints, exportedVerbs, operations } from '#server/openapi/operations';
import { apiReference } from '#server/openapi/reference';
import type { Parsed } from '../helpers/environment';

const ROOT = resolve(import.meta.dirname, '../..');
const PAGES = join(ROOT, 'src/pages');
const SITE = 'https://itinerary.example';

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(folder, entry.name)) : [join(folder, entry.name)],
  );
}

/** `src/pages/api/jams/[slug]/entries/index.ts` → `/api/jams/{slug}/entries`; the locale segment drops out. */
function routeOf(file: string): string {
  const path = relative(PAGES, file)
    .replace(/\.ts$/, '')
    .replace(/(^|\/)index$/, '')
    .replace(/^\[\.\.\.locale\]\/?/, '')
    .replace(/\[([^\]]+)\]/g, '{$1}');
  return `/${path}`;
}

/** Every (method, path) an endpoint file under src/pages answers, read from its `export const GET = …` lines. */
function endpointsInSource(filter: (file: string) => boolean): string[] {
  return filesUnder(PAGES)
    .filter((file) => file.endsWith('.ts') && filter(file))
    .flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/export const (GET|POST|PUT|PATCH|DELETE)\b/g)].map(
        ([, method]) => `${method} ${routeOf(file)}`,
      ),
    );
}

const SHARE_ROUTES = /\/(rss\.xml|feed\.json|calendar\.ics|\[slug\]\.ics)\.ts$/;
const documented = (document: ReturnType<typeof openApiDocument>) =>
  Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));

describe('the OpenAPI document', () => {
  const document = openApiDocument(SITE);

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
  });

  it('describes every endpoint under /api, and the feeds and calendars', () => {
    const inSource = endpointsInSource((file) => file.includes('/pages/api/') || SHARE_ROUTES.test(file));
    expect(inSource).toContain('GET /api/jams/{slug}/entries.csv');
    expect(inSource).toContain('GET /jams/{slug}.ics');
    const missing = inSource.filter((endpoint) => !documented(document).includes(endpoint));
    expect(missing, 'endpoints without a declaration (defineEndpoint) or a PAGE_ENDPOINTS entry').toEqual([]);
  });

  it('describes no endpoint that does not exist', () => {
    const inSource = new Set(endpointsInSource(() => true));
    expect(documented(document).filter((endpoint) => !inSource.has(endpoint))).toEqual([]);
  });

  it('names this site as its server and the session cookie as the way to log in', () => {
    expect(document.servers).toEqual([{ url: SITE }]);
    expect(document).toMatchObject({
      components: { securitySchemes: { sessionCookie: { type: 'apiKey', in: 'cookie', name: 'itinerary-token' } } },
    });
  });

  it('takes its request schemas from the zod schemas the endpoints parse with', () => {
    const create = document.paths['/api/jams']!.post as Parsed;
    const schema = create.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(['name', 'description', 'startsAt', 'endsAt']);
    expect(schema.properties.name).toMatchObject({ type: 'string', minLength: 1, maxLength: 80 });
    expect(schema.properties.startsAt).toEqual({ type: 'string', format: 'date-time' });
    const list = document.paths['/api/jams']!.get as Parsed;
    expect(list.parameters.find((p: Parsed) => p.name === 'status').schema.enum).toEqual(['upcoming', 'ongoing', 'ended']);
    expect(list.parameters.find((p: Parsed) => p.name === 'perPage').schema.enum).toEqual([3, 5, 10, 20]);
  });

  it('marks public reads as needing no session and changes as needing one', () => {
    expect((document.paths['/api/jams']!.get as Parsed).security).toEqual([]);
    expect((document.paths['/api/jams/{slug}']!.delete as Parsed).security).toEqual([
      { sessionCookie: [] },
      { sessionToken: [] },
    ]);
  });
});

describe('the endpoint declarations', () => {
  it('are made with defineEndpoint for every verb a file under src/pages/api exports, under the verb they declare', () => {
    expect(
      exportedVerbs()
        .filter((verb) => !verb.declaration)
        .map((verb) => `${verb.method} ${verb.file}`),
    ).toEqual([]);
    expect(() => declaredEndpoints()).not.toThrow();
    expect(declaredEndpoints().length).toBe(exportedVerbs().length);
  });

  it('document 401 where the access needs a session, 403 where the guard can refuse one, and neither for public reads', () => {
    const wrong = declaredEndpoints().flatMap((operation) => {
      const needsSession = ['user', 'manager', 'admin'].includes(operation.access);
      // The guard answers 403 to banned users (and non-administrators); logout lets banned users in.
      const guardRefuses = needsSession && !(operation.ownSessionCheck && operation.method === 'POST');
      const documents = (status: number) => operation.errors?.includes(status as never) ?? false;
      const problems = [
        documents(401) !== needsSession && `401 ${needsSession ? 'missing' : 'documented on a public endpoint'}`,
        documents(403) !== guardRefuses && `403 ${guardRefuses ? 'missing' : 'documented but never answered'}`,
      ].filter(Boolean);
      return problems.length ? [`${operation.method} ${operation.path} (${operation.access}): ${problems.join('; ')}`] : [];
    });
    expect(wrong).toEqual([]);
  });

  it('document 404 wherever the path names a jam, an entry or a user', () => {
    const wrong = declaredEndpoints().filter(
      (operation) => /\{(slug|id)\}/.test(operation.path) && !operation.errors?.includes(404),
    );
    expect(wrong.map((operation) => `${operation.method} ${operation.path}`)).toEqual([]);
  });
});

describe('the examples in the API description', () => {
  const all = operations();
  it.each(all.filter((operation) => operation.body).map((operation) => [`${operation.method} ${operation.path}`, operation]))(
    'request example of %s is accepted by the endpoint’s own schema',
    (_name, operation) => {
      expect(() => operation.body!.schema.parse(operation.body!.example)).not.toThrow();
    },
  );

  it.each(
    all
      .filter((operation) => 'schema' in operation.answer)
      .map((operation) => [`${operation.method} ${operation.path}`, operation]),
  )('answer example of %s matches the answer schema', (_name, operation) => {
    const answer = operation.answer as { schema: { parse: (value: unknown) => unknown }; example: unknown };
    expect(() => answer.schema.parse(answer.example)).not.toThrow();
  });
});

describe('the API reference for /developers', () => {
  const groups = apiReference();

  it('lists every operation once, grouped by topic, with its method, path and who may call it', () => {
    const endpoints = groups.flatMap((group) => group.endpoints);
    expect(endpoints).toHaveLength(operations().length);
    expect(groups.map((group) => group.tag)).toEqual([
      'Jams',
      'Jam requests',
      'Entries',
      'Feedback',
      'Managers',
      'Judges',
      'Themes',
      'Account',
      'Users',
      'Activity',
      'Moderation',
      'Login flow',
      'Feeds and calendars',
      'Site',
    ]);
    const read = endpoints.find((endpoint) => endpoint.method === 'GET' && endpoint.path === '/api/jams/{slug}');
    expect(read).toMatchObject({
      summary: 'Read a jam',
      access: 'optional-session',
      errors: [{ status: 404 }, { status: 500 }, { status: 503 }],
    });
    expect(read!.parameters).toEqual([
      {
        name: 'slug',
        in: 'path',
        required: true,
        description: 'The jam slug (an old slug of a renamed jam works too).',
        type: 'string',
      },
    ]);
    expect(JSON.parse(read!.response.example!)).toMatchObject({ slug: 'space-sprint-jam' });
  });

  it('gives readable parameter types and request examples', () => {
    const list = groups[0]!.endpoints.find((endpoint) => endpoint.id === 'getApiJams')!;
    expect(list.parameters.map(({ name, type }) => `${name}: ${type}`)).toEqual([
      'page: integer (≥ 1, default 1)',
      'perPage: 3 | 5 | 10 | 20 (default 10)',
      'status: upcoming | ongoing | ended',
      'featured: 0 | 1 | true | false | on',
      'q: string (≤ 100 characters)',
      'sort: newest | ending-soonest | starting-soonest | most-entries | name (default "newest")',
    ]);
    const confirm = groups.flatMap((group) => group.endpoints).find((endpoint) => endpoint.path === '/api/auth/confirm')!;
    expect(confirm.request).toEqual({
      contentType: 'application/x-www-form-urlencoded',
      example: 'token=abcdefghijklmnopqrstuvwxyz234567&locale=en',
    });
  });
});
