/**
 * An Astro integration for the Cloudflare build: the security headers for what the platform serves
 * without the Worker (prerendered pages, files), written into the build's `_headers` file. The page
 * policy is the one Astro wrote into the prerendered pages' <meta> (the same hashes on every page);
 * as a header it also carries frame-ancestors, which a <meta> cannot.
 */
import { appendFileSync, existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { FALLBACK_CSP, securityHeaders } from '../src/server/middleware/security-headers.ts';

/** Cloudflare's limit on one header value in `_headers`. */
const MAX_HEADER_VALUE = 2000;
const META_CSP = /<meta http-equiv="content-security-policy" content="([^"]+)"/i;

/** The policy of the first prerendered page found under `folder`, or null. */
export function prerenderedPolicy(folder: string): string | null {
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const match = META_CSP.exec(readFileSync(join(entry.parentPath, entry.name), 'utf8'));
    if (match) return match[1]!.replaceAll('&#39;', "'").replaceAll('&quot;', '"');
  }
  return null;
}

export function cloudflareStaticHeaders(): AstroIntegration {
  return {
    name: 'itinerary:cloudflare-static-headers',
    hooks: {
      'astro:build:done': ({ dir }) => {
        const client = fileURLToPath(dir);
        const policy = prerenderedPolicy(client) ?? FALLBACK_CSP;
        const siteUrl = process.env.PUBLIC_SITE_URL ?? 'http://localhost:4321';
        const framed = policy.includes('frame-ancestors') ? policy : `${policy.replace(/;?\s*$/, '')}; frame-ancestors 'none'`;
        // The platform drops a `_headers` value over 2,000 characters: then the <meta> carries the hashes alone.
        const headers = Object.entries(securityHeaders(siteUrl, framed.length <= MAX_HEADER_VALUE ? framed : FALLBACK_CSP));
        const file = join(client, '_headers');
        const block = ['/*', ...headers.map(([name, value]) => `  ${name}: ${value}`)].join('\n');
        appendFileSync(file, `${existsSync(file) ? '\n' : ''}${block}\n`);
      },
    },
  };
}
