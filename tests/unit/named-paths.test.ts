/**
 * Docs that stay true: every file path named in the README, in docs/ (the ADRs among them), in the
 * other Markdown files and in a source comment exists. A path may leave out its extension (a module
 * named as `#server/…` is), or name an ADR by its number (`docs/decisions/003`).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const TOP_FOLDERS = ['src', 'tests', 'db', 'scripts', 'bench', 'docs', 'public', 'locales', '.ci'];
/** A path from one of the repository's top folders, not part of a longer path, URL or module alias. */
const PATH = new RegExp(
  `(?<![\\w./#@-])((?:${TOP_FOLDERS.map((f) => f.replace('.', '\\.')).join('|')})/[\\w./\\[\\]@*-]*[\\w\\]*])`,
  'g',
);
const EXTENSIONS = ['', '.ts', '.tsx', '.astro', '.md', '.mjs', '.json', '.test.ts', '.spec.ts'];
const SOURCE = /\.(ts|tsx|astro|mjs|css)$/;
const COMMENTS = /\/\*[\s\S]*?\*\/|(?<![:"'`\w])\/\/[^\n]*|<!--[\s\S]*?-->/g;

/** The repository's tracked files (what a clean clone has). */
const tracked = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);

/** The text of a file where paths are named: all of a Markdown file, the comments of a source file. */
function namingText(file: string): string | null {
  if (file.endsWith('.md')) return readFileSync(join(ROOT, file), 'utf8');
  if (SOURCE.test(file)) return [...readFileSync(join(ROOT, file), 'utf8').matchAll(COMMENTS)].map(([c]) => c).join('\n');
  return null;
}

/** Whether a named path is there: as written, with an extension, or as an ADR's number. */
function exists(path: string): boolean {
  const clean = path.endsWith(']') && !path.includes('[') ? path.slice(0, -1) : path;
  if (EXTENSIONS.some((extension) => existsSync(join(ROOT, clean + extension)))) return true;
  const folder = join(ROOT, dirname(clean));
  return (
    /^\d{3}$/.test(basename(clean)) &&
    existsSync(folder) &&
    readdirSync(folder).some((name) => name.startsWith(`${basename(clean)}-`))
  );
}

/** Paths under ignored folders (bench/.data, builds) are made by the commands that name them. */
function ignored(paths: string[]): Set<string> {
  if (paths.length === 0) return new Set();
  try {
    // A folder pattern (`dist/`) matches a path that is not there only when it is written as a folder.
    const asked = paths.flatMap((path) => [path, `${path}/`]);
    const answer = execFileSync('git', ['check-ignore', ...asked], { cwd: ROOT, encoding: 'utf8' });
    return new Set(answer.split('\n').map((path) => path.replace(/\/$/, '')));
  } catch {
    return new Set(); // none of them is ignored (git exits 1)
  }
}

describe('the paths named in docs and comments', () => {
  it('all exist', () => {
    const named: { file: string; path: string }[] = [];
    for (const file of tracked) {
      const text = namingText(file);
      if (!text) continue;
      for (const [, path] of text.matchAll(PATH)) {
        const trimmed = path!.replace(/[.,:;)]+$/, '');
        if (!trimmed.includes('*')) named.push({ file, path: trimmed });
      }
    }
    expect(named.length).toBeGreaterThan(300);
    const missing = named.filter(({ path }) => !exists(path));
    const generated = ignored([...new Set(missing.map(({ path }) => path))]);
    expect(missing.filter(({ path }) => !generated.has(path)).map(({ file, path }) => `${file} names ${path}`)).toEqual([]);
  });
});
