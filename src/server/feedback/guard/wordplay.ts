/**
 * Word games a child hides a sentence in (ADR 046, the hundred-and-eighth amendment): the sentence
 * written backwards ("flesruoy llik", "eid og"), each word backwards, words run together
 * ("killyourself", "nobodylikesyou"), and acrostics (the first letters of a note's lines, or of the
 * words after "first letters"). Whether a reading is words at all is told by the guard's own
 * vocabulary: the words of the held phrases themselves, so it grows with every class. A reading counts
 * only when it reads as more of those words than the text as typed, and what it finds is only held.
 */
import { HELD_RULES } from './held-rules';

/** A word of three letters or more in a pattern, or a regular-expression escape (`\b`, `\s`, `\p{L}`), whose letters are no word. */
const WORD_OR_ESCAPE = /\\(?:[pPu]\{[^}]*\}|x[0-9a-fA-F]{2}|[a-zA-Z])|([a-z]{3,})/g;
/** Words of two letters that are words, and the one-letter ones. */
const SHORT_WORDS = 'i u a r go me my ur no so to do is in on up we it an be he im of at or us ya yo ok'.split(' ');

function vocabulary(): Set<string> {
  const seen = new Map<string, number>();
  for (const [heldClass] of HELD_RULES)
    for (const pattern of (heldClass as { en?: string[] }).en ?? [])
      for (const [, word] of pattern.matchAll(WORD_OR_ESCAPE)) if (word) seen.set(word, (seen.get(word) ?? 0) + 1);
  // A word of one pattern only is often a fragment of an alternation ("ies", "ers").
  return new Set([...SHORT_WORDS, ...[...seen].filter(([, count]) => count >= 2).map(([word]) => word)]);
}
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
const PERSONS = new Set('i u you ur your yourself urself yurself me my myself he she him her we they them ya'.split(' '));
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

/** The word games' readings of one reading (lower case, accents out): backwards, run together, acrostics. */
export function wordplayReadings(reading: string): string[] {
  const together = runTogetherReading(reading);
  return [...backwardsReadings(reading), ...(together ? [together] : []), ...acrosticReadings(reading)];
}
