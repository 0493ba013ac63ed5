import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
export const SERVER_ENTRY = join(ROOT, process.env.ITINERARY_DIST ?? 'dist', 'server/entry.mjs');
const SOURCES = ['src', 'locales', 'public', 'db/schema.ts', 'astro.config.mjs', 'package.json', 'tsconfig.json'];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

export function buildIsStale(): boolean {
  if (!existsSync(SERVER_ENTRY)) return true;
  const built = statSync(SERVER_ENTRY).mtimeMs;
  return SOURCES.some((source) => newestChange(join(ROOT, source)) > built);
}

/**
 * Runs `astro build` when dist/ is missing or older than the sources. Always a production build:
 * under the test runner's NODE_ENV=test, Astro would compile the islands for React's development
 * JSX runtime, which the server's production React (src/server/node/production-react.ts) lacks.
 */
export function buildIfStale(): void {
  if (!buildIsStale()) return;
  console.log('Building the site (astro build)…');
  const astro = join(ROOT, 'node_modules/astro/bin/astro.mjs');
  const result = spawnSync(process.execPath, [astro, 'build'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error('The build failed; see the output above.');
    process.exit(result.status ?? 1);
  }
}

if (import.meta.main) buildIfStale();
