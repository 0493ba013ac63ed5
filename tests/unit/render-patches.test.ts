/**
 * The render patches (scripts/render-patches.ts) still apply to the installed Astro and
 * @astrojs/react: each patched file is where the patch expects it and holds each text once, so an
 * upgrade that moves or changes one fails here before a build silently loses it.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RENDER_PATCHES, renderPatches } from '../../scripts/render-patches';

const NODE_MODULES = resolve(import.meta.dirname, '../../node_modules');

type Transform = (this: { error(message: string): never }, code: string, id: string) => { code: string } | null;
const transform = renderPatches().transform as Transform;
const context = {
  error(message: string): never {
    throw new Error(message);
  },
};

describe('render patches', () => {
  for (const [name, patch] of Object.entries(RENDER_PATCHES)) {
    it(`"${name}" finds each of its texts once in ${patch.file}, and the build gets the replacement`, () => {
      const code = readFileSync(resolve(NODE_MODULES, patch.file), 'utf8');
      for (const [find] of patch.edits) expect(code.split(find).length - 1).toBe(1);
      const patched = transform.call(context, code, `${NODE_MODULES}/${patch.file}`);
      for (const [, replace] of patch.edits) expect(patched?.code).toContain(replace);
    });
  }

  it('leaves other files alone, and fails the build when a patched file has changed', () => {
    expect(transform.call(context, 'const a = 1;', `${NODE_MODULES}/astro/dist/core/other.js`)).toBeNull();
    const [first] = Object.values(RENDER_PATCHES);
    expect(() => transform.call(context, 'changed', `${NODE_MODULES}/${first!.file}`)).toThrow(/render patch/);
  });
});
