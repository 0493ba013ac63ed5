/**
 * What the API description describes: the endpoints under /api, each as its file declares it
 * (`defineEndpoint`), and the feeds and calendars that live outside /api.
 */
import {
  type EndpointDeclaration,
  type ErrorStatus,
  HTTP_METHODS,
  type HttpMethod,
  TAGS,
  isDeclaredRoute,
  jamSlug,
} from '#server/http/endpoint';
import * as example from './examples';
import { jsonFeedSchema } from './schemas';

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
        schema: jsonFeedSchema,
        example: example.exampleJsonFeed,
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
      params: jamSlug,
      answer: {
        status: 200,
        description: 'iCalendar with the jam’s event.',
        contentType: 'text/calendar',
        example: example.exampleIcs,
        also: [{ status: 301, description: 'A renamed jam: its calendar’s current address.', location: '/jams/new-name.ics' }],
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

/** A stable id per operation, e.g. `getApiJamsSlugEntries`. */
export const operationId = (operation: Operation) =>
  `${operation.method.toLowerCase()}${operation.path
    .replace(/[{}]/g, '')
    .split(/[/.-]/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('')}`;
