/**
 * Patterns tried only where they could match (ADR 057). Each pattern's required literals are read off
 * its syntax (@eslint-community/regexpp): strings one of which any text it matches must contain
 * ("how old (?:are|r) (?:you|u)" needs "how old "). A text's short substrings look up, in one index
 * for every set, the patterns whose literals may be in it; only those are run. A pattern with no literal
 * (all classes and lookarounds) is always run. Verdicts are the same as running every pattern.
 */
import { RegExpParser, type AST } from '@eslint-community/regexpp';

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

/** A set of patterns (flag `u`) that answers whether any matches a text, trying only those that could. */
export class AnchoredPatterns {
  private first = 0;
  private patterns: RegExp[] = [];
  /** The patterns with no literal, in one alternation. */
  private always: RegExp | null = null;

  constructor(private readonly sources: readonly string[]) {
    UNINDEXED.push(this);
  }

  private index() {
    const unanchored: string[] = [];
    this.first = patternsNumbered;
    for (const source of this.sources) {
      const literals = requiredLiterals(source);
      if (!literals) {
        unanchored.push(source);
        continue;
      }
      const number = patternsNumbered++;
      for (const gram of new Set(literals.map(gramOf))) {
        const list = INDEX.get(gram) ?? [];
        list.push(number);
        INDEX.set(gram, list);
      }
      this.patterns.push(new RegExp(source, 'u'));
    }
    if (unanchored.length) this.always = new RegExp(unanchored.map((source) => `(?:${source})`).join('|'), 'u');
  }

  test(text: string): boolean {
    if (UNINDEXED.length) {
      for (const set of UNINDEXED.splice(0)) set.index();
      CANDIDATES.clear();
    }
    if (this.always?.test(text)) return true;
    const candidates = candidatesOf(text);
    const end = this.first + this.patterns.length;
    for (let at = lowerBound(candidates, this.first); at < candidates.length && candidates[at]! < end; at += 1)
      if (this.patterns[candidates[at]! - this.first]!.test(text)) return true;
    return false;
  }
}
