/**
 * Headers every response carries. They are set on the Node response in scripts/start.ts, before
 * Astro sees the request, because prerendered pages and files under /_astro never pass through
 * the middleware. A page's own Content-Security-Policy (script and style hashes, from
 * `security.csp` in astro.config.mjs) replaces the one set here when Astro writes its headers.
 */
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { config } from '#server/platform/config';

/**
 * The last resort for what Astro sends without a policy of its own when the site's page policy
 * is unknown (no build output to read it from): nothing may frame it or load plugins.
 */
export const FALLBACK_CSP = "frame-ancestors 'none'; object-src 'none'; base-uri 'self'";

/** One year; only sent when the public address is https (browsers ignore it over http anyway). */
export const HSTS = 'max-age=31536000';

export function securityHeaders(siteUrl: string = config().PUBLIC_SITE_URL, csp: string = FALLBACK_CSP): Record<string, string> {
  return {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    // For browsers that predate CSP's frame-ancestors.
    'x-frame-options': 'DENY',
    ...(siteUrl.startsWith('https://') ? { 'strict-transport-security': HSTS } : {}),
  };
}

/**
 * The policy Astro gives its pages (the same hashes on every page), read from the build's
 * `_headers.json`. Responses without a policy of their own get it too: API answers, files, the
 * plain error page, and a prerendered page asked for with a trailing slash, which the adapter's
 * header lookup misses.
 */
export function sitePolicy(distFolder: string): string | null {
  try {
    const entries = JSON.parse(readFileSync(join(distFolder, '_headers.json'), 'utf8')) as {
      headers: { key: string; value: string }[];
    }[];
    const policies = new Set(
      entries.flatMap((entry) =>
        entry.headers.filter((h) => h.key.toLowerCase() === 'content-security-policy').map((h) => h.value),
      ),
    );
    // Only when every page shares one policy: then it fits any page that lacks it.
    return policies.size === 1 ? [...policies][0]! : null;
  } catch {
    return null;
  }
}

let cached: [string, string][] | undefined;

/** Called once at start with the build folder; sets the headers every response starts with. */
export function adoptSitePolicy(distFolder: string): void {
  cached = Object.entries(securityHeaders(config().PUBLIC_SITE_URL, sitePolicy(distFolder) ?? FALLBACK_CSP));
}

export function applySecurityHeaders(res: ServerResponse): void {
  cached ??= Object.entries(securityHeaders());
  for (const [name, value] of cached) res.setHeader(name, value);
}
