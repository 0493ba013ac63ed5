/**
 * Every React component an Astro file renders tells Astro it is React's (src/lib/astro-renderer.ts):
 * without the mark Astro renders it once more to find out.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isRenderedByReact, renderedByReact } from '#lib/astro-renderer';

const SRC = resolve(import.meta.dirname, '../../src');
const ALIASES: Record<string, string> = { '#islands/': join(SRC, 'islands/'), '#components/': join(SRC, 'components/') };

function astroFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return astroFiles(path);
    return entry.name.endsWith('.astro') ? [path] : [];
  });
}

/** The `.tsx` module an import specifier of `file` names, if it names one. */
function tsxModule(file: string, specifier: string): string | null {
  const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix));
  const base = alias
    ? ALIASES[alias]! + specifier.slice(alias.length)
    : specifier.startsWith('.')
      ? resolve(dirname(file), specifier)
      : null;
  // Without an extension Astro's resolver tries `.astro` before `.tsx` (Picture.astro beside Picture.tsx).
  if (!base || (!base.endsWith('.tsx') && existsSync(`${base}.astro`))) return null;
  const path = base.endsWith('.tsx') ? base : `${base}.tsx`;
  return existsSync(path) ? path : null;
}

/** Each default import of a `.tsx` module in an Astro file: the components it renders. */
function reactComponentsRenderedByAstro(): { file: string; name: string; module: string }[] {
  return astroFiles(SRC).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/^import (\w+)(?:, \{[^}]*\})? from '([^']+)';/gm)].flatMap(([, name, specifier]) => {
      const module = tsxModule(file, specifier!);
      return module ? [{ file: file.slice(SRC.length + 1), name: name!, module }] : [];
    }),
  );
}

describe('React components rendered by Astro files', () => {
  const components = reactComponentsRenderedByAstro();

  it('are found in the pages, layouts and components (the islands)', () => {
    const names = new Set(components.map((component) => component.name));
    for (const name of ['Countdown', 'Toasts', 'NavSession', 'Entries', 'ProgressBar', 'AddToCalendar'])
      expect(names).toContain(name);
  });

  it('each tell Astro they are React components, so Astro renders them once', async () => {
    const unmarked: string[] = [];
    for (const { file, name, module } of components) {
      const component = ((await import(module)) as { default: unknown }).default;
      if (!isRenderedByReact(component)) unmarked.push(`${name} in ${file}`);
    }
    expect(unmarked).toEqual([]);
    // Importing every island transforms dozens of modules cold: seconds on a busy CI host.
  }, 60_000);

  it('a marked component is itself, with the mark Astro reads', () => {
    const Component = () => null;
    expect(renderedByReact(Component)).toBe(Component);
    expect((Component as unknown as Record<symbol, unknown>)[Symbol.for('astro:renderer')]).toBe('@astrojs/react');
    expect(isRenderedByReact(() => null)).toBe(false);
  });
});
