/**
 * The arrows of docs/architecture.md: every import in `src` and `db` points to a folder its own
 * folder may import. A new arrow is a decision: write it in the document and in `MAY_IMPORT` here.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SERVER_DOMAINS = ['server/jams', 'server/users', 'server/activity', 'server/moderation'];

/** Which layers each layer may import (besides itself). Mirrors the table in docs/architecture.md. */
const MAY_IMPORT: Record<string, string[]> = {
  pages: ['*'],
  middleware: [
    'server/middleware',
    'server/node',
    'server/cache',
    'server/auth',
    'server/http',
    'server/platform',
    'i18n',
    'lib',
  ],
  layouts: ['components', 'components/ui', 'components/scripts', 'islands', 'i18n', 'lib', 'stores', 'styles'],
  components: [
    'components/ui',
    'components/scripts',
    'islands',
    ...SERVER_DOMAINS,
    'server/publish',
    'server/openapi',
    'server/platform',
    'i18n',
    'lib',
    'styles',
  ],
  'components/ui': ['i18n', 'lib'],
  'components/scripts': ['client', 'stores', 'i18n', 'lib'],
  islands: ['client', 'stores', 'components/ui', 'i18n', 'lib'],
  stores: ['client', 'lib'],
  client: ['stores', 'lib'],
  'server/node': [
    'server/middleware',
    'server/cache',
    'server/http',
    'server/auth',
    ...SERVER_DOMAINS,
    'server/publish',
    'server/platform',
    'i18n',
    'lib',
  ],
  'server/middleware': ['server/auth', 'server/http', 'server/platform', 'i18n', 'lib'],
  'server/openapi': ['server/http', 'server/auth', 'lib'],
  'server/publish': [...SERVER_DOMAINS, 'server/http', 'server/platform', 'i18n', 'lib', 'db'],
  'server/jams': [...SERVER_DOMAINS, 'server/auth', 'server/http', 'server/cache', 'server/platform', 'lib', 'db'],
  'server/users': [...SERVER_DOMAINS, 'server/auth', 'server/http', 'server/cache', 'server/platform', 'lib', 'db'],
  'server/activity': [...SERVER_DOMAINS, 'server/auth', 'server/http', 'server/cache', 'server/platform', 'lib', 'db'],
  'server/moderation': [...SERVER_DOMAINS, 'server/auth', 'server/http', 'server/cache', 'server/platform', 'lib', 'db'],
  'server/auth': ['server/users', 'server/http', 'server/platform', 'i18n', 'lib', 'db'],
  'server/http': ['server/auth', 'server/platform', 'lib'],
  'server/cache': ['server/platform', 'lib'],
  'server/platform': ['server/http', 'lib', 'db'],
  i18n: ['lib', 'locales'],
  lib: [],
  db: [],
};

/** The layer a file belongs to: its folder under src (two levels under src/server), or db, or locales. */
function layerOf(file: string): string | null {
  const path = relative(ROOT, file).replaceAll('\\', '/');
  if (path === 'src/middleware.ts') return 'middleware';
  const [top, second, third] = path.split('/');
  if (top === 'db' || top === 'locales') return top;
  if (top !== 'src') return null;
  if (second === 'server') return `server/${third}`;
  if (second === 'components' && (third === 'ui' || third === 'scripts')) return `components/${third}`;
  return second?.replace(/\.[a-z]+$/, '') ?? null;
}

const ALIASES: Record<string, string> = {
  '#server/': 'src/server/',
  '#lib/': 'src/lib/',
  '#client/': 'src/client/',
  '#i18n/': 'src/i18n/',
  '#stores/': 'src/stores/',
  '#db/': 'db/',
  '#components/': 'src/components/',
  '#islands/': 'src/islands/',
  '#layouts/': 'src/layouts/',
};

/** The repository path an import points to, or null for a package. */
function target(from: string, specifier: string): string | null {
  for (const [alias, folder] of Object.entries(ALIASES)) {
    if (specifier.startsWith(alias)) return join(ROOT, folder, specifier.slice(alias.length));
  }
  if (specifier.startsWith('.')) return resolve(dirname(from), specifier);
  return null;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'"`;]*?(?:from\s*)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function importsOf(file: string): string[] {
  let source = readFileSync(file, 'utf8');
  // An Astro component's imports live in its frontmatter and its <script> tags.
  if (file.endsWith('.astro')) source = source.replace(/<style[\s\S]*?<\/style>/g, '');
  return [...source.matchAll(IMPORT)].map((match) => match[1] ?? match[2]!);
}

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|astro)$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

function violations(): string[] {
  const found: string[] = [];
  for (const file of [...sourceFiles('src'), ...sourceFiles('db')]) {
    if (/\.test\.tsx?$/.test(file)) continue;
    const from = layerOf(file);
    if (!from) continue;
    for (const specifier of importsOf(file)) {
      const to = target(file, specifier);
      const layer = to && layerOf(to);
      if (!layer || layer === from) continue;
      const allowed = MAY_IMPORT[from] ?? [];
      if (allowed.includes('*') || allowed.includes(layer)) continue;
      found.push(`${relative(ROOT, file)} (${from}) imports ${specifier} (${layer})`);
    }
  }
  return found;
}

describe('the layers of docs/architecture.md', () => {
  it('every import points to a layer its folder may import', () => {
    expect(violations()).toEqual([]);
  });

  it('the check sees a forbidden arrow: browser code reaching for the server', () => {
    expect(layerOf(join(ROOT, 'src/islands/Entries.tsx'))).toBe('islands');
    const to = layerOf(target(join(ROOT, 'src/islands/Entries.tsx'), '#server/jams/votes')!);
    expect(to).toBe('server/jams');
    expect(MAY_IMPORT.islands).not.toContain(to);
    expect(importsOf(join(ROOT, 'src/islands/Entries.tsx')).length).toBeGreaterThan(0);
  });

  it('every layer of the table exists as a folder', () => {
    const layers = new Set([...sourceFiles('src'), ...sourceFiles('db')].map(layerOf));
    for (const layer of Object.keys(MAY_IMPORT)) expect(layers, layer).toContain(layer);
  });
});
