/**
 * The arrows of docs/architecture.md: every import in `src` and `db` points to a folder its own
 * folder may import. A new arrow is a decision: write it in the document and in `MAY_IMPORT` here.
 * And the core runs on any host: what only Node has stays in the Node host (ADR 023).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SERVER_DOMAINS = [
  'server/jams',
  'server/entries',
  'server/teams',
  'server/judging',
  'server/users',
  'server/activity',
  'server/moderation',
  'server/feedback',
  'server/inbox',
  'server/live',
  'server/themes',
];

/** Which layers each layer may import (besides itself). Mirrors the table in docs/architecture.md. */
/** The hosts around the core: they import it; nothing of the core imports them. */
const HOSTS = ['server/node', 'server/cloudflare'];

const MAY_IMPORT: Record<string, string[]> = {
  pages: ['*'],
  middleware: ['server/middleware'],
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
    'server/jobs',
    'server/cache',
    'server/http',
    'server/auth',
    ...SERVER_DOMAINS,
    'server/publish',
    'server/platform',
    'i18n',
    'lib',
  ],
  'server/cloudflare': [
    'server/middleware',
    'server/jobs',
    'server/cache',
    'server/http',
    'server/auth',
    'server/platform',
    'lib',
  ],
  'server/middleware': ['server/auth', 'server/cache', 'server/http', 'server/platform', 'i18n', 'lib'],
  'server/openapi': ['server/http', 'server/auth', 'server/platform', 'lib'],
  'server/publish': [...SERVER_DOMAINS, 'server/http', 'server/platform', 'i18n', 'lib', 'db'],
  'server/jobs': [...SERVER_DOMAINS, 'server/http', 'server/auth', 'server/platform', 'lib', 'db'],
  'server/jams': [...SERVER_DOMAINS, 'server/auth', 'server/http', 'server/cache', 'server/platform', 'lib', 'db'],
  'server/entries': [...SERVER_DOMAINS, 'server/auth', 'server/http', 'server/cache', 'server/platform', 'lib', 'db'],
  'server/teams': [...SERVER_DOMAINS, 'server/auth', 'server/http', 'server/cache', 'server/platform', 'lib', 'db'],
  'server/judging': [...SERVER_DOMAINS, 'server/auth', 'server/http', 'server/cache', 'server/platform', 'lib', 'db'],
  'server/users': [...SERVER_DOMAINS, 'server/auth', 'server/http', 'server/cache', 'server/platform', 'i18n', 'lib', 'db'],
  'server/activity': [...SERVER_DOMAINS, 'server/auth', 'server/http', 'server/cache', 'server/platform', 'lib', 'db'],
  'server/moderation': [...SERVER_DOMAINS, 'server/auth', 'server/http', 'server/cache', 'server/platform', 'lib', 'db'],
  'server/feedback': [...SERVER_DOMAINS, 'server/auth', 'server/http', 'server/cache', 'server/platform', 'lib', 'db'],
  'server/inbox': [...SERVER_DOMAINS, 'server/auth', 'server/http', 'server/cache', 'server/platform', 'lib', 'db'],
  'server/live': [...SERVER_DOMAINS, 'server/auth', 'server/http', 'server/cache', 'server/platform', 'lib', 'db'],
  'server/themes': [...SERVER_DOMAINS, 'server/auth', 'server/http', 'server/cache', 'server/platform', 'lib', 'db'],
  'server/http': ['server/auth', 'server/platform', 'lib', 'db'],
  'server/auth': ['server/platform', 'lib', 'db'],
  'server/cache': ['server/platform', 'lib'],
  'server/platform': ['lib', 'db'],
  i18n: ['lib', 'locales'],
  lib: [],
  // ADR 050: the jam version's player, built apart for its sandboxed frame.
  player: [],
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
      if ((allowed.includes('*') && !HOSTS.includes(layer)) || allowed.includes(layer)) continue;
      found.push(`${relative(ROOT, file)} (${from}) imports ${specifier} (${layer})`);
    }
  }
  return found;
}

/**
 * The rows of src/server in the table, top to bottom: an import inside src/server points down this
 * list or sideways within a row (the domain folders import each other), never up.
 */
const SERVER_ROWS: string[][] = [
  HOSTS,
  ['server/middleware'],
  ['server/openapi'],
  ['server/publish'],
  ['server/jobs'],
  SERVER_DOMAINS,
  ['server/http'],
  ['server/auth'],
  ['server/cache'],
  ['server/platform'],
];
const rowOf = (layer: string) => SERVER_ROWS.findIndex((row) => row.includes(layer));

/** Imports inside src/server that point to a row above their own. */
function upwardImports(): string[] {
  const found: string[] = [];
  for (const file of sourceFiles('src/server')) {
    if (/\.test\.tsx?$/.test(file)) continue;
    const from = rowOf(layerOf(file)!);
    for (const specifier of importsOf(file)) {
      const to = target(file, specifier);
      const layer = to && layerOf(to);
      if (!layer?.startsWith('server/')) continue;
      if (rowOf(layer) < from) found.push(`${relative(ROOT, file)} imports ${specifier} (${layer}, a row above)`);
    }
  }
  return found;
}

/** The file an import names, with the extension the import leaves out. */
function resolveFile(path: string, files: Set<string>): string | null {
  for (const candidate of [path, `${path}.ts`, `${path}.tsx`, `${path}/index.ts`]) if (files.has(candidate)) return candidate;
  return null;
}

/** Circles of imports between files of `src` and `db` (type imports included): each as its files. */
function importCircles(): string[][] {
  const files = [...sourceFiles('src'), ...sourceFiles('db')].filter((file) => !/\.test\.tsx?$/.test(file));
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const to = importsOf(file).map((specifier) => target(file, specifier));
    graph.set(file, [...new Set(to.map((path) => path && resolveFile(path, known)).filter((path): path is string => !!path))]);
  }
  return circlesIn(graph).map((circle) => circle.map((file) => relative(ROOT, file)).sort());
}

/** The strongly connected components of more than one node (or a node that points to itself). */
function circlesIn(graph: Map<string, string[]>): string[][] {
  // Tarjan's strongly connected components: a component of more than one file is a circle.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)!.includes(file)) circles.push(component);
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return circles;
}

/** Packages and globals only a Node process has: native addons, Node's own modules, its HTTP helpers. */
const NODE_ONLY_PACKAGES =
  /^(node:|libsql$|compression$|send$|(fs|path|url|http|https|net|zlib|crypto|os|stream|util|child_process|async_hooks|worker_threads)(\/|$))/;
const NODE_ONLY_GLOBALS = /\bBuffer\b/;

/** The Node-only things a core file (everything of `src` and `db` but the Node host) uses. */
function nodeOnlyUses(file: string): string[] {
  const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
  const specifiers = [...code.matchAll(/\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1] ?? m[2]!);
  const found = specifiers.filter((specifier) => NODE_ONLY_PACKAGES.test(specifier));
  if (NODE_ONLY_GLOBALS.test(code)) found.push('Buffer');
  return found;
}

function coreFiles(): string[] {
  return [...sourceFiles('src'), ...sourceFiles('db')].filter(
    (file) => !/\.test\.tsx?$/.test(file) && layerOf(file) !== 'server/node',
  );
}

/** What the Workers runtime lends its host from Node (nodejs_compat): a request's async context. */
const WORKER_HOST_MAY_USE = new Set(['node:async_hooks']);
const allowedFor = (file: string, use: string) => layerOf(file) === 'server/cloudflare' && WORKER_HOST_MAY_USE.has(use);

describe('the core runs on any host', () => {
  it('nothing outside the Node host imports node:*, libsql, compression or send, or uses Buffer (the Worker host: only async_hooks)', () => {
    const found = coreFiles().flatMap((file) =>
      nodeOnlyUses(file)
        .filter((use) => !allowedFor(file, use))
        .map((use) => `${relative(ROOT, file)} uses ${use}`),
    );
    expect(found).toEqual([]);
  });

  it('the check sees a Node-only import', () => {
    expect(nodeOnlyUses(join(ROOT, 'src/server/node/statement-cache.ts'))).toEqual(['libsql']);
    expect(nodeOnlyUses(join(ROOT, 'src/server/node/encodings.ts'))).toContain('node:zlib');
    expect(coreFiles()).toContain(join(ROOT, 'src/server/platform/db.ts'));
    expect(coreFiles()).not.toContain(join(ROOT, 'src/server/node/database.ts'));
  });

  it('no core layer may import a host', () => {
    for (const [layer, allowed] of Object.entries(MAY_IMPORT)) {
      if (HOSTS.includes(layer)) continue;
      for (const host of HOSTS) expect(allowed, `${layer} -> ${host}`).not.toContain(host);
    }
  });
});

describe('the database handle', () => {
  // The host opens it at start-up; the core uses it as it is (`db().select()…`), never awaits it.
  const AWAITED_HANDLE = /\bawait\s+\(?\s*db\(\)(?!\s*\.)|\(\s*await\s+db\(\)\s*\)/;

  it('no code awaits the handle before using it', () => {
    const files = [...sourceFiles('src'), ...sourceFiles('scripts'), ...sourceFiles('tests'), ...sourceFiles('bench')];
    const found = files
      .filter((file) => file !== import.meta.filename && AWAITED_HANDLE.test(readFileSync(file, 'utf8')))
      .map((file) => relative(ROOT, file));
    expect(found).toEqual([]);
  });

  it('the check sees an awaited handle', () => {
    expect(AWAITED_HANDLE.test('const rows = await (await db()).select();')).toBe(true);
    expect(AWAITED_HANDLE.test('const database = await db();')).toBe(true);
    expect(AWAITED_HANDLE.test('const rows = await db().select();')).toBe(false);
  });
});

describe('files that fit one sitting', () => {
  const MAX_LINES = 300;
  /** Data, not logic: read by looking things up, not top to bottom. */
  // The OpenAPI examples, and the held classes' registry: an import and a row for each data file.
  const DECLARATIVE = ['src/server/openapi/examples.ts', 'src/server/feedback/guard/held-rules.ts'];
  const linesOf = (file: string) => readFileSync(file, 'utf8').split('\n').length;

  it(`no source file under src/ is over ${MAX_LINES} lines, unless it is declarative`, () => {
    const files = readdirSync(join(ROOT, 'src'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.(ts|tsx|astro|css)$/.test(entry.name))
      .map((entry) => join(entry.parentPath, entry.name));
    const long = files
      .filter((file) => !DECLARATIVE.includes(relative(ROOT, file)) && linesOf(file) > MAX_LINES)
      .map((file) => `${relative(ROOT, file)}: ${linesOf(file)} lines`);
    expect(long).toEqual([]);
  });

  it('the check sees a long file', () => {
    expect(linesOf(join(ROOT, 'src/server/openapi/examples.ts'))).toBeGreaterThan(MAX_LINES);
  });
});

describe('the layers of docs/architecture.md', () => {
  it('every import points to a layer its folder may import', () => {
    expect(violations()).toEqual([]);
  });

  it('the check sees a forbidden arrow: browser code reaching for the server', () => {
    expect(layerOf(join(ROOT, 'src/islands/Entries.tsx'))).toBe('islands');
    const to = layerOf(target(join(ROOT, 'src/islands/Entries.tsx'), '#server/judging/votes')!);
    expect(to).toBe('server/judging');
    expect(MAY_IMPORT.islands).not.toContain(to);
    expect(importsOf(join(ROOT, 'src/islands/Entries.tsx')).length).toBeGreaterThan(0);
  });

  it('no import inside src/server points up the table (0 allowed)', () => {
    expect(upwardImports()).toEqual([]);
  });

  it('the table itself lets src/server import only down or sideways', () => {
    const up = Object.entries(MAY_IMPORT)
      .filter(([layer]) => rowOf(layer) >= 0)
      .flatMap(([layer, allowed]) =>
        allowed.filter((to) => rowOf(to) >= 0 && rowOf(to) < rowOf(layer)).map((to) => `${layer} -> ${to}`),
      );
    expect(up).toEqual([]);
  });

  it('no file imports itself back through a circle', () => {
    expect(importCircles()).toEqual([]);
  });

  it('the checks see an upward import and a circle', () => {
    expect(rowOf('server/http')).toBeLessThan(rowOf('server/auth'));
    expect(rowOf('server/platform')).toBeGreaterThan(rowOf('server/http'));
    expect(rowOf('server/jams')).toBe(rowOf('server/live'));
    const circle = new Map([
      ['config', ['host']],
      ['host', ['db']],
      ['db', ['config', 'read-batches']],
      ['read-batches', []],
    ]);
    expect(circlesIn(circle).map((found) => found.sort())).toEqual([['config', 'db', 'host']]);
    expect(
      circlesIn(
        new Map([
          ['db', ['host']],
          ['host', []],
        ]),
      ),
    ).toEqual([]);
    const from = join(ROOT, 'src/server/platform/db.ts');
    expect(resolveFile(target(from, './host')!, new Set([join(ROOT, 'src/server/platform/host.ts')]))).toBe(
      join(ROOT, 'src/server/platform/host.ts'),
    );
  });

  it('every layer of the table exists as a folder', () => {
    const layers = new Set([...sourceFiles('src'), ...sourceFiles('db')].map(layerOf));
    for (const layer of Object.keys(MAY_IMPORT)) expect(layers, layer).toContain(layer);
  });
});
