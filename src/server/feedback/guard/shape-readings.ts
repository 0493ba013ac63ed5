/**
 * Messages hidden in the shape of a text (ADR 046, the twenty-third set), read back: a decoy between
 * every letter ("w1h1a1t1s1a1p1p", "a_d_d_m_e"), every second or third letter of a long run, the last
 * letters of the words, each word turned round in its place ("dda em no drocsid"), and words split by
 * decoys in brackets ("add (lol) me (jk) on discord"); and, as codes, invisible tag characters and
 * braille patterns. A run of letters only counts when it splits wholly into the words a contact
 * request is made of, and a reading only when it says more of them than the text: what they find is
 * only ever held (tags and braille are decoded like the other codes, ./coded.ts).
 */
import CHAT_APPS from './data/chat-apps.json' with { type: 'json' };

/** Words a hidden request is made of (English, a little Hungarian), and the chat apps. */
const LEXICON = new Set([
  ...'a|i|u|me|my|on|is|at|add|the|you|your|ur|and|to|in|of|up|dm|call|text|find|follow|chat|talk|hmu|email|mail|number|phone|name|lets|meet|irl|send|pic|pics|photo|how|old|are|where|do|live|dont|tell|mom|dad|parents|secret|private|come|park|us|we|our|tomorrow|home|alone|school|age|nudes|kiss|irj|van|nem|keress|hivj|talalkozzunk'.split(
    '|',
  ),
  ...CHAT_APPS.names,
]);
const MAX_WORD = Math.max(...[...LEXICON].map((word) => word.length));

/** The run split wholly into words of the lexicon, two at least and one of four letters or more ("addmeondiscord" → "add me on discord"), or null. */
export function segmented(run: string): string | null {
  if (run.length < 6 || run.length > 80) return null;
  // from[end]: where the last word of a split of the first end letters starts (-1: none).
  const from = new Int16Array(run.length + 1).fill(-1);
  from[0] = 0;
  for (let end = 1; end <= run.length; end++)
    for (let start = Math.max(0, end - MAX_WORD); start < end; start++)
      if (from[start] !== -1 && LEXICON.has(run.slice(start, end))) {
        from[end] = start;
        break;
      }
  if (from[run.length] === -1) return null;
  const words: string[] = [];
  for (let end = run.length; end > 0; end = from[end]!) words.unshift(run.slice(from[end]!, end));
  return words.length >= 2 && words.some((word) => word.length >= 4) ? words.join(' ') : null;
}

const wordsOf = (text: string) => text.match(/\p{L}+/gu) ?? [];
const lexiconWords = (text: string) => wordsOf(text).filter((word) => word.length > 1 && LEXICON.has(word)).length;

/** Single letters with the same decoy of one to three characters (not letters, not spaces) between each two, four letters at least. */
const DECOYED = /\p{L}([^\p{L}\s]{1,3})\p{L}(?:\1\p{L}){2,}/gu;
/** A note that tells how to read it by the words' last letters. */
const LAST_LETTERS = /(?:last|end|final)\s+(?:letters?|ones?)/u;
const LONG_RUN = /\p{L}{10,}/gu;
const BRACKETED = /\([^()]{0,24}\)|\[[^[\]]{0,24}\]/gu;

/** Every k-th letter of a run, from each offset, split into words: the ones that split wholly. */
function everyKth(run: string): string[] {
  const out: string[] = [];
  for (const step of [2, 3])
    for (let offset = 0; offset < step; offset++) {
      const letters = [...run].filter((_, index) => index % step === offset).join('');
      const words = segmented(letters);
      if (words) out.push(words);
    }
  return out;
}

/** The readings of the text's shape (a lower-case reading): none for an ordinary note. */
export function shapeReadings(reading: string): string[] {
  const out: string[] = [];
  const undecoyed = reading.replace(DECOYED, (run, decoy: string) => {
    const letters = run.replaceAll(decoy, '');
    return segmented(letters) ?? letters;
  });
  if (undecoyed !== reading) out.push(undecoyed);
  if ((reading.match(BRACKETED) ?? []).length >= 2) out.push(reading.replace(BRACKETED, ' ').replace(/\s+/gu, ' '));
  for (const [run] of reading.matchAll(LONG_RUN)) if (!LEXICON.has(run)) out.push(...everyKth(run));
  const words = wordsOf(reading);
  if (words.length >= 4) {
    // The last letters, when the note says so ("read the last letters: …"), of the row's start or end.
    if (LAST_LETTERS.test(reading) && words.length <= 40) {
      const last = words.map((word) => word.at(-1)).join('');
      const ends = [...last].flatMap((_, cut) => [last.slice(cut), last.slice(0, last.length - cut)]);
      const spelt = ends.map(segmented).find((one) => one !== null);
      if (spelt) out.push(spelt);
    }
    const turned = words.map((word) => [...word].reverse().join('')).join(' ');
    if (lexiconWords(turned) >= 2 && lexiconWords(turned) > lexiconWords(reading)) out.push(turned);
  }
  return out;
}

/* ---------- codes: tag characters and braille ---------- */

const TAGS = /[\u{E0020}-\u{E007E}]{3,}/gu;
const BRAILLE_LETTERS = '⠁⠃⠉⠙⠑⠋⠛⠓⠊⠚⠅⠇⠍⠝⠕⠏⠟⠗⠎⠞⠥⠧⠺⠭⠽⠵';
const BRAILLE = /[\u2800-\u28ff][\u2800-\u28ff\s]*[\u2800-\u28ff]/gu;

/** Braille read as letters, and a number sign's letters a to j as digits ("⠼⠁⠃" → "12"). */
const fromBraille = (run: string) =>
  run.replace(/⠼([⠁⠃⠉⠙⠑⠋⠛⠓⠊⠚]+)|[\u2800-\u28ff]/gu, (cell, digits?: string) =>
    digits
      ? [...digits].map((digit) => '1234567890'[BRAILLE_LETTERS.indexOf(digit)]).join('')
      : BRAILLE_LETTERS.includes(cell)
        ? String.fromCharCode(97 + BRAILLE_LETTERS.indexOf(cell))
        : cell === '\u2800'
          ? ' '
          : '',
  );

/** What invisible tag characters spell (as ASCII) and what braille spells, each a text of its own. */
export function shapeCodes(text: string): string[] {
  const out: string[] = [];
  for (const [run] of text.matchAll(TAGS))
    out.push([...run].map((char) => String.fromCharCode(char.codePointAt(0)! - 0xe0000)).join(''));
  const braille = text.replace(BRAILLE, fromBraille);
  if (braille !== text) out.push(braille);
  return out;
}
