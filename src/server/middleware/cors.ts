/**
 * CORS for the public read side only: the jam list and jams, their entries and winners, the API
 * description, feeds and calendars may be read by any site's scripts. `*` without credentials:
 * browsers then never send our cookie along, and nothing that changes data is ever opened up.
 */
import { splitLocale } from '#i18n/paths';

const PUBLIC_API = [
  /^\/api\/jams\/?$/,
  /^\/api\/jams\/[^/]+\/?$/,
  /^\/api\/jams\/[^/]+\/(entries|winners)\/?$/,
  /^\/api\/openapi\.json$/,
];
/** Matched after the locale prefix (`/hu/rss.xml`) is taken off. */
const PUBLIC_FEEDS = [/^\/(rss\.xml|feed\.json|calendar\.ics)$/, /^\/jams\/[^/]+\.ics$/];

const READ_METHODS = ['GET', 'HEAD'];

export const PUBLIC_CORS_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
};

const PREFLIGHT_HEADERS: Readonly<Record<string, string>> = {
  ...PUBLIC_CORS_HEADERS,
  'access-control-allow-methods': 'GET, HEAD, OPTIONS',
  'access-control-allow-headers': 'Accept, Accept-Language, Content-Type, If-None-Match',
  'access-control-max-age': '86400',
};

export function isPublicRead(pathname: string): boolean {
  return (
    PUBLIC_API.some((pattern) => pattern.test(pathname)) ||
    PUBLIC_FEEDS.some((pattern) => pattern.test(splitLocale(pathname).path))
  );
}

function withHeaders(response: Response, headers: Record<string, string>): Response {
  // Copied into a new Response: the headers of a response we did not create may be immutable.
  const copy = new Headers(response.headers);
  for (const [name, value] of Object.entries(headers)) copy.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers: copy });
}

/**
 * Middleware step: answers the CORS preflight of a public read address and marks its GET/HEAD
 * responses readable from any origin. Everything else passes through untouched.
 */
export async function withPublicCors(ctx: { request: Request; url: URL }, next: () => Promise<Response>): Promise<Response> {
  if (!isPublicRead(ctx.url.pathname)) return next();
  const method = ctx.request.method.toUpperCase();
  if (method === 'OPTIONS') return new Response(null, { status: 204, headers: PREFLIGHT_HEADERS });
  const response = await next();
  return READ_METHODS.includes(method) ? withHeaders(response, PUBLIC_CORS_HEADERS) : response;
}
