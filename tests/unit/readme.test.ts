import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

describe('the README', () => {
  it('shows only pictures that are in the repository (a clean clone has them)', () => {
    const pictures = [...README.matchAll(/src="([^"]+\.(?:png|svg|webp))"/g)].map(([, path]) => path!);
    expect(pictures.length).toBeGreaterThan(0);
    expect(pictures.filter((path) => !existsSync(join(ROOT, path)))).toEqual([]);
  });
});
