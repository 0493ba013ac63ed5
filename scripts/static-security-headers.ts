/**
 * An Astro integration: the security headers for what a platform serves without running the
 * middleware (prerendered pages, files), written into the build's headers file.
 * - Cloudflare: `_headers` (every file). The page policy is the one Astro wrote into the prerendered
 *   pages' <meta> (the same hashes on every page); as a header it also carries frame-ancestors.
 * - @astrojs/node: `_headers.json` (the prerendered pages; Astro wrote their policy there already).
 */
import { appendFileSync, existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { FALLBACK_CSP, securityHeaders } from '../src/server/middleware/security-headers.ts';

/** Cloudflare's limit on one header value in `_headers`. */
const MAX_HEADER_VALUE = 2000;
const META_CSP = /<meta http-equiv="content-security-policy" content="([^"]+)"/i;

const siteUrl = () => process.env.PUBLIC_SITE_URL ?? 'http://localhost:4321';

/** The policy of the first prerendered page found under `folder`, or null. */
export function prerenderedPolicy(folder: string): string | null {
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const match = META_CSP.exec(readFileSync(join(entry.parentPath, entry.name), 'utf8'));
    if (match) return match[1]!.replaceAll('&#39;', "'").replaceAll('&quot;', '"');
  }
  return null;
}

function writeCloudflareHeaders(client: string): void {
  const policy = prerenderedPolicy(client) ?? FALLBACK_CSP;
  const framed = policy.includes('frame-ancestors') ? policy : `${policy.replace(/;?\s*$/, '')}; frame-ancestors 'none'`;
  // The platform drops a value over 2,000 characters: then the <meta> carries the hashes alone.
  const headers = Object.entries(securityHeaders(siteUrl(), framed.length <= MAX_HEADER_VALUE ? framed : FALLBACK_CSP));
  const file = join(client, '_headers');
  const block = ['/*', ...headers.map(([name, value]) => `  ${name}: ${value}`)].join('\n');
  appendFileSync(file, `${existsSync(file) ? '\n' : ''}${block}\n`);
}

interface HeadersJsonEntry {
  pathname: string;
  headers: { key: string; value: string }[];
}

function addToNodeHeaders(outDir: string): void {
  const file = join(outDir, '_headers.json');
  if (!existsSync(file)) return;
  const entries = JSON.parse(readFileSync(file, 'utf8')) as HeadersJsonEntry[];
  for (const entry of entries) {
    const present = new Set(entry.headers.map((header) => header.key.toLowerCase()));
    for (const [key, value] of Object.entries(securityHeaders(siteUrl()))) {
      if (!present.has(key)) entry.headers.push({ key, value });
    }
  }
  writeFileSync(file, JSON.stringify(entries));
}

export function staticSecurityHeaders(platform: 'cloudflare' | 'node'): AstroIntegration {
  let outDir: string;
  return {
    name: 'itinerary:static-security-headers',
    hooks: {
      'astro:config:done': ({ config }) => {
        outDir = fileURLToPath(config.outDir);
      },
      'astro:build:done': ({ dir }) => {
        if (platform === 'cloudflare') writeCloudflareHeaders(fileURLToPath(dir));
        else addToNodeHeaders(outDir);
      },
    },
  };
}
