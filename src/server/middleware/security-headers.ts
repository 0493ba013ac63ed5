/**
 * Headers every answer carries, on every host: the middleware adds them to what Astro renders. Hosts
 * add the same to what never passes the middleware (the Node server's files and prerendered pages,
 * a platform's `_headers` file). A page's policy from `security.csp` travels in its own `<meta>`;
 * the header adds what a `<meta>` cannot carry (frame-ancestors), or the whole site policy where the
 * host knows it (the Node server reads it from the build).
 */
import { config } from '#server/platform/config';
import { host } from '#server/platform/host';

/** The policy sent where the site's page policy is unknown: nothing may frame it or load plugins. */
export const FALLBACK_CSP = "frame-ancestors 'none'; object-src 'none'; base-uri 'self'";

/** One year; only sent when the public address is https (browsers ignore it over http anyway). */
export const HSTS = 'max-age=31536000';

export function securityHeaders(siteUrl: string, csp: string = FALLBACK_CSP): Record<string, string> {
  return {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    // For browsers that predate CSP's frame-ancestors.
    'x-frame-options': 'DENY',
    ...(siteUrl.startsWith('https://') ? { 'strict-transport-security': HSTS } : {}),
  };
}

/** The list for the current site address and policy, made once per pair rather than per request. */
let made: { siteUrl: string; csp: string | undefined; entries: [string, string][] } | undefined;

function currentHeaders(): [string, string][] {
  const siteUrl = config().PUBLIC_SITE_URL;
  const csp = host().contentSecurityPolicy;
  if (made?.siteUrl !== siteUrl || made.csp !== csp)
    made = { siteUrl, csp, entries: Object.entries(securityHeaders(siteUrl, csp)) };
  return made.entries;
}

/** Middleware step: the security headers on everything Astro answers (a header already set stays). */
export async function withSecurityHeaders(next: () => Promise<Response>): Promise<Response> {
  const response = await next();
  const wanted = currentHeaders();
  const missing = wanted.filter(([name]) => !response.headers.has(name));
  if (missing.length === 0) return response;
  try {
    for (const [name, value] of missing) response.headers.set(name, value);
    return response;
  } catch {
    // Immutable headers (Response.redirect): copy the answer.
    const headers = new Headers(response.headers);
    for (const [name, value] of missing) headers.set(name, value);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}
