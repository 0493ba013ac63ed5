/**
 * Patterns tried only where they could match (ADR 057): the literals read off a pattern are ones every
 * text it matches contains, and a set of patterns answers exactly as the patterns run one by one.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AnchoredPatterns, requiredLiterals } from '#server/feedback/guard/anchored';

describe('requiredLiterals', () => {
  it.each([
    ['how old (?:are|r) (?:you|u)', ['how old are you', 'how old are u', 'how old r you', 'how old r u']],
    ['(?<!\\p{L})(?:send|give) me', ['send', 'give']],
    ["you'?re so mature", ["you're so mature", 'youre so mature']],
    ['(?:kill|hurt) (?:my|your)self', ['kill', 'hurt']],
    ['ab?c', ['ac', 'abc']],
    ['[xy]z+', ['z']],
    ['^(?=.*secret)\\p{L}+$', ['secret']],
    ['(?:abc){2}', ['abc']],
    ['(a)\\1', ['a']],
  ])('reads from %s the literals %j', (source, literals) => {
    expect(requiredLiterals(source)?.sort()).toEqual(literals.sort());
  });

  it.each(['\\p{L}+', '(?:abc)?', 'a*', '[^x]y?', '(?!foo)\\d{3}', 'foo|\\d', '.{2,5}'])(
    'finds no literal every text %s matches must contain',
    (source) => {
      expect(requiredLiterals(source)).toBeNull();
    },
  );
});

describe('AnchoredPatterns', () => {
  it('answers as its patterns run one by one, with and without literals', () => {
    const sources = ['(?<!\\p{L})cat(?!\\p{L})', 'do+g', '\\d{4}', '^(?=.*bird).*fish', 'z'];
    const set = new AnchoredPatterns(sources);
    for (const text of ['a cat', 'concat', 'doooog', 'year 2026', 'fish and bird', 'bird and fish', 'lazy', 'plain'])
      expect(set.test(text), text).toBe(sources.some((source) => new RegExp(source, 'u').test(text)));
  });

  it('answers as the held classes run one by one over every sixth trick of every set', () => {
    const data = new URL('../../src/server/feedback/guard/data/', import.meta.url);
    const texts = readdirSync(new URL('../guard/', import.meta.url))
      .filter((file) => file.includes('tricks'))
      .flatMap((file) => readFileSync(new URL(`../guard/${file}`, import.meta.url), 'utf8').split('\n'))
      .filter((line) => line.trim() && !line.startsWith('#'))
      .filter((_, index) => index % 6 === 0)
      .map((line) => line.toLowerCase());
    const classes = readdirSync(data).filter((file) => file.startsWith('held-') && file !== 'held-spellings.json');
    let matched = 0;
    for (const file of classes) {
      const heldClass = JSON.parse(readFileSync(new URL(file, data), 'utf8')) as Record<string, string | string[]>;
      const sources = Object.entries(heldClass).flatMap(([key, phrases]) => (key === '_about' ? [] : phrases));
      const set = new AnchoredPatterns(sources);
      const patterns = sources.map((source) => new RegExp(source, 'u'));
      for (const text of texts) {
        const expected = patterns.some((pattern) => pattern.test(text));
        if (expected) matched += 1;
        if (set.test(text) !== expected) expect.fail(`${file} answers ${!expected} for ${JSON.stringify(text)}`);
      }
    }
    expect(matched).toBeGreaterThan(150);
  }, 180_000); // every pattern against a sixth of the tricks, one by one: 12 s alone, over 120 s beside other test runs
});
