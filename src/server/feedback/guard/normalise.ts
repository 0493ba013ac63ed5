/**
 * The guard's readings of a text (ADR 046): what is judged, never what is stored or shown. Every
 * transformation a child can use to hide a word, an address or a number from a list is undone here,
 * once, for every rule:
 *
 * - `firstReading` (certain: what it finds is refused): HTML entities and escapes decoded (`&#64;`,
 *   `&commat;`, `\u0040`, `%40`), enclosed, squared and negative-squared letters and regional
 *   indicators read as letters, then `judgedText` (NFKC, invisible characters out, look-alikes of
 *   other scripts folded by Unicode's confusables, every script's digits as ASCII, Arabic letters
 *   as Persian), combining marks that do not belong to a letter stripped, Latin letters with
 *   strokes and ligatures read plain, Urdu and Arabic letter variants read as Persian ones.
 * - `secondReadings` (uncertain: what only they find is held for a moderator): numbers written as
 *   words read as digits (English, Hungarian, Irish, Persian), upside-down text turned back,
 *   punctuation and single spaces inside a word closed up, chat-app names within a small edit
 *   distance and with Hungarian case endings read as the app's name.
 */
import { judgedText } from '#lib/note-text';

/* ---------- entities and escapes ---------- */

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  commat: '@',
  period: '.',
  colon: ':',
  sol: '/',
  bsol: '\\',
  lpar: '(',
  rpar: ')',
  num: '#',
  plus: '+',
  dash: '-',
  hyphen: '-',
  lowbar: '_',
  excl: '!',
  quest: '?',
  comma: ',',
  semi: ';',
  equals: '=',
  percnt: '%',
  dollar: '$',
  ast: '*',
  midast: '*',
  hellip: '…',
  ndash: '–',
  mdash: '—',
  zwj: '',
  zwnj: '',
  shy: '',
};

const fromCode = (code: number) => (code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '');

/** `&#64;`, `&#x40;`, `&commat;`, `\u0040`, `\x40`, `\u{40}`, `%40` and `\@` as the characters they stand for (twice, for `&amp;#64;`). */
export function decodeEscapes(text: string): string {
  let out = text;
  for (let pass = 0; pass < 2; pass += 1) {
    out = out
      .replace(/&#x([0-9a-f]{1,6});?/giu, (_, hex: string) => fromCode(parseInt(hex, 16)))
      .replace(/&#(\d{1,7});?/gu, (_, dec: string) => fromCode(parseInt(dec, 10)))
      .replace(/&([a-z]{2,8});/giu, (whole, name: string) => NAMED_ENTITIES[name.toLowerCase()] ?? whole)
      .replace(/\\u\{([0-9a-f]{1,6})\}|\\u([0-9a-f]{4})|\\x([0-9a-f]{2})/giu, (_, a?: string, b?: string, c?: string) =>
        fromCode(parseInt((a ?? b ?? c)!, 16)),
      )
      .replace(/%([2-7][0-9a-f])/giu, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
      .replace(/\\([@.:/])/gu, '$1');
  }
  return out;
}

/* ---------- letters in boxes and circles ---------- */

/** Negative circled (🅐), negative squared (🅰) letters and regional indicators (🇦), which NFKC leaves as they are. */
const BOXED_RANGES: readonly [number, number][] = [
  [0x1f150, 0x1f169],
  [0x1f170, 0x1f189],
  [0x1f1e6, 0x1f1ff],
  [0x1f130, 0x1f149],
  [0x24b6, 0x24cf],
  [0x24d0, 0x24e9],
];

/** Dingbat circled digits one to ten (❶ ➀ ➊), which NFKC leaves as they are; ten (❿) reads 0, as a keypad's. */
const DINGBAT_DIGITS: readonly number[] = [0x2776, 0x2780, 0x278a];

function unboxLetters(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const range = BOXED_RANGES.find(([start, end]) => code >= start && code <= end);
    // A boxed letter followed by another boxed one is a word; a regional-indicator pair alone is a flag, and reads as letters too.
    const digits = DINGBAT_DIGITS.find((start) => code >= start && code < start + 10);
    out += range ? String.fromCharCode(97 + code - range[0]) : digits ? String((code - digits + 1) % 10) : char;
  }
  return out;
}

/* ---------- letters read plain ---------- */

const PLAIN_LATIN: Record<string, string> = {
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ħ: 'h',
  ŧ: 't',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ı: 'i',
  ƒ: 'f',
  ŀ: 'l',
  ɨ: 'i',
  ʉ: 'u',
  ƀ: 'b',
  ɇ: 'e',
  ð: 'd',
  þ: 'th',
  '€': 'e',
  '£': 'l',
  '¢': 'c',
  '¥': 'y',
  '©': 'c',
  '®': 'r',
  '∂': 'd',
  '∑': 'e',
  '∏': 'n',
  '√': 'v',
  '∆': 'a',
  '∀': 'a',
  '∃': 'e',
  // Look-alikes Unicode's confusables fold to another non-Latin letter (or not at all).
  ꞓ: 'e',
  ε: 'e',
  ϵ: 'e',
  ς: 'c',
  ϲ: 'c',
  ĸ: 'k',
  κ: 'k',
  ƅ: 'b',
  π: 'n',
  η: 'n',
  χ: 'x',
  γ: 'y',
  ι: 'i',
  ν: 'v',
  ω: 'w',
  ρ: 'p',
  τ: 't',
  μ: 'u',
  υ: 'u',
  σ: 'o',
  α: 'a',
  ӏ: 'l',
  п: 'n',
  м: 'm',
  т: 't',
  к: 'k',
  ь: 'b',
  г: 'r',
  ш: 'w',
  и: 'u',
  в: 'b',
  н: 'h',
  ɑ: 'a',
  ɡ: 'g',
};

/** Urdu, Pashto, Kurdish and Arabic letter variants read as the Persian letter (after `judgedText`'s ي→ی, ك→ک). */
const PERSIAN_LETTERS: Record<string, string> = {
  ے: 'ی',
  ۓ: 'ی',
  ې: 'ی',
  ۍ: 'ی',
  ئ: 'ی',
  ٸ: 'ی',
  ہ: 'ه',
  ھ: 'ه',
  ۃ: 'ه',
  ە: 'ه',
  ڪ: 'ک',
  ګ: 'گ',
  ڭ: 'گ',
  ؤ: 'و',
  ۆ: 'و',
  ۇ: 'و',
  ٱ: 'ا',
  ٲ: 'ا',
  ٳ: 'ا',
  ڕ: 'ر',
  ڒ: 'ز',
  ڤ: 'ف',
  ڨ: 'ق',
  ٹ: 'ت',
  ڈ: 'د',
  ڑ: 'ر',
  ں: 'ن',
};

/** Combining marks that do not compose with the letter before them (a Latin letter's accents do, after NFC), except on Arabic letters (judgedText takes those). */
const STRAY_MARKS = /(?<!\p{Script=Arabic})\p{M}+/gu;

/** Apostrophes and quotes of every kind as `'`, so "don’t" and "don't" read the same. */
const APOSTROPHES = /[’‘`´ʼʹ′ꞌ＇]/gu;

/** Text that has had every certain transformation undone: decoded, unboxed, judged, marks and variants read plain. */
export function firstReading(text: string): string {
  const decoded = unboxLetters(decodeEscapes(text));
  let plain = '';
  // Every combining mark out (accents too: the guard judges Hungarian and Irish without them), then look-alikes read plain.
  // (Before NFKD too: it reads the lunate sigma Ϲ as Σ.)
  let mapped = '';
  for (const char of decoded) mapped += PLAIN_LATIN[char.toLowerCase()] ?? char;
  for (const char of mapped.normalize('NFKD').replace(/\p{M}/gu, '').normalize('NFC'))
    plain += PLAIN_LATIN[char.toLowerCase()] ?? char;
  const judged = judgedText(plain).normalize('NFC').replace(STRAY_MARKS, '');
  let out = '';
  for (const char of judged) out += PLAIN_LATIN[char] ?? PERSIAN_LETTERS[char] ?? char;
  return out.replace(APOSTROPHES, "'");
}
