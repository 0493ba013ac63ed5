/**
 * Reads a V8 `.cpuprofile` (node --cpu-prof) and says where the CPU went: each sample is put in a
 * category by walking up its stack. Frames in the build's bundled chunks are named by their source
 * through the `.map` beside each chunk (bench/servers.ts build({ sourceMaps: true })), so a frame of
 * drizzle-orm bundled into a page's chunk still counts as SQL.
 */
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

export const CATEGORIES = [
  'SQL (libsql, drizzle, our database layer)',
  'Markdown (marked, xss)',
  'i18n (i18next, src/i18n)',
  'React SSR (react-dom/server, our islands)',
  'Astro runtime (rendering, routing, middleware chain)',
  'Astro components (our .astro pages, layouts, components)',
  'serialisation (island props, JSON, HTML escaping)',
  'compression',
  'our other code (src/ services, lib, middleware)',
  'Node HTTP, streams, the server (scripts/start.ts)',
  'garbage collection',
  'other',
] as const;
export type Category = (typeof CATEGORIES)[number];
const [SQL, MARKDOWN, I18N, REACT, ASTRO, COMPONENTS, SERIALISATION, COMPRESSION, OURS, NODE, GC, OTHER] = CATEGORIES;

/** By the frame's source (a path inside the repository or node_modules, or a node: URL); first match wins. */
const BY_SOURCE: [RegExp, Category][] = [
  [/node_modules\/(drizzle-orm|@libsql|libsql)\//, SQL],
  [/src\/server\/(platform\/(db|read-batches|one-writer)|node\/(database|statement-cache))\.ts$/, SQL],
  [/node_modules\/(marked|xss|cssfilter)\//, MARKDOWN],
  [/src\/server\/jams\/markdown\.ts$/, MARKDOWN],
  [/node_modules\/i18next\//, I18N],
  [/src\/i18n\//, I18N],
  [/node_modules\/(devalue|html-escaper)\//, SERIALISATION],
  [/node_modules\/astro\/dist\/runtime\/server\/(serialize|escape)\.js$/, SERIALISATION],
  [/node_modules\/(react-dom|react|scheduler|@astrojs\/react)\//, REACT],
  [/src\/(islands|components\/ui)\/.*\.tsx$/, REACT],
  [/node_modules\/(compression|compressible|negotiator|vary)\//, COMPRESSION],
  [/^node:zlib$|^node:internal\/(zlib|streams\/compose)/, COMPRESSION],
  [/node_modules\/(astro|@astrojs)\//, ASTRO],
  [/src\/.*\.astro$/, COMPONENTS],
  [/scripts\/|src\/server\/node\//, NODE],
  [/^node:(_http_|http$|net$|internal\/(http|streams|net|stream_base_commons|js_stream_socket))/, NODE],
  [/(^|\/)src\//, OURS],
];

/** Escaping inside react-dom's renderer is HTML escaping, whoever calls it. */
const REACT_ESCAPE = /^escape|TextForBrowser$/;

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/**
 * Where a frame's code came from. Bundlers (Vite's rolldown for the build, esbuild for the server's
 * start bundle) write each module's path as a comment line (`// src/layouts/Base.astro`) before its
 * code: the last such comment above the function names its module. Source maps give the line in
 * it; they alone would not do, since a compiled `.astro` component has no mappings of its own and
 * the nearest one before it belongs to another module.
 */
class Sources {
  private readonly maps = new Map<string, SourceMap | null>();
  private readonly modules = new Map<string, { line: number; path: string }[]>();

  /** The frame's source file and line (1-based; the bundle's own line where no map knows it). */
  source(frame: CallFrame): { file: string; line: number } {
    if (!frame.url.startsWith('file://')) return { file: frame.url, line: frame.lineNumber + 1 };
    const path = fileURLToPath(frame.url);
    const module = this.moduleAt(path, frame.lineNumber);
    const entry = this.mapOf(path)?.findEntry(frame.lineNumber, frame.columnNumber);
    const mapped = entry && 'originalSource' in entry ? entry : null;
    if (!module)
      return mapped ? { file: mapped.originalSource, line: mapped.originalLine + 1 } : { file: path, line: frame.lineNumber + 1 };
    const inModule = mapped && mapped.originalSource.endsWith(module.replace(/^(\.\.\/)+/, ''));
    return { file: module, line: inModule ? mapped.originalLine + 1 : frame.lineNumber + 1 };
  }

  private moduleAt(path: string, line: number): string | null {
    let modules = this.modules.get(path);
    if (!modules) {
      modules = [];
      const lines = existsSync(path) ? readFileSync(path, 'utf8').split('\n') : [];
      for (const [index, text] of lines.entries()) {
        const comment = MODULE_COMMENT.exec(text);
        if (comment) modules.push({ line: index, path: comment[1]! });
      }
      this.modules.set(path, modules);
    }
    let found: string | null = null;
    for (const module of modules) {
      if (module.line > line) break;
      found = module.path;
    }
    return found;
  }

  private mapOf(path: string): SourceMap | null {
    let map = this.maps.get(path);
    if (map === undefined) {
      map = load(path);
      this.maps.set(path, map);
    }
    return map;
  }
}

/** A bundler's module comment: `// src/components/JamCard.astro`, `// ../main/node_modules/astro/dist/…/render.js`. */
const MODULE_COMMENT = /^\/\/ ((?:\.\.\/)*[\w@.\-[\]/]+\.(?:astro|tsx?|[mc]?js|json))$/;

function load(path: string): SourceMap | null {
  try {
    if (existsSync(`${path}.map`)) return new SourceMap(JSON.parse(readFileSync(`${path}.map`, 'utf8')));
    const inline = /\/\/# sourceMappingURL=data:application\/json;base64,([\w+/=]+)\s*$/.exec(readFileSync(path, 'utf8'));
    return inline ? new SourceMap(JSON.parse(Buffer.from(inline[1]!, 'base64').toString('utf8'))) : null;
  } catch {
    return null;
  }
}

const shortSource = (source: string) => source.replace(/^.*?(node_modules\/|(?=src\/)|(?=scripts\/))/, '');

/** A file of ours as its path under src/, a package's file as the package's name. */
const packageOrFile = (file: string) =>
  /node_modules\//.test(file) ? /node_modules\/((@[^/]+\/)?[^/]+)/.exec(file)![1]! : shortSource(file);

/** The frame's own category, or null for frames that take their caller's (V8 builtins, Node's helpers). */
function categoryOf(frame: CallFrame, source: string): Category | null {
  if (frame.functionName === '(garbage collector)') return GC;
  if (frame.functionName === '(program)') return OTHER;
  if (frame.functionName === 'stringify' && frame.url === '') return SERIALISATION; // JSON.stringify
  for (const [pattern, category] of BY_SOURCE) {
    if (!pattern.test(source)) continue;
    return category === REACT && REACT_ESCAPE.test(frame.functionName) ? SERIALISATION : category;
  }
  return null;
}

export interface Breakdown {
  /** Samples in the window, and of them the ones the main thread was not idle. */
  samples: number;
  busySamples: number;
  /**
   * Per category: busy samples where it was the innermost category on the stack (self), or anywhere
   * on it (total). Samples, not the time between them: on a busy machine the sampler is descheduled
   * with the process, and a sample followed by a long gap would weigh as if it had run all along.
   */
  self: Record<Category, number>;
  total: Record<Category, number>;
  /** Self samples per attributed frame (`builtin ← function source:line`), to find the hot spots of a category. */
  leaves: Map<string, number>;
  /** Samples per source file of ours (or package) anywhere on the stack: what a component or module costs in all. */
  files: Map<string, number>;
}

const zeroes = () => Object.fromEntries(CATEGORIES.map((c) => [c, 0])) as Record<Category, number>;

/** Attributes the samples taken between `from` and `to` (the profile's clock: CLOCK_MONOTONIC, µs). */
export function breakdown(profile: CpuProfile, from: number, to: number): Breakdown {
  const sources = new Sources();
  const parent = new Map<number, ProfileNode>();
  const byId = new Map<number, ProfileNode>();
  for (const node of profile.nodes) {
    byId.set(node.id, node);
    for (const child of node.children ?? []) parent.set(child, node);
  }
  const owns = new Map<number, Category | null>();
  const ownOf = (node: ProfileNode): Category | null => {
    if (!owns.has(node.id)) owns.set(node.id, categoryOf(node.callFrame, sources.source(node.callFrame).file));
    return owns.get(node.id)!;
  };
  // The categories and files on each node's stack (for totals), computed once per node from the root down.
  const stackOf = new Map<number, Set<Category>>();
  const filesOf = new Map<number, Set<string>>();
  const resolve = (node: ProfileNode): void => {
    if (stackOf.has(node.id)) return;
    const up = parent.get(node.id);
    if (up) resolve(up);
    const own = ownOf(node);
    const stack = new Set(up ? stackOf.get(up.id) : []);
    if (own) stack.add(own);
    stackOf.set(node.id, stack);
    const files = new Set(up ? filesOf.get(up.id) : []);
    const { file } = sources.source(node.callFrame);
    if (/(^|\/)(src|node_modules)\//.test(file)) files.add(packageOrFile(file));
    filesOf.set(node.id, files);
  };
  // Self: the innermost frame with a category of its own.
  const innermost = (node: ProfileNode): { category: Category; frame: string } => {
    for (let at: ProfileNode | undefined = node; at; at = parent.get(at.id)) {
      const own = ownOf(at);
      if (!own) continue;
      const { file, line } = sources.source(at.callFrame);
      const name = (n: ProfileNode) => n.callFrame.functionName || '(anonymous)';
      return { category: own, frame: `${at === node ? '' : `${name(node)} ← `}${name(at)} ${shortSource(file)}:${line}` };
    }
    return { category: OTHER, frame: node.callFrame.functionName };
  };
  const innermostOf = new Map<number, { category: Category; frame: string }>();

  const result: Breakdown = { samples: 0, busySamples: 0, self: zeroes(), total: zeroes(), leaves: new Map(), files: new Map() };
  let time = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    time += profile.timeDeltas[i]!;
    if (time < from || time > to) continue;
    result.samples += 1;
    const node = byId.get(profile.samples[i]!)!;
    if (node.callFrame.functionName === '(idle)') continue;
    resolve(node);
    let self = innermostOf.get(node.id);
    if (!self) innermostOf.set(node.id, (self = innermost(node)));
    result.busySamples += 1;
    result.self[self.category] += 1;
    const stack = stackOf.get(node.id)!;
    for (const category of stack) result.total[category] += 1;
    if (!stack.has(self.category)) result.total[self.category] += 1;
    result.leaves.set(self.frame, (result.leaves.get(self.frame) ?? 0) + 1);
    for (const file of filesOf.get(node.id)!) result.files.set(file, (result.files.get(file) ?? 0) + 1);
  }
  return result;
}
