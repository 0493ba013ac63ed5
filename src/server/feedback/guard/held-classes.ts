/**
 * The held classes of ADR 046 read over a note's readings: the table of classes and their rules is
 * ./held-rules.ts (what each class holds is said there and in each data file's `_about`); here, the
 * words children text them in and the letters they say again and again, and which class a reading shows.
 */
import { AnchoredPatterns } from './anchored';
import SPELLINGS_DATA from './data/held-spellings.json' with { type: 'json' };
import { HELD_RULES } from './held-rules';

/** Words of the held phrases as children text them ("skool", "primry", "go 2"), read as the word. */
const SPELLINGS = new Map(
  Object.entries(SPELLINGS_DATA as Record<string, string | string[]>)
    .filter((entry): entry is [string, string[]] => Array.isArray(entry[1]))
    .flatMap(([word, spellings]) => spellings.map((spelling) => [spelling, word] as const)),
);
const SPELLING = new RegExp(`(?<![\\p{L}\\p{N}])(?:${[...SPELLINGS.keys()].join('|')})(?![\\p{L}\\p{N}])`, 'gu');
export const kidSpelling = (reading: string) =>
  reading
    .replace(SPELLING, (spelling) => SPELLINGS.get(spelling) ?? spelling)
    .replace(/(?<=(?:go|talk|come|send|text|write|speak|reply|listen|tell|say|get|give) )2(?![\p{L}\p{N}])/gu, 'to');

/** A letter said again and again read once ("kiiill" → "kil"): readings and the held phrases alike. */
export const lettersOnce = (text: string) => text.replace(/(\p{L})\1+/gu, '$1');

/**
 * A reading with its letters read once, and where in it a letter said again and again was read once:
 * a phrase read once counts only where it takes in such a letter. Read once, "off yourself" is
 * "of yourself" and "találkozzunk" is "találkozunk": without this, "be proud of yourself, cool game"
 * was held as goading to self-harm (its "cool" made it a reading with letters read once).
 */
function readOnceWithStretches(reading: string): { once: string; stretchedWithin: (start: number, end: number) => boolean } {
  const stretched: number[] = [];
  let once = '';
  for (const run of reading.matchAll(/(\p{L})\1+|[^]/gu)) {
    if (run[1] !== undefined) stretched.push(once.length);
    once += run[1] ?? run[0];
  }
  return { once, stretchedWithin: (start, end) => stretched.some((at) => at >= start && at < end) };
}

/** A class's patterns, every language's (the `_about` line is no pattern). */
const phrasesOf = (heldClass: Record<string, string | string[]>) =>
  Object.entries(heldClass).flatMap(([language, phrases]) => (language === '_about' ? [] : phrases));
const HELD_CLASSES = HELD_RULES.map(([heldClass, rule]) => ({
  rule,
  patterns: new AnchoredPatterns(phrasesOf(heldClass)),
  // The same phrases with their double letters read once, for readings whose letters are read once.
  once: new AnchoredPatterns(phrasesOf(heldClass).map((pattern) => pattern.replace(/(?<!\\)(\p{L})\1+/gu, '$1'))),
}));

/** The rule of the first held class one of the readings shows (in readings up to `short` long also with letters read once), or null. */
export function heldClassRule(readings: readonly string[], short: number): (typeof HELD_RULES)[number][1] | null {
  const onceReadings = readings.map((reading) => (reading.length <= short ? readOnceWithStretches(reading) : null));
  for (const { rule, patterns, once } of HELD_CLASSES) {
    for (const [index, reading] of readings.entries()) {
      if (patterns.test(reading)) return rule;
      const readOnce = onceReadings[index];
      if (readOnce && readOnce.once !== reading && once.test(readOnce.once, readOnce.stretchedWithin)) return rule;
    }
  }
  return null;
}
