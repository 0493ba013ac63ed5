import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

// A folder directly under the root, as scripts/ is: the server bundle below finds the root the same way.
const ROOT = resolve(import.meta.dirname, '..');
export const SERVER_ENTRY = join(ROOT, process.env.ITINERARY_DIST ?? 'dist', 'server/entry.mjs');
const SOURCES = ['src', 'locales', 'public', 'db/schema.ts', 'astro.config.mjs', 'package.json', 'tsconfig.json'];

/** scripts/start.ts and what it imports from src/ and db/, as one JavaScript file (scripts/launch.ts). */
export const START_BUNDLE = join(ROOT, 'dist-start/start.mjs');
const START_SOURCES = ['scripts', 'src', 'db', 'locales', 'package.json', 'tsconfig.json'];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

/** `built` is missing, or something under the given paths (relative to the root) changed after it. */
function changedSince(built: string, sources: string[]): boolean {
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return sources.some((source) => newestChange(join(ROOT, source)) > builtAt);
}

/**
 * Bundles scripts/start.ts with esbuild when its sources changed (~0.1 s); packages stay imports.
 * Written to a file of this process first and renamed, so servers starting at once never read half a file.
 */
export async function bundleStartIfStale(): Promise<void> {
  if (!changedSince(START_BUNDLE, START_SOURCES)) return;
  const { build } = await import('esbuild');
  const written = `${START_BUNDLE}.${process.pid}.tmp`;
  mkdirSync(resolve(START_BUNDLE, '..'), { recursive: true });
  await build({
    entryPoints: [join(ROOT, 'scripts/start.ts')],
    outfile: written,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    sourcemap: 'inline',
    logLevel: 'warning',
    // Packages stay imports, except drizzle-orm (as in astro.config.mjs: its package.json is 179 KB).
    plugins: [
      {
        name: 'packages-external-but-drizzle',
        setup(build) {
          build.onResolve({ filter: /^[^./#]/ }, ({ path }) =>
            path === 'drizzle-orm' || path.startsWith('drizzle-orm/') ? undefined : { external: true },
          );
        },
      },
    ],
  });
  renameSync(written, START_BUNDLE);
}

export const buildIsStale = (): boolean => changedSince(SERVER_ENTRY, SOURCES);

/** The builds besides our Node server's (ITINERARY_ADAPTER), each in its own folder, and the file that marks one done. */
export const OTHER_BUILDS = {
  'node-standalone': { folder: join(ROOT, 'dist-standalone'), built: 'server/entry.mjs' },
  cloudflare: { folder: join(ROOT, 'dist-cloudflare'), built: 'server/wrangler.json' },
} as const;
export type Adapter = 'node' | keyof typeof OTHER_BUILDS;

/**
 * Runs `astro build` for an adapter when its build is missing or older than the sources. Always a
 * production build: under the test runner's NODE_ENV=test, Astro would compile the islands for
 * React's development JSX runtime, which the server's production React (src/server/node/production-react.ts) lacks.
 */
export function buildIfStale(adapter: Adapter = 'node'): void {
  const other = adapter === 'node' ? null : OTHER_BUILDS[adapter];
  if (other ? !changedSince(join(other.folder, other.built), SOURCES) : !buildIsStale()) return;
  console.log(`Building the site (ITINERARY_ADAPTER=${adapter} astro build)…`);
  const astro = join(ROOT, 'node_modules/astro/bin/astro.mjs');
  const result = spawnSync(process.execPath, [astro, 'build'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      ITINERARY_ADAPTER: adapter,
      ...(other ? { ITINERARY_DIST: other.folder } : {}),
    },
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error('The build failed; see the output above.');
    process.exit(result.status ?? 1);
  }
}

if (import.meta.main) buildIfStale((process.env.ITINERARY_ADAPTER as Adapter | undefined) ?? 'node');
