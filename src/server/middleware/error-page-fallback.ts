import type { APIContext, MiddlewareNext } from 'astro';

const ERROR_ROUTES = new Set(['/404', '/500']);

/** Spec §2: when even the error page fails to render, a plain message still reaches the visitor. */
export const PLAIN_ERROR_MESSAGE = 'Something went wrong, and the error page could not be shown either. Please try again later.';

/** A page that needs nothing but itself; `message` is ours, never the visitor's input. */
export function plainErrorResponse(status = 500, message = PLAIN_ERROR_MESSAGE): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Error ${status}</title></head><body><h1>Error ${status}</h1><p>${message}</p><p><a href="/">Itinerary</a></p></body></html>`;
  return new Response(html, { status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
}

export const isErrorPage = (ctx: Pick<APIContext, 'routePattern'>) => ERROR_ROUTES.has(ctx.routePattern);

/** Renders the 404/500 page; if that throws, answers with the plain message instead. */
export async function withErrorPageFallback(ctx: APIContext, next: MiddlewareNext): Promise<Response> {
  try {
    return await next();
  } catch (error) {
    console.error('The error page itself failed:', error);
    return plainErrorResponse(ctx.routePattern === '/404' ? 404 : 500);
  }
}
