/**
 * Patterns tried only where they could match (ADR 057). Each pattern's required literals are read off
 * its syntax (@eslint-community/regexpp): strings one of which any text it matches must contain
 * ("how old (?:are|r) (?:you|u)" needs "how old "). A text's short substrings look up, in one index
 * for every set, the patterns whose literals may be in it; only those are run. A pattern with no literal
 * (all classes and lookarounds) is always run. Verdicts are the same as running every pattern.
 */
import { RegExpParser, type AST } from '@eslint-community/regexpp';
import GRAMS_FILE from './data/anchored-grams.json' with { type: 'json' };

/** Up to this many strings one part of a pattern can spell exactly ("you'?re" spells "youre" and "you're"). */
const MOST_SPELLINGS = 64;
/** The index's keys: a literal's substring of up to this many UTF-16 units. */
const GRAM = 3;

interface Reading {
  /** Every string this part matches, if there are few: concatenated with its neighbours. */
  exact: string[] | null;
  /** Strings one of which the text contains wherever this part matches, or null if none is known. */
  required: string[] | null;
}

const GROUPS_READ = new Map<string, Reading>();
const NOTHING: Reading = { exact: [''], required: null };
const UNKNOWN: Reading = { exact: null, required: null };

const unique = (strings: Iterable<string>) => [...new Set(strings)];
/** One of these is contained: a string that contains a shorter one of the set adds nothing. */
function fewest(strings: string[]): string[] {
  const kept: string[] = [];
  for (const one of unique(strings).sort((a, b) => a.length - b.length))
    if (!kept.some((shorter) => one.includes(shorter))) kept.push(one);
  return kept;
}
/** Every left string followed by every right one, if there are few. */
const joinedIfFew = (left: string[], right: string[]) =>
  left.length * right.length <= MOST_SPELLINGS ? unique(left.flatMap((a) => right.map((b) => a + b))) : null;
/** How well a set of literals narrows: its shortest string first (a gram of it is rarer), then fewer strings. */
const strength = (strings: string[]) => Math.min(GRAM, ...strings.map((one) => one.length)) * 1000 - strings.length;
const asRequired = (exact: string[] | null) => (exact && exact.every((one) => one.length > 0) ? fewest(exact) : null);

function readAlternatives(alternatives: AST.Alternative[]): Reading {
  const readings = alternatives.map(readSequence);
  const exact = readings.every((one) => one.exact) ? unique(readings.flatMap((one) => one.exact!)) : null;
  const required = readings.every((one) => one.required) ? fewest(readings.flatMap((one) => one.required!)) : null;
  return { exact: exact && exact.length <= MOST_SPELLINGS ? exact : null, required };
}

function readSequence(alternative: AST.Alternative): Reading {
  let best: string[] | null = null;
  let bestStrength = -Infinity;
  const consider = (required: string[] | null) => {
    if (!required) return;
    const its = strength(required);
    if (its > bestStrength) [best, bestStrength] = [required, its];
  };
  let run: string[] = [''];
  let exact: string[] | null = [''];
  for (const element of alternative.elements) {
    const reading = readElement(element);
    consider(reading.required);
    const joined = reading.exact && joinedIfFew(run, reading.exact);
    if (joined) run = joined;
    else {
      consider(asRequired(run));
      run = reading.exact ?? [''];
    }
    exact = exact && reading.exact && joinedIfFew(exact, reading.exact);
  }
  consider(asRequired(run));
  return { exact, required: best };
}

function readElement(element: AST.Element): Reading {
  switch (element.type) {
    case 'Character':
      return { exact: [String.fromCodePoint(element.value)], required: [String.fromCodePoint(element.value)] };
    case 'Group':
    case 'CapturingGroup': {
      // The same group recurs in many patterns (every app's name in each contact frame): read once.
      const kept = GROUPS_READ.get(element.raw);
      if (kept) return kept;
      const reading = readAlternatives(element.alternatives);
      GROUPS_READ.set(element.raw, reading);
      return reading;
    }
    case 'Quantifier':
      return readQuantifier(element);
    case 'CharacterClass': {
      const chars = element.negate ? null : element.elements.map((one) => (one.type === 'Character' ? one : null));
      if (!chars || chars.some((one) => !one) || chars.length > 8) return UNKNOWN;
      const exact = unique(chars.map((one) => String.fromCodePoint(one!.value)));
      return { exact, required: exact };
    }
    case 'Assertion':
      // What a lookahead or lookbehind that must hold requires is in the text too, outside the match.
      if ((element.kind === 'lookahead' || element.kind === 'lookbehind') && !element.negate)
        return { exact: [''], required: readAlternatives(element.alternatives).required };
      return NOTHING;
    default:
      return UNKNOWN;
  }
}

function readQuantifier(quantifier: AST.Quantifier): Reading {
  if (quantifier.max === 0) return NOTHING;
  const inner = readElement(quantifier.element);
  const required = quantifier.min >= 1 ? inner.required : null;
  if (!inner.exact) return { exact: null, required };
  if (quantifier.min === 0 && quantifier.max === 1) return { exact: unique(['', ...inner.exact]), required };
  if (quantifier.min === quantifier.max && quantifier.min <= 3) {
    let exact: string[] | null = [''];
    for (let time = 0; time < quantifier.min && exact; time += 1) exact = joinedIfFew(exact, inner.exact);
    return { exact, required };
  }
  return { exact: null, required };
}

const parser = new RegExpParser({ ecmaVersion: 2025 });

/** Strings one of which every text the pattern (flag `u`) matches contains, or null if it has none. */
export function requiredLiterals(source: string): string[] | null {
  return readAlternatives(parser.parsePattern(source, 0, source.length, { unicode: true }).alternatives).required;
}

/* ---------- one index for every set ---------- */

/** Gram → the patterns (numbered over all sets) one of whose literals has it. */
const INDEX = new Map<string, number[]>();
let patternsNumbered = 0;

/** The gram of a literal that fewest indexed literals share: a text has it less often. */
function gramOf(literal: string): string {
  if (literal.length <= GRAM) return literal;
  let best = literal.slice(0, GRAM);
  for (let start = 1; start + GRAM <= literal.length; start += 1) {
    const gram = literal.slice(start, start + GRAM);
    if ((INDEX.get(gram)?.length ?? 0) < (INDEX.get(best)?.length ?? 0)) best = gram;
  }
  return best;
}

/** The patterns a text's grams point to, in number order; kept for the texts of the last few judgements. */
const CANDIDATES = new Map<string, Int32Array>();
const KEPT_TEXTS = 256;

function candidatesOf(text: string): Int32Array {
  const kept = CANDIDATES.get(text);
  if (kept) return kept;
  const found = new Set<number>();
  for (let start = 0; start < text.length; start += 1)
    for (let length = 1; length <= GRAM && start + length <= text.length; length += 1)
      for (const number of INDEX.get(text.slice(start, start + length)) ?? []) found.add(number);
  const candidates = Int32Array.from(found).sort();
  if (CANDIDATES.size >= KEPT_TEXTS) CANDIDATES.clear();
  CANDIDATES.set(text, candidates);
  return candidates;
}

/** First index in a sorted array at or above a value. */
function lowerBound(sorted: Int32Array, value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Sets made but not indexed yet: the index is built when a text is first judged, not when a server starts. */
const UNINDEXED: AnchoredPatterns[] = [];
/** Every set made, for `npm run guard:grams` and its test. */
const EVERY_SET: AnchoredPatterns[] = [];

/**
 * The grams each pattern was indexed by when `npm run guard:grams` last read the guard, by the hash of
 * its source: reading 4,269 patterns' syntax took a second of CPU from a server's first judgement, which
 * held every request of its process meanwhile. A pattern not on file is read here (tests/unit/anchored-grams.test.ts
 * fails until the file is written again).
 */
const GRAMS_ON_FILE = GRAMS_FILE as Record<string, string[] | null>;
/** The grams of every pattern indexed by this process, by the hash of its source. */
const GRAMS_INDEXED = new Map<string, string[] | null>();

/** cyrb53: a 53-bit hash of a pattern's source, as the key of its grams on file. */
export function sourceHash(source: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let at = 0; at < source.length; at += 1) {
    const code = source.charCodeAt(at);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** The grams a pattern is indexed by (one of each required literal), or null if it has no literal. */
function gramsOf(source: string): string[] | null {
  const key = sourceHash(source);
  let grams = GRAMS_ON_FILE[key];
  if (grams === undefined) {
    const literals = requiredLiterals(source);
    grams = literals && unique(literals.map(gramOf));
  }
  GRAMS_INDEXED.set(key, grams);
  return grams;
}

/** A set of patterns (flag `u`) that answers whether any matches a text, trying only those that could. */
export class AnchoredPatterns {
  private first = 0;
  private indexed: string[] = [];
  /** The indexed patterns, each made when it is first tried (making all of them took 0.7 s of CPU). */
  private patterns: (RegExp | undefined)[] = [];
  /** The patterns with no literal, in one alternation. */
  private always: RegExp | null = null;

  constructor(readonly sources: readonly string[]) {
    UNINDEXED.push(this);
    EVERY_SET.push(this);
  }

  private index() {
    const unanchored: string[] = [];
    this.first = patternsNumbered;
    for (const source of this.sources) {
      const grams = gramsOf(source);
      if (!grams) {
        unanchored.push(source);
        continue;
      }
      const number = patternsNumbered++;
      for (const gram of grams) {
        const list = INDEX.get(gram) ?? [];
        list.push(number);
        INDEX.set(gram, list);
      }
      this.indexed.push(source);
    }
    if (unanchored.length) this.always = new RegExp(unanchored.map((source) => `(?:${source})`).join('|'), 'u');
  }

  /** Indexes the sets made since the last call (all at once: one index for every set). */
  static indexNew() {
    if (!UNINDEXED.length) return;
    for (const set of UNINDEXED.splice(0)) set.index();
    CANDIDATES.clear();
  }

  /** Whether a pattern matches the text; with `accept`, only a match whose span it accepts counts. */
  test(text: string, accept?: (start: number, end: number) => boolean): boolean {
    AnchoredPatterns.indexNew();
    const matches = (pattern: RegExp) => (accept ? someMatchAccepted(pattern, text, accept) : pattern.test(text));
    if (this.always && matches(this.always)) return true;
    const candidates = candidatesOf(text);
    const end = this.first + this.indexed.length;
    for (let at = lowerBound(candidates, this.first); at < candidates.length && candidates[at]! < end; at += 1) {
      const offset = candidates[at]! - this.first;
      if (matches((this.patterns[offset] ??= new RegExp(this.indexed[offset]!, 'u')))) return true;
    }
    return false;
  }
}

/** Whether any match of the pattern in the text has a span `accept` takes (every match is tried, left to right). */
function someMatchAccepted(pattern: RegExp, text: string, accept: (start: number, end: number) => boolean): boolean {
  const global = new RegExp(pattern.source, 'gu');
  for (let match = global.exec(text); match; match = global.exec(text)) {
    if (accept(match.index, match.index + match[0].length)) return true;
    if (match[0].length === 0) global.lastIndex += 1;
  }
  return false;
}

/** Every set made so far, indexed, and the grams of their patterns by hash (what `npm run guard:grams` writes). */
export function everySetIndexed(): { sets: readonly AnchoredPatterns[]; grams: ReadonlyMap<string, string[] | null> } {
  AnchoredPatterns.indexNew();
  return { sets: EVERY_SET, grams: GRAMS_INDEXED };
}
