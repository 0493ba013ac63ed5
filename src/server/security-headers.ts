/**
 * Headers every response carries. They are set on the Node response in scripts/start.ts, before
 * Astro sees the request, because prerendered pages and files under /_astro never pass through
 * the middleware. A page's own Content-Security-Policy (script and style hashes, from
 * `security.csp` in astro.config.mjs) replaces the fallback below when Astro writes its headers.
 */
import type { ServerResponse } from 'node:http';
import { config } from './config';

/**
 * For what Astro sends without a policy of its own (API JSON, feeds, static files, the plain error
 * page, and a prerendered page asked for with a trailing slash, which the adapter's header lookup
 * misses): nothing may frame it or load plugins. Scripts are not restricted here, because such a
 * page would lose its own bundled scripts; none of these responses carries user content as HTML.
 */
export const FALLBACK_CSP = "frame-ancestors 'none'; object-src 'none'; base-uri 'self'";

/** One year; only sent when the public address is https (browsers ignore it over http anyway). */
export const HSTS = 'max-age=31536000';

export function securityHeaders(siteUrl: string = config().PUBLIC_SITE_URL): Record<string, string> {
  return {
    'content-security-policy': FALLBACK_CSP,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    // For browsers that predate CSP's frame-ancestors.
    'x-frame-options': 'DENY',
    ...(siteUrl.startsWith('https://') ? { 'strict-transport-security': HSTS } : {}),
  };
}

let cached: [string, string][] | undefined;

export function applySecurityHeaders(res: ServerResponse): void {
  cached ??= Object.entries(securityHeaders());
  for (const [name, value] of cached) res.setHeader(name, value);
}
