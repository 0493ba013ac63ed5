// The framework's floor for `npm run bench`: Astro with the same adapter as the app, one page, no middleware.
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
});
