/**
 * Word games a child hides a sentence in (ADR 046, the hundred-and-eighth amendment): the sentence
 * written backwards ("flesruoy llik", "eid og"), each word backwards, words run together
 * ("killyourself", "nobodylikesyou"), acrostics (the first letters of a note's lines, or of the
 * words after "first letters"), words spelt wrong on purpose ("kll yrslf", "yuo shuold dei", "k!ll
 * urs3lf") and emoji for words ("go 🔪 urself"). Whether a reading is words at all is told by the
 * guard's own vocabulary: the words of the held phrases themselves, so it grows with every class. A
 * reading counts only when it reads as more of those words than the text as typed, and what it finds
 * is only held.
 */
import VOCABULARY from './data/guard-vocabulary.json' with { type: 'json' };
import { HELD_RULES } from './held-rules';

/** A word of three letters or more in a pattern, or a regular-expression escape (`\b`, `\s`, `\p{L}`), whose letters are no word. */
const WORD_OR_ESCAPE = /\\(?:[pPu]\{[^}]*\}|x[0-9a-fA-F]{2}|[a-zA-Z])|([a-z]{3,})/g;
/** Words of two letters that are words, and the one-letter ones. */
const SHORT_WORDS =
  'i u a r go me my ur no so to do is in on up we it an be he im of at or us ya yo ok as if by oh hi am ah eh ha'.split(' ');
/** Words with their apostrophe left out, which the patterns spell with one ("you'?re"). */
const UNSTRESSED = 'youre dont cant wont thats whats hes shes theyre isnt didnt doesnt ive id ill youll youve'.split(' ');

/**
 * The words of the held phrases (`en`), most used first: a word in two patterns or more, since a word
 * of one pattern only is often a fragment of an alternation ("ies", "ers"). `npm run guard:grams` writes
 * them to ./data/guard-vocabulary.json, so that a server's first judgement does not read them.
 */
export function vocabularyOfPatterns(): string[] {
  const seen = new Map<string, number>();
  for (const [heldClass] of HELD_RULES)
    for (const pattern of (heldClass as { en?: string[] }).en ?? [])
      for (const [, word] of pattern.matchAll(WORD_OR_ESCAPE)) if (word) seen.set(word, (seen.get(word) ?? 0) + 1);
  return [...seen]
    .filter(([, count]) => count >= 2)
    .sort((one, other) => other[1] - one[1] || (one[0] < other[0] ? -1 : 1))
    .map(([word]) => word);
}
const vocabulary = () => new Set([...SHORT_WORDS, ...UNSTRESSED, ...VOCABULARY.words]);
let words: Set<string> | undefined;
/** Whether a word (lower case) is one of the guard's: a word of its held phrases, or a short everyday one. */
export const isWord = (token: string) => (words ??= vocabulary()).has(token);

const TOKENS = /\p{L}+/gu;
/** How many of a text's words are the guard's words (two letters or more: "i" and "a" tell nothing). */
export const guardWords = (text: string) =>
  (text.toLowerCase().match(TOKENS) ?? []).filter((token) => token.length >= 2 && isWord(token)).length;
const reversedWord = (token: string) => [...token].reverse().join('');

const BACKWARDS_HINT = /backwards?|reverse|mirror|(?<!\p{L})(?:hatrafele|visszafele|siar|droim ar ais)(?!\p{L})/u;
/** The sentence and its words read backwards, when more of its words are words backwards than as written. */
function backwardsReadings(reading: string): string[] {
  const tokens = reading.match(TOKENS) ?? [];
  const forwards = tokens.filter(isWord).length;
  const backwards = tokens.filter((token) => !isWord(token) && isWord(reversedWord(token))).length;
  // Said to be backwards, one word read backwards is enough; else two, and more than read forwards.
  const said = BACKWARDS_HINT.test(reading);
  // Said to be backwards, the words in the other order are a reading too ("yourself kill go").
  const inOtherOrder = said ? [tokens.toReversed().join(' ')] : [];
  if (backwards < (said ? 1 : 2) || (!said && backwards <= forwards)) return inOtherOrder;
  return [reversedWord(reading), reading.replace(TOKENS, reversedWord), ...inOtherOrder];
}

/** Who a sentence run together is about: a split into words counts only with one of them in it. */
const PERSONS = new Set(
  'i u you ur your yourself urself yurself youre youll me my myself im he she him her we they them ya'.split(' '),
);
/** A run of letters split into as few words as can be, or null (`persons`: only a split with a person in it). */
export function splitIntoWords(run: string, persons = true): string[] | null {
  const best: (string[] | null)[] = [[]];
  for (let end = 1; end <= run.length; end += 1) {
    best[end] = null;
    for (let start = Math.max(0, end - 12); start < end; start += 1) {
      const before = best[start];
      const piece = run.slice(start, end);
      if (before && isWord(piece) && (!best[end] || before.length + 1 < best[end]!.length)) best[end] = [...before, piece];
    }
  }
  const split = best[run.length];
  if (!split || split.length < 2) return null;
  return !persons || split.some((piece) => PERSONS.has(piece)) ? split : null;
}

/** Words of six letters or more that are no word, read as the words they run together ("killyourself" → "kill yourself"). */
function runTogetherReading(reading: string): string | null {
  let changed = false;
  const read = reading.replace(TOKENS, (token) => {
    if (token.length < 6 || isWord(token)) return token;
    const split = splitIntoWords(token);
    if (!split) return token;
    changed = true;
    return split.join(' ');
  });
  return changed ? read : null;
}

/** What first letters spell: a word of the guard's, or words (a single word of three letters only from four lines or a hint). */
function spelt(initials: string, short: boolean): string[] {
  if (isWord(initials) && (initials.length >= 4 || short)) return [initials];
  const split = splitIntoWords(initials, false);
  return split ? [split.join(' ')] : [];
}
/** Words that say an acrostic follows ("the first letter of each word", "read it down"). */
const ACROSTIC_HINT = /(?:first|1st) lett|initials|acrostic|read (?:it )?(?:down|vertical)|stands? for|capital letters/u;

/** The first letters of three lines or more, and of three to eight words in a row after a hint, as readings. */
function acrosticReadings(reading: string): string[] {
  const out: string[] = [];
  const lines = reading.split('\n').filter((line) => /\p{L}/u.test(line));
  if (lines.length >= 3) out.push(...spelt(lines.map((line) => line.match(/\p{L}/u)![0]).join(''), lines.length >= 4));
  const hint = ACROSTIC_HINT.exec(reading);
  if (!hint) return out;
  const initials = (reading.slice(hint.index + hint[0].length).match(TOKENS) ?? []).slice(0, 14).map((token) => token[0]!);
  for (let start = 0; start < initials.length; start += 1)
    for (let end = start + 3; end <= Math.min(initials.length, start + 8); end += 1)
      out.push(...spelt(initials.slice(start, end).join(''), true));
  return [...new Set(out)];
}

/* ---------- words spelt wrong on purpose ---------- */

/** A word's consonants, each once in a row ("kill" → "kl", "yourself" → "yrslf"). */
function skeleton(word: string): string {
  let consonants = '';
  for (const char of word) if (!'aeiou'.includes(char) && !consonants.endsWith(char)) consonants += char;
  return consonants;
}
const sortedLetters = (word: string) => word.split('').sort().join('');
let respellings: { bySkeleton: Map<string, string[]>; byLetters: Map<string, string> } | undefined;
/** The guard's words by their consonants and by their letters in order (the most used word first). */
function respellingIndex() {
  if (respellings) return respellings;
  const bySkeleton = new Map<string, string[]>();
  const byLetters = new Map<string, string>();
  for (const word of (words ??= vocabulary())) {
    if (word.length < 2 || !/^[a-z]+$/.test(word)) continue;
    const consonants = skeleton(word);
    if (consonants) {
      const same = bySkeleton.get(consonants);
      if (same) same.push(word);
      else bySkeleton.set(consonants, [word]);
    }
    const letters = word[0] + sortedLetters(word);
    if (!byLetters.has(letters)) byLetters.set(letters, word);
  }
  return (respellings = { bySkeleton, byLetters });
}
const isSubsequence = (short: string, long: string) => {
  let at = 0;
  for (const char of long) if (char === short[at]) at += 1;
  return at === short.length;
};
/** Digits and marks for letters ("k!ll urs3lf", "ki11 y0u"). */
const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'l',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '!': 'i',
  '|': 'l',
  $: 's',
};
const LEET_WORD = /[\p{L}\d!|$]*\p{L}[\p{L}\d!|$]*/gu;

/** The guard's word a token stands for (the `rank`-th most used): letters left out ("kll", "nbdy", "urslf") or swapped ("yuo", "dei"), or null. */
function respelt(token: string, rank: number): string | null {
  if (token.length < 3 || isWord(token)) return null;
  const { bySkeleton, byLetters } = respellingIndex();
  const swapped = byLetters.get(token[0] + sortedLetters(token));
  if (swapped) return swapped;
  // Letters left out are vowels, mostly: a word with more than one vowel in four letters is written in full.
  if ((token.match(/[aeiou]/g)?.length ?? 0) * 4 > token.length) return null;
  const left = bySkeleton
    .get(skeleton(token))
    ?.filter((word) => word[0] === token[0] && word.length > token.length && isSubsequence(token, word));
  return left?.[Math.min(rank, left.length - 1)] ?? null;
}

/** Digits and marks read as letters in every word that has them. */
const unleet = (reading: string) =>
  reading.replace(LEET_WORD, (word) => (/[\d!|$]/.test(word) ? word.replace(/[\d!|$]/g, (char) => LEET[char] ?? char) : word));
const knownWords = (reading: string) =>
  (reading.match(LEET_WORD) ?? []).filter((word) => word.length >= 2 && isWord(word)).length;

/**
 * The reading with its words spelt wrong on purpose read as the guard's words (the most used word for
 * each, then the next two), when that makes two words of the guard's or more and at least half as
 * many as the text had already, or every word one of the guard's ("nbdy lks u", "k!ll urs3lf", "yuo
 * shuold dei", "snd nds").
 */
function respeltReadings(reading: string): string[] {
  const before = knownWords(reading);
  const out: string[] = [];
  for (const rank of [0, 1, 2]) {
    const read = unleet(reading).replace(TOKENS, (token) => respelt(token, rank) ?? token);
    const words = read.match(LEET_WORD) ?? [];
    const gained = knownWords(read) - before;
    // Or one gained where every word is then the guard's ("snd nds": "snd" is a texted "send" already).
    const whole = gained >= 1 && words.length >= 2 && words.every((word) => word.length < 2 || isWord(word));
    if (((gained >= 2 && gained * 2 >= before) || whole) && !out.includes(read)) out.push(read);
  }
  return out;
}

/** Emoji that stand for the words of a death wish ("go 🔪 urself", "u should 💀"). */
const EMOJI_WORDS: [RegExp, string][] = [
  [/🔪|🗡️?/gu, ' kill '],
  [/💀|☠️?|⚰️?|🪦/gu, ' die '],
];
function emojiReading(reading: string): string | null {
  if (!/[🔪🗡💀☠⚰🪦]/u.test(reading)) return null;
  return EMOJI_WORDS.reduce((text, [emoji, word]) => text.replace(emoji, word), reading)
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** The word games' readings of one reading (lower case, accents out): backwards, run together, acrostics. */
export function wordplayReadings(reading: string): string[] {
  const together = runTogetherReading(reading);
  const others = [together, emojiReading(reading)].filter((one): one is string => one !== null);
  return [...backwardsReadings(reading), ...others, ...respeltReadings(reading), ...acrosticReadings(reading)];
}
