/**
 * Texts written in a code (ADR 046, the twelfth set). `decodedTexts`: base64 words, binary and
 * hexadecimal bytes and Morse code, decoded — what they spell is as certain as the same written
 * plain, so an address, a number or a handle in them is refused like its plain form. `codedReadings`
 * (uncertain, held): ROT13, when the text names it or reads more everyday words turned than as
 * written, and Roman numerals read as digits ("V V V I II III IV…").
 */
import { shapeCodes } from './shape-readings';
import { guardWords } from './wordplay';

/** Printable ASCII with two letters at least: what a decoded code must be to be judged. */
const PRINTABLE = /^[\x20-\x7e]+$/;
const isText = (decoded: string) => decoded.length >= 4 && PRINTABLE.test(decoded) && /[a-z0-9]{2}/i.test(decoded);

/* ---------- base64 ---------- */

/** Words of twelve base64 characters or more (padding optional, URL-safe letters too). */
const BASE64_WORD = /(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{12,}={0,2}(?![A-Za-z0-9+/=_-])/g;

function fromBase64(word: string): string | null {
  const body = word.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  if (body.length % 4 === 1) return null;
  try {
    return atob(body + '='.repeat((4 - (body.length % 4)) % 4));
  } catch {
    return null;
  }
}

/* ---------- binary and hexadecimal bytes ---------- */

/** Four bytes or more written as eight binary digits each, separated or not. */
const BINARY = /(?<![01])(?:[01]{8}[\s,]*){4,}(?![01])/g;
/** Four bytes or more written as two hexadecimal digits each, separated or not (an optional 0x). */
const HEX = /(?<![\p{L}\p{N}])(?:(?:0x)?[0-9a-f]{2}[\s,:-]*){4,}(?![\p{L}\p{N}])/giu;

const bytesOf = (run: string, digits: RegExp, radix: number) =>
  String.fromCharCode(...(run.match(digits) ?? []).map((byte) => parseInt(byte, radix)));

/* ---------- Morse ---------- */

/** Each letter, digit and mark with its Morse code, read backwards: the code's letter. */
const MORSE = new Map(
  (
    'a .- b -... c -.-. d -.. e . f ..-. g --. h .... i .. j .--- k -.- l .-.. m -- n -. o --- p .--. q --.- r .-. s ... ' +
    't - u ..- v ...- w .-- x -..- y -.-- z --.. 0 ----- 1 .---- 2 ..--- 3 ...-- 4 ....- 5 ..... 6 -.... 7 --... 8 ---.. ' +
    '9 ----. . .-.-.- , --..-- ? ..--.. @ .--.-. _ ..--.- - -....- / -..-. : ---... # .-...- + .-.-. = -...-'
  )
    .split(' ')
    .flatMap((item, index, items) => (index % 2 ? [] : [[items[index + 1]!, item] as const])),
);
/** Dots and dashes of every kind as "." and "-". */
const asMorse = (text: string) => text.replace(/[·•∙⋅]/gu, '.').replace(/[–—−‒_]/gu, '-');
/** Four Morse letters or more, one space between letters, a slash, a bar or three spaces between words. */
const MORSE_RUN = /(?<![\p{L}\p{N}.-])[.-]{1,7}(?:(?: {1,3}| ?[/|] ?)[.-]{1,7}){3,}(?![\p{L}\p{N}.-])/gu;

function fromMorse(run: string): string | null {
  let out = '';
  for (const word of run.trim().split(/ ?[/|] ?| {3}/u)) {
    for (const letter of word.split(/ +/u).filter(Boolean)) {
      const char = MORSE.get(letter);
      if (!char) return null;
      out += char;
    }
    out += ' ';
  }
  return out.trim();
}

/** What the text's codes spell (base64, binary, hexadecimal, Morse), each decoded text that reads as text. */
export function decodedTexts(text: string): string[] {
  const out: string[] = shapeCodes(text);
  for (const [word] of text.matchAll(BASE64_WORD)) out.push(fromBase64(word) ?? '');
  for (const [run] of text.matchAll(BINARY)) out.push(bytesOf(run, /[01]{8}/g, 2));
  for (const [run] of text.matchAll(HEX)) out.push(bytesOf(run.replace(/0x/gi, ''), /[0-9a-f]{2}/gi, 16));
  for (const [run] of asMorse(text).matchAll(MORSE_RUN)) out.push(fromMorse(run) ?? '');
  return out.filter(isText);
}

/* ---------- ROT13 and Roman numerals (uncertain) ---------- */

const rot13 = (text: string) =>
  text.replace(/[a-z]/giu, (char) => {
    const base = char <= 'Z' ? 65 : 97;
    return String.fromCharCode(base + ((char.charCodeAt(0) - base + 13) % 26));
  });
/** Everyday words of a message asking for contact (English and Hungarian), and the apps' and mail's names. */
const EVERYDAY = new Set(
  'me|my|on|is|at|add|the|you|and|to|in|dm|call|text|find|follow|chat|talk|hmu|email|mail|number|phone|name|irj|ram|van|nem|vagyok|keress|kovess|discord|snap|snapchat|insta|instagram|whatsapp|telegram|tiktok|gmail|yahoo|outlook|com|dot'.split(
    '|',
  ),
);
const everydayWords = (text: string) => (text.toLowerCase().match(/\p{L}+/gu) ?? []).filter((word) => EVERYDAY.has(word)).length;
const NAMES_ROT13 = /(?<![\p{L}\p{N}])(?:rot[ -]?13|caesar|cezar)/iu;

/** Roman numerals up to nine, or a digit: seven of them or more in a row are a number read out. */
const ROMAN_RUN = /(?<![\p{L}\p{N}])(?:IX|IV|V?I{1,3}|V|\d)(?:[\s,.-]+(?:IX|IV|V?I{1,3}|V|\d)){6,}(?![\p{L}\p{N}])/gu;
const ROMAN: Record<string, string> = { I: '1', II: '2', III: '3', IV: '4', V: '5', VI: '6', VII: '7', VIII: '8', IX: '9' };

/** Readings only a code gives, held when they find something: ROT13 turned back, Roman numerals as digits. */
export function codedReadings(text: string): string[] {
  const out: string[] = [];
  const turned = rot13(text);
  const turnedWords = everydayWords(turned);
  const turnedHeldWords = guardWords(turned);
  if (
    NAMES_ROT13.test(text) ||
    (turnedWords >= 2 && turnedWords > everydayWords(text)) ||
    (turnedHeldWords >= 2 && turnedHeldWords > guardWords(text))
  )
    out.push(turned.toLowerCase());
  const plain = text.normalize('NFKC');
  const romans = plain.replace(ROMAN_RUN, (run) =>
    /[IVX]/u.test(run) ? run.replace(/[IVX]+/gu, (numeral) => ROMAN[numeral] ?? numeral) : run,
  );
  if (romans !== plain) out.push(romans.toLowerCase());
  return out;
}
