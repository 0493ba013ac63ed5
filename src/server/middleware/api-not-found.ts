/**
 * An address under /api/ that no endpoint answers — or not with this method — gets the API's JSON
 * error shape, not the 404 page. Astro renders its 404 route for both; this steps in first.
 */
import { errorResponse, notFound } from '#server/platform/errors';

interface NotFoundContext {
  routePattern: string;
  originPathname: string;
  request: Request;
}

export function apiNotFound(ctx: NotFoundContext): Response | null {
  if (ctx.routePattern !== '/404' || !/^\/api(\/|$)/.test(ctx.originPathname)) return null;
  const path = ctx.originPathname.replace(/(.)\/+$/, '$1');
  return errorResponse(notFound(`There is no API endpoint for ${ctx.request.method} ${path}.`), {
    'cache-control': 'no-store',
  });
}
