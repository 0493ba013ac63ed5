/**
 * The guard's second readings (ADR 046): what only they find is held for a moderator, never refused
 * outright. Numbers written as words read as digits (English, Hungarian, Irish, Persian; German,
 * Spanish, French and Italian in runs of their own), upside-down text turned back, punctuation and
 * spaces inside a word closed up, "at" and "dot" in words. Chat apps named within a small edit
 * distance are read in ./chat-apps.ts.
 */
import { withoutAccents } from '#lib/note-text';
import CURATED_WORDS from './data/curated-words.json' with { type: 'json' };
import NUMBER_WORDS from './data/number-words.json' with { type: 'json' };
import { NEWER_TLDS, hasHungarianWord } from '../filter';

/* ---------- upside down ---------- */

const UPSIDE_DOWN: Record<string, string> = {
  ɐ: 'a',
  q: 'b',
  ɔ: 'c',
  p: 'd',
  ǝ: 'e',
  ɟ: 'f',
  ƃ: 'g',
  ɓ: 'g',
  ɩ: '1',
  ɛ: '3',
  ɥ: 'h',
  ᴉ: 'i',
  ı: 'i',
  ɾ: 'j',
  ſ: 'j',
  ʞ: 'k',
  ʃ: 'l',
  ꞁ: 'l',
  ɯ: 'm',
  u: 'n',
  o: 'o',
  d: 'p',
  b: 'q',
  ɹ: 'r',
  s: 's',
  ʇ: 't',
  n: 'u',
  ʌ: 'v',
  ʍ: 'w',
  x: 'x',
  ʎ: 'y',
  z: 'z',
  '˙': '.',
  '¿': '?',
  '¡': '!',
  '0': '0',
  Ɩ: '1',
  ᄅ: '2',
  Ɛ: '3',
  ㄣ: '4',
  ϛ: '5',
  '9': '6',
  ㄥ: '7',
  '8': '8',
  '6': '9',
  '@': '@',
  ' ': ' ',
};
/** Letters only upside-down text uses: their presence is the sign to turn a text back. */
const UPSIDE_DOWN_ONLY = /[ɐɔǝɟƃɥᴉɾʞɯɹʇʌʍʎ˙ƖᄅƐㄣϛㄥ]/u;

/** Upside-down text turned back (read right to left, each letter turned), or null when there is none. */
export function turnedBack(text: string): string | null {
  const nfc = text.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
  if (!UPSIDE_DOWN_ONLY.test(nfc)) return null;
  return [...nfc]
    .reverse()
    .map((char) => UPSIDE_DOWN[char] ?? char.toLowerCase())
    .join('');
}

/* ---------- numbers written as words ---------- */

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const NUMBER_WORD_MAP = new Map<string, string>();
for (const language of ['en', 'hu', 'ga', 'fa'] as const) {
  for (const [word, digit] of Object.entries(NUMBER_WORDS[language])) {
    // Hungarian and Irish are compared without accents (the reading has them out).
    NUMBER_WORD_MAP.set(withoutAccents(word), digit);
  }
}
const NUMBER_WORD = new RegExp(
  `(?<!\\p{L})(?:${[...NUMBER_WORD_MAP.keys()]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|')})(?!\\p{L})`,
  'gu',
);

const { tens: HU_TENS, units: HU_UNITS } = NUMBER_WORDS.huCompound as {
  tens: Record<string, string>;
  units: Record<string, string>;
};
/** Hungarian tens and units written as one word ("harmincegy", "huszonketto"). */
const HU_COMPOUND = new RegExp(
  `(?<!\\p{L})(${Object.keys(HU_TENS).join('|')})(${Object.keys(HU_UNITS)
    .sort((a, b) => b.length - a.length)
    .join('|')})(?!\\p{L})`,
  'gu',
);
/**
 * Number words of languages the guard does not judge (German, Spanish, French, Italian: "null sechs
 * drei", "cero seis tres") read as digits only in runs of three or more of them: one alone is an
 * ordinary word ("due", "sept", "tres"), and a date such as "sept 12 2024" stays a date.
 */
const FOREIGN_NUMBERS = new Map(
  Object.entries(NUMBER_WORDS.foreign as Record<string, string>).filter(([word]) => word !== '_about'),
);
const FOREIGN_WORD = `(?:${[...FOREIGN_NUMBERS.keys()].sort((a, b) => b.length - a.length).join('|')})`;
const FOREIGN_RUN = new RegExp(`(?<!\\p{L})${FOREIGN_WORD}(?:[\\s,.\\-–/]+${FOREIGN_WORD}(?!\\p{L})){2,}(?!\\p{L})`, 'gu');
const FOREIGN_ONE = new RegExp(`(?<!\\p{L})${FOREIGN_WORD}(?!\\p{L})`, 'gu');
const foreignNumbersAsDigits = (reading: string) =>
  reading.replace(FOREIGN_RUN, (run) => run.replace(FOREIGN_ONE, (word) => FOREIGN_NUMBERS.get(word) ?? word));

/** "double seven", "triple five": the number word said two or three times. */
const REPEATED_NUMBER = new RegExp(`(?<!\\p{L})(double|triple) (${Object.keys(NUMBER_WORDS.en).join('|')})(?!\\p{L})`, 'gu');

/** Number words as digits ("nulla hat harminc" → "0 6 30"; other languages' in runs of their own); only the runs of three or more next to each other, so "one cat and two dogs" stays. */
export function numbersAsDigits(reading: string): string {
  const compounds = foreignNumbersAsDigits(reading)
    .replace(HU_COMPOUND, (_, tens: string, unit: string) => `${HU_TENS[tens]}${HU_UNITS[unit]}`)
    .replace(REPEATED_NUMBER, (_, times: string, word: string) =>
      Array(times === 'double' ? 2 : 3)
        .fill(word)
        .join(' '),
    );
  const replaced = compounds.replace(NUMBER_WORD, (word) => `\uE000${NUMBER_WORD_MAP.get(word)}\uE000`);
  // Keep the replacement only where at least three number words (or digits) stand together.
  return replaced.replace(/(?:\uE000[^\uE000]*\uE000|[\d\s,.\-–()+/]|and|es|agus|و)+/gu, (run) => {
    const words = run.match(/\uE000/g)?.length ?? 0;
    const digits = run.replace(/\uE000[^\uE000]*\uE000/g, '').match(/\d/g)?.length ?? 0;
    if (words / 2 + digits < 3 || words === 0) return run.replace(/\uE000([^\uE000]*)\uE000/g, (_, digit: string) => digit);
    return run.replace(/\uE000([^\uE000]*)\uE000/g, '$1').replace(/(?<=\d)\s*(?:and|es|agus|و)\s*(?=\d)/gu, ' ');
  });
}

/* ---------- words split by punctuation or a space ---------- */

/** Runs of single letters with spaces or punctuation between them closed up ("h o w old", "k.i.d"). */
export function closedUp(reading: string): string {
  return reading.replace(
    /(?<![\p{L}\p{N}])[\p{L}\p{N}@](?![\p{L}\p{N}])(?:[^\p{L}\p{N}@\n]{1,3}[\p{L}\p{N}@](?![\p{L}\p{N}])){2,}/gu,
    (run) => run.replace(/[^\p{L}\p{N}@]/gu, ''),
  );
}

/** Spaced-out letters closed up as an address: the usual separator out, another one with a dot read as the dot ("k.i.d.@.g.m.a.i.l...c.o.m"). */
export function closedUpAddress(reading: string): string {
  return reading.replace(
    /(?<![\p{L}\p{N}])[\p{L}\p{N}@](?![\p{L}\p{N}])(?:[^\p{L}\p{N}@\n]{1,7}[\p{L}\p{N}@](?![\p{L}\p{N}])){2,}/gu,
    (run) => {
      // Separators without a dot go; one with a dot is the address's dot, unless dots are what separates every letter (then the usual one goes).
      const separators = run.match(/[^\p{L}\p{N}@]+/gu) ?? [];
      const dotted = separators.every((separator) => separator.includes('.'));
      const counts = new Map<string, number>();
      for (const separator of separators) counts.set(separator, (counts.get(separator) ?? 0) + 1);
      const usual = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
      return run.replace(/[^\p{L}\p{N}@]+/gu, (separator) =>
        separator.includes('.') && (!dotted || separator !== usual) ? '.' : '',
      );
    },
  );
}

/** Every separator between spaced-out letters taken out ("k.i.d..@..g.m.a.i.l" → "kid@gmail"). */
export function closedUpAll(reading: string): string {
  return reading.replace(
    /(?<=[\p{L}\p{N}@])[^\p{L}\p{N}@\s]+(?=[\p{L}\p{N}@])|(?<=[\p{L}\p{N}@]) (?=[\p{L}\p{N}@](?:[^\p{L}\p{N}]|$))/gu,
    '',
  );
}

/** Punctuation inside a word taken out ("f.u.c.k", "fa-sz", "sh*t" stays for obscenity's own reading). */
export function withoutInnerPunctuation(reading: string): string {
  return reading.replace(/(?<=\p{L})[.\-_'"·•,~|/\\:;^+=]+(?=\p{L})/gu, '');
}

/** A hush ("shh", "sshh") out of a text whose fragments are joined: it is a word of its own, and "shh it's a secret" no "sh it". */
export const withoutHushes = (reading: string) => reading.replace(/(?<![\p{L}\p{N}])(?:s+h{2,}|s{2,}h+)(?![\p{L}\p{N}])/gu, ' ');

/** Each pair of neighbouring words, joined, where one of them is a fragment of at most three letters ("fu ck", "ku rva"). */
export function joinedFragments(reading: string): { joined: string; split: number }[] {
  const words = reading.split(/[^\p{L}\p{N}@$!*]+/u).filter(Boolean);
  const pairs: { joined: string; split: number }[] = [];
  for (let index = 0; index + 1 < words.length; index += 1) {
    const [left, right] = [words[index]!, words[index + 1]!];
    if (left.length <= 3 || right.length <= 3) pairs.push({ joined: left + right, split: left.length });
    // Three fragments ("f uc k").
    const third = words[index + 2];
    if (third && (left.length <= 2 || right.length <= 2 || third.length <= 2)) {
      pairs.push({ joined: left + right + third, split: left.length });
    }
  }
  return pairs;
}

/**
 * What may follow a listed word split over two fragments: nothing, or an ending ("fu cking", "bi
 * tches", "as shole"; a Hungarian word's endings for a Hungarian word: "ku rvát"). Anything else is
 * the rest of another word.
 */
const SPLIT_WORD_ENDINGS = [
  ...['', 's', 'es', 'ed', 'er', 'ers', 'in', 'ing', 'ings', 'y', 'ie', 'ies', 'a', 'o', 'z', 'x', 'ty', 'ah'],
  ...['hole', 'holes', 'head', 'heads', 'face', 'faces', 'bag', 'bags', 'wad', 'hat', 'lord', 'off', 'up'],
];

/** Short words of their own: a fragment that is one may be joined to a whole word ("an alien"). */
const SHORT_WORDS = new Set(
  'a an the i is as at to in on so my no of or it be he we me us up by do go if am and but for not you ur his her its our was are can had has one all any new az egy ez es ha de ar ag le mo na'.split(
    ' ',
  ),
);

/**
 * Whether a joined pair reads as a listed word split over its fragments. When the first fragment is
 * a short word of its own, the listed word must end where the pair ends (but for an ending), and end
 * there exactly (one letter less is no listed word): "an alien" and "an alt" join into "analien" and
 * "analt", which a listed word open at its end ("anal…") reads, but "anal" ends before the pair does
 * and the rest is another word's. "as shole" and "a ss" are still split words.
 */
export function splitWordEndsPair(joined: string, split: number, listed: (text: string) => boolean): boolean {
  if (!SHORT_WORDS.has(joined.slice(0, split))) return true;
  const endsWord = (ending: string) => {
    if (!joined.endsWith(ending)) return false;
    const word = joined.slice(0, joined.length - ending.length);
    return word.length > split && listed(word) && !listed(word.slice(0, -1)) ? word : false;
  };
  return (
    SPLIT_WORD_ENDINGS.some(endsWord) ||
    CURATED_WORDS.huEndings.some((ending) => {
      const word = endsWord(ending);
      return word !== false && hasHungarianWord(word);
    })
  );
}

/** "at", "dot" and their Hungarian, Irish and Persian words read as @ and . ("kid ag gmail ponc com"). */
export function spelledAddress(reading: string): string | null {
  const out = reading
    .replace(/\s*[([{<]?\s*(?<![\p{L}])(?:at|ag|kukac|ات|اَت|at sign)(?![\p{L}])\s*[)\]}>]?\s*/gu, '@')
    // Not after an article or a determiner: "every dot to the end", "the dot to the left".
    .replace(
      /(?<!(?<!\p{L})(?:the|a|an|every|each|this|that|one|no|any|some|red|blue|green|big|little|small|az?|an|na)\s*)\s*[([{<]?\s*(?<![\p{L}])(?:dot|pont|ponc|poinc|period|full stop|دات|نقطه|dat)(?![\p{L}])\s*[)\]}>]?\s*/gu,
      '.',
    );
  return out === reading ? null : out;
}

/* ---------- newer top-level domains ---------- */

const NEWER_DOMAIN = new RegExp(
  String.raw`(?<=[\p{L}\p{N}-](?:[.。]|\s*[([{<]\s*(?:dot|pont|\.)\s*[)\]}>]\s*|\s+(?:dot|pont)\s+))(?:${NEWER_TLDS})(?![\p{L}\p{N}])`,
  'giu',
);

/** A newer top-level domain after a name and a dot (or "(dot)", " dot ") read as `.com`, or null when there is none. */
export function newerDomainsRead(reading: string): string | null {
  const read = reading.replace(NEWER_DOMAIN, 'com');
  return read === reading ? null : read;
}
