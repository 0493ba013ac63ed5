import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';

export default defineConfig({
  // ITINERARY_DIST lets parallel checkouts of work build side by side (default dist/).
  outDir: process.env.ITINERARY_DIST ?? './dist',
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [react()],
  i18n: {
    locales: ['en', 'hu', 'ir'],
    defaultLocale: 'en',
    routing: 'manual',
  },
});
