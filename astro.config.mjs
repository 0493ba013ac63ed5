import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { staticSecurityHeaders } from './scripts/static-security-headers.ts';
import { renderPatches } from './scripts/render-patches.ts';
import { jamPlayerFiles } from './scripts/jam-player-files.ts';

/** The largest request body: a jam version's .sb3 (20 MiB, src/lib/jam-version.ts) and a little more (ADR 050). */
const BODY_SIZE_LIMIT = 21 * 1024 * 1024;

// ITINERARY_ADAPTER picks the host: `node` (default, our own server around @astrojs/node),
// `node-standalone` (@astrojs/node's own server) or `cloudflare` (@astrojs/cloudflare: a Worker served
// by workerd, talking to a libSQL server over HTTP). ADR 023.
const target = process.env.ITINERARY_ADAPTER ?? 'node';
if (!['node', 'node-standalone', 'cloudflare'].includes(target)) {
  throw new Error(
    `Invalid configuration: ITINERARY_ADAPTER must be node, node-standalone or cloudflare (got ${JSON.stringify(target)})`,
  );
}

// Each host's adapter is imported only when chosen: @astrojs/cloudflare pulls in wrangler and workerd's Vite plugin.
const hosts = {
  node: async () => ({
    // ITINERARY_DIST lets parallel checkouts of work build side by side (default dist/).
    outDir: process.env.ITINERARY_DIST ?? './dist',
    // middleware: Astro's handler only renders; scripts/start.ts sends the build's files (ADR 019).
    // staticHeaders: prerendered pages get their CSP as a header too (a <meta> CSP cannot carry frame-ancestors).
    // bodySizeLimit: no request body may exceed 21 MiB, whatever reads it (the adapter's default is 1 GiB): a jam
    // version's .sb3 is at most 20 MiB (ADR 050); JSON and forms are read no further than their own 64 KiB (request-input.ts).
    // experimentalDisableStreaming: a page is rendered to one string and encoded once. Streamed, each of its
    // chunks was encoded and queued on its own, only for the page store to gather them again (it reads the
    // whole body: to keep the page, or for the ETag when the cache is off); every page reads its data
    // before it writes a byte, so nothing reached the browser sooner.
    adapter: node({
      mode: 'middleware',
      staticHeaders: true,
      bodySizeLimit: BODY_SIZE_LIMIT,
      experimentalDisableStreaming: true,
    }),
    // Bundled into the server rather than imported from node_modules at start: Node reads a package's
    // package.json for each of its modules it loads, and drizzle-orm's is 179 KB (~0.6 s of CPU a start).
    vite: { ssr: { noExternal: ['drizzle-orm'] } },
  }),
  // @astrojs/node's own server (`node dist-standalone/server/entry.mjs`): any Node host without scripts/start.ts.
  'node-standalone': async () => ({
    outDir: process.env.ITINERARY_DIST ?? './dist-standalone',
    adapter: node({
      mode: 'standalone',
      staticHeaders: true,
      bodySizeLimit: BODY_SIZE_LIMIT,
      experimentalDisableStreaming: true,
    }),
    integrations: [staticSecurityHeaders('node')],
    vite: { ssr: { noExternal: ['drizzle-orm'] } },
  }),
  cloudflare: async () => {
    const { default: cloudflare } = await import('@astrojs/cloudflare');
    return {
      // Its own folder, so a Cloudflare build never replaces the Node build in dist/.
      outDir: process.env.ITINERARY_DIST ?? './dist-cloudflare',
      // wrangler.jsonc (repository root) names the Worker's entry: src/server/cloudflare/worker.ts.
      // imageService passthrough: we use no astro:assets, so no IMAGES binding (which would need an account).
      // prerenderEnvironment node: the prerendered pages are rendered by Node at build time, like the Node build.
      adapter: cloudflare({ imageService: 'passthrough', prerenderEnvironment: 'node' }),
      // We use no Astro sessions: without this the adapter wires a KV namespace binding named SESSION.
      session: false,
      integrations: [staticSecurityHeaders('cloudflare')],
    };
  },
};

const { integrations = [], vite = {}, ...host } = await hosts[target]();

export default defineConfig({
  ...host,
  output: 'server',
  // experimentalDisableStreaming: each island is rendered with React's renderToString, one synchronous
  // pass, rather than into a stream that is encoded and decoded again (with its prefix: ADR 035).
  integrations: [react({ experimentalDisableStreaming: true }), jamPlayerFiles(), ...integrations],
  // Small changes to Astro's and @astrojs/react's server code that make renders cheaper (ADR 035).
  vite: { ...vite, plugins: [renderPatches(), ...(vite.plugins ?? [])] },
  security: {
    // Replaced by src/server/middleware/origin-check.ts, which covers JSON too and answers in the API's error shape.
    checkOrigin: false,
    // Hash-based: Astro hashes every script and style it emits, so no 'unsafe-inline' for scripts.
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' https: data:",
        // 'self': the jam version's player frame (/play/jam-version/{id}, ADR 050), sandboxed, under its own policy.
        "frame-src 'self' https://scratch.mit.edu",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ],
      // Islands render `style` attributes (React's style prop); <style> elements stay hash-only.
      styleDirective: { resources: ["'self'", { resource: "'unsafe-inline'", kind: 'attribute' }] },
    },
  },
  i18n: {
    locales: ['en', 'hu', 'ir'],
    defaultLocale: 'en',
    routing: 'manual',
  },
});
