import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const FOLDER = resolve(import.meta.dirname, '../../docs/decisions');

describe('the index of decisions (docs/decisions/README.md)', () => {
  it('lists every decision with a status', () => {
    const rows = readFileSync(join(FOLDER, 'README.md'), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('| ['))
      .map((line) => line.split('|').map((cell) => cell.trim()));
    const listed = new Map(rows.map(([, link, , status]) => [/\(([^)]+)\)/.exec(link!)?.[1], status]));
    const files = readdirSync(FOLDER).filter((file) => /^\d{3}-.*\.md$/.test(file));
    expect(files.length).toBeGreaterThan(40);
    for (const file of files) expect(listed.get(file), file).toMatch(/^(Accepted|Superseded|Proposed)/);
  });
});
