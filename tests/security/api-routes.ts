/**
 * Every API endpoint, found by reading src/pages/api/** the way Astro routes it, so that a new
 * endpoint without a row in the security tables fails them instead of slipping through.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

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
      const route = relative(API_FOLDER, file).replace(/\.(ts|js)$/, '').replace(/(^|\/)index$/, '');
      const pattern = `/api${route ? `/${route}` : ''}`;
      return [...readFileSync(file, 'utf8').matchAll(EXPORTED_VERB)].map((match) => ({
        method: match[1] as ApiRoute['method'],
        pattern,
        file: relative(resolve(API_FOLDER, '../../..'), file),
      }));
    });
}

export const routeKey = (route: Pick<ApiRoute, 'method' | 'pattern'>) => `${route.method} ${route.pattern}`;

/** Every endpoint that can change something: the write verbs, and any catch-all handler. */
export const mutatingRoutes = () =>
  apiRoutes().filter((route) => route.method === 'ALL' || (MUTATING_METHODS as readonly string[]).includes(route.method));
