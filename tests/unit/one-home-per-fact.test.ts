/**
 * One home per fact (issue 55 §1, ADR 048): the rules about a jam are written once, TypeScript and
 * SQL side by side, and asked everywhere else. This fails when code outside a rule's file writes
 * the rule again in SQL (or, for "whose entry", in TypeScript from the rows): ask the file instead.
 * tests/db/jam-rules.test.ts checks that each file's two forms agree.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

interface Rule {
  name: string;
  home: string;
  /** The rule written out again (comments left out). */
  pattern: RegExp;
}

const RULES: Rule[] = [
  {
    name: 'results public',
    home: 'src/lib/results-public.ts',
    pattern: /results_published_at\s+is\b|resultsPublishedAt\}\s+is\b|results\}?\s*(<>|=|!=)\s*'manual'/,
  },
  {
    name: 'entries hidden',
    home: 'src/lib/entries-hidden.ts',
    pattern: /hidden_entries\s+and\b|hiddenEntries\}\s+and\b/,
  },
  {
    name: 'the jam’s clock (the close of voting)',
    home: 'src/lib/jam-timing.ts',
    pattern: /coalesce\(\s*(\$\{\w+\.votingEndsAt\}|[a-z]\.voting_ends_at|voting_ends_at)/,
  },
  {
    name: 'whose entry (from rows already read)',
    home: 'src/server/teams/co-creators.ts',
    pattern: /submitterId\s*===\s*[\w.]+\s*\|\|\s*[\w?.]*status\s*===\s*'accepted'/,
  },
];

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|astro)$/.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

describe('each rule about a jam has one home', () => {
  for (const rule of RULES) {
    it(`${rule.name} is written only in ${rule.home}`, () => {
      const copies = sourceFiles('src')
        .filter((file) => file !== rule.home)
        .flatMap((file) =>
          withoutComments(readFileSync(join(ROOT, file), 'utf8'))
            .split('\n')
            .filter((line) => rule.pattern.test(line))
            .map((line) => `${file}: ${line.trim()}`),
        );
      expect(copies).toEqual([]);
    });
  }

  it('sees a copy', () => {
    for (const rule of RULES) {
      expect(
        withoutComments(readFileSync(join(ROOT, rule.home), 'utf8'))
          .split('\n')
          .some((line) => rule.pattern.test(line)),
        rule.name,
      ).toBe(true);
    }
  });
});
