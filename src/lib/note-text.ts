/**
 * One reading of a note's text, shared by everything that judges or renders it (issue 41 §1): the
 * filter judges `judgedText`, the renderers show and link `shownText`, so no character can hide
 * something from one and not from the other.
 *
 * - `shownText`: Unicode NFKC, with invisible and formatting characters taken out (zero-width
 *   spaces and joiners, the soft hyphen, bidi controls, variation selectors, keycap marks, every
 *   `\p{Cf}`, Hangul and Braille blanks). Nothing a reader can see is lost, except that a
 *   full-width `ｈｔｔｐｓ` is read as `https`.
 * - `judgedText`: `shownText` lower-cased, with every letter that only looks Latin (Cyrillic,
 *   Greek, Armenian, Cherokee…, from Unicode's confusables.txt through the `unhomoglyph` package,
 *   plus small capitals) folded to its Latin skeleton, every script's digit (`\p{Nd}`, so Persian
 *   ۰-۹ and keycaps 1️⃣) read as an ASCII digit, full stops of other scripts (。．) read as `.`,
 *   and Arabic letters read as Persian ones (ي→ی, ك→ک) without tatweel or vowel marks. Latin
 *   letters with accents (Hungarian á, ő) and Persian letters are kept: they are not look-alikes.
 */
import unhomoglyph from 'unhomoglyph';

/** Characters nobody sees, which only split what a reader would read as one word or number. */
const INVISIBLE = /[\p{Cf}\p{Variation_Selector}\u115F\u1160\u2800\u3164\uFFA0]|\u034F|\u17B4|\u17B5|\u20E3/gu;

export function shownText(text: string): string {
  return text.normalize('NFKC').replace(INVISIBLE, '').normalize('NFKC');
}

/** Letters Unicode's confusables give as a non-ASCII prototype (small capitals and the like), read as their Latin letter. */
const SMALL_CAPITALS: Record<string, string> = {
  ...Object.fromEntries([...'ᴀʙᴄᴅᴇꜰɢʜɪᴊᴋʟᴍɴᴏᴘꞯʀꜱᴛᴜᴠᴡxʏᴢ'].map((letter, index) => [letter, String.fromCharCode(97 + index)])),
  ʍ: 'm',
  ɑ: 'a',
  ɡ: 'g',
  ı: 'i',
  ȷ: 'j',
  ſ: 's',
  ꞵ: 'b',
  ʋ: 'u',
  ɩ: 'i',
};

/** Scripts whose letters are folded to the Latin letter they look like (Arabic and Latin letters are left as they are). */
const LOOKALIKE_SCRIPT =
  /[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Armenian}\p{Script=Cherokee}\p{Script=Coptic}\p{Script=Lisu}]/u;

const DIGIT = /\p{Nd}/u;

/** The ASCII digit of any script's digit: Unicode keeps every script's 0-9 together, in runs that start at 0. */
function asciiDigit(char: string): string {
  const code = char.codePointAt(0)!;
  let start = code;
  while (DIGIT.test(String.fromCodePoint(start - 1))) start -= 1;
  return String((code - start) % 10);
}

const ARABIC_AS_PERSIAN: Record<string, string> = { ي: 'ی', ى: 'ی', ك: 'ک', ة: 'ه', ۀ: 'ه', أ: 'ا', إ: 'ا', آ: 'ا' };

function foldChar(char: string): string {
  if (char.charCodeAt(0) < 0x80) return char;
  if (DIGIT.test(char)) return asciiDigit(char);
  if (char === '。' || char === '．' || char === '｡' || char === '۔') return '.';
  if (ARABIC_AS_PERSIAN[char]) return ARABIC_AS_PERSIAN[char];
  if (SMALL_CAPITALS[char]) return SMALL_CAPITALS[char];
  if (LOOKALIKE_SCRIPT.test(char)) {
    const folded = [...unhomoglyph(char)].map((part) => SMALL_CAPITALS[part] ?? part).join('');
    return folded.toLowerCase();
  }
  return char;
}

/** Tatweel (the stretching line) and Arabic vowel marks, which change how a word looks, not what it says. */
const ARABIC_MARKS = /\u0640|(?=\p{Script=Arabic})\p{Mn}/gu;

export function judgedText(text: string): string {
  const lower = shownText(text).toLowerCase().replace(ARABIC_MARKS, '');
  let out = '';
  for (const char of lower) out += foldChar(char);
  return out.toLowerCase();
}

/** `judgedText` without accents (á → a), for word lists: children leave accents out as often as not. */
export const withoutAccents = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .normalize('NFC');

/**
 * Bidirectional controls (embeddings, overrides, isolates, the marks): a right-to-left override
 * makes `moc.liamg@…` display as an e-mail address. They are taken out of every text of every
 * field before it is validated or stored (issue 53 §4); nothing else of what was typed changes.
 */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/gu;
export const withoutBidiControls = (text: string): string => text.replace(BIDI_CONTROLS, '');
