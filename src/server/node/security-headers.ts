/**
 * The Node host's part of the security headers: the site's page policy read from the build, and the
 * same headers on what it answers before Astro (files under /_astro, prerendered pages, cached pages).
 * Everything Astro answers gets them from the middleware (src/server/middleware/security-headers.ts).
 */
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { FALLBACK_CSP, securityHeaders } from '#server/middleware/security-headers';
import { config } from '#server/platform/config';
import { installHost } from '#server/platform/host';

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

/** Called once at start with the build folder: the policy for the middleware and for what the host answers itself. */
export function adoptSitePolicy(distFolder: string): void {
  const policy = sitePolicy(distFolder) ?? FALLBACK_CSP;
  installHost({ contentSecurityPolicy: policy });
  cached = Object.entries(securityHeaders(config().PUBLIC_SITE_URL, policy));
}

export function applySecurityHeaders(res: ServerResponse): void {
  cached ??= Object.entries(securityHeaders(config().PUBLIC_SITE_URL));
  for (const [name, value] of cached) res.setHeader(name, value);
}
