import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';

export default defineConfig({
  // ITINERARY_DIST lets parallel checkouts of work build side by side (default dist/).
  outDir: process.env.ITINERARY_DIST ?? './dist',
  output: 'server',
  // middleware: Astro's handler only renders; scripts/start.ts sends the build's files (ADR 019).
  // staticHeaders: prerendered pages get their CSP as a header too (a <meta> CSP cannot carry frame-ancestors).
  // bodySizeLimit: no request body may exceed 1 MiB, whatever reads it (the adapter's default is 1 GiB).
  adapter: node({ mode: 'middleware', staticHeaders: true, bodySizeLimit: 1024 * 1024 }),
  integrations: [react()],
  // Bundled into the server rather than imported from node_modules at start: Node reads a package's
  // package.json for each of its modules it loads, and drizzle-orm's is 179 KB (~0.6 s of CPU a start).
  vite: { ssr: { noExternal: ['drizzle-orm'] } },
  security: {
    // Replaced by src/server/middleware/origin-check.ts, which covers JSON too and answers in the API's error shape.
    checkOrigin: false,
    // Hash-based: Astro hashes every script and style it emits, so no 'unsafe-inline' for scripts.
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' https: data:",
        'frame-src https://scratch.mit.edu',
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
