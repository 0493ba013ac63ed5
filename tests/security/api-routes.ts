/**
 * Every API endpoint, twice: as its route file declares it (`defineEndpoint`: method and access),
 * and found by reading src/pages/api/** the way Astro routes it. The security tables walk the
 * declarations; a verb exported without a declaration, or a new endpoint without a row in the
 * tables, fails them instead of slipping through.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { Access } from '#server/http/endpoint';
import { declaredEndpoints } from '#server/openapi/operations';

const API_FOLDER = resolve(import.meta.dirname, '../../src/pages/api');

export const MUTATING_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type Method = 'GET' | (typeof MUTATING_METHODS)[number];

export interface ApiRoute {
  method: Method | 'ALL';
  /** Astro's pattern, e.g. `/api/jams/[slug]/entries/[id]/vote`. */
  pattern: string;
  file: string;
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(folder, entry.name)) : [join(folder, entry.name)],
  );
}

const EXPORTED_VERB = /export\s+(?:const|(?:async\s+)?function)\s+(GET|POST|PUT|PATCH|DELETE|ALL)\b/g;

export function apiRoutes(): ApiRoute[] {
  return filesUnder(API_FOLDER)
    .filter((file) => /\.(ts|js)$/.test(file))
    .flatMap((file) => {
      const route = relative(API_FOLDER, file)
        .replace(/\.(ts|js)$/, '')
        .replace(/(^|\/)index$/, '');
      const pattern = `/api${route ? `/${route}` : ''}`;
      return [...readFileSync(file, 'utf8').matchAll(EXPORTED_VERB)].map((match) => ({
        method: match[1] as ApiRoute['method'],
        pattern,
        file: relative(resolve(API_FOLDER, '../../..'), file),
      }));
    });
}

export const routeKey = (route: Pick<ApiRoute, 'method' | 'pattern'>) => `${route.method} ${route.pattern}`;

export interface DeclaredRoute {
  method: Method;
  pattern: string;
  access: Access;
  file: string;
}

/** Every endpoint as its route file declares it (throws for a verb exported without `defineEndpoint`). */
export const declaredRoutes = (): DeclaredRoute[] =>
  declaredEndpoints().map(({ method, pattern, access, file }) => ({ method, pattern, access, file }));

const isMutating = (method: string) => method === 'ALL' || (MUTATING_METHODS as readonly string[]).includes(method);

/**
 * Every endpoint that can change something: the declared write verbs, and any catch-all handler
 * Astro would route (which cannot be declared, so it fails the tables until it is made one).
 */
export const mutatingRoutes = (): Array<Pick<ApiRoute, 'method' | 'pattern'> & { access?: Access }> => [
  ...declaredRoutes().filter((route) => isMutating(route.method)),
  ...apiRoutes().filter((route) => route.method === 'ALL'),
];
