/**
 * The grams on file (`npm run guard:grams`, ADR 057) are the guard's own: every pattern of every set is
 * on file and nothing else is, and each of a pattern's grams is read off one of its required literals,
 * one for each, so the index still finds every text the pattern matches.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import '#server/feedback/guard/guard';
import { everySetIndexed, requiredLiterals, sourceHash } from '#server/feedback/guard/anchored';
import { vocabularyOfPatterns } from '#server/feedback/guard/wordplay';

const ON_FILE = JSON.parse(
  readFileSync(new URL('../../src/server/feedback/guard/data/anchored-grams.json', import.meta.url), 'utf8'),
) as Record<string, string[] | null>;
const VOCABULARY = JSON.parse(
  readFileSync(new URL('../../src/server/feedback/guard/data/guard-vocabulary.json', import.meta.url), 'utf8'),
) as { words: string[] };
const sources = [...new Set(everySetIndexed().sets.flatMap((set) => set.sources))];

describe("the guard's grams on file", () => {
  it('hold every pattern of the guard and nothing else (after changing a pattern: npm run guard:grams)', () => {
    const hashes = new Set(sources.map(sourceHash));
    expect(hashes.size, 'two patterns with one hash').toBe(sources.length);
    expect(
      sources.filter((source) => !(sourceHash(source) in ON_FILE)),
      'patterns not on file',
    ).toEqual([]);
    expect(
      Object.keys(ON_FILE).filter((hash) => !hashes.has(hash)),
      'on file for no pattern',
    ).toEqual([]);
  });

  it('are, for each pattern, a gram of each literal every text it matches contains', () => {
    const wrong = sources.filter((source) => {
      const grams = ON_FILE[sourceHash(source)];
      if (!grams) return false;
      const literals = requiredLiterals(source);
      return !literals || !literals.every((literal) => grams.some((gram) => literal.includes(gram)));
    });
    expect(wrong).toEqual([]);
  }, 60_000); // every pattern's syntax read again: seconds on a loaded machine

  it("hold the word games' vocabulary, the words of the held phrases (after changing a pattern: npm run guard:grams)", () => {
    expect(VOCABULARY.words).toEqual(vocabularyOfPatterns());
  });
});
