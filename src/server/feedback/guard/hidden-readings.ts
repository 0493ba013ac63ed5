/**
 * Second readings of words hidden in a way a child can write by hand (ADR 046, the sixteenth set):
 * the A1Z26 cipher (letters as their place in the alphabet: "4 9 19 3 15 18 4"), pig Latin
 * ("iscordday", "addway emay"), the Hungarian madárnyelv ("diviscovordovon"), and acrostics (the
 * first letters of a row of capitalised words spell a chat app: "Dude I Speak Calmly On Real Days"). Every
 * one of them could misread an ordinary note, so what they find is only ever held.
 */
import CHAT_APPS from './data/chat-apps.json' with { type: 'json' };
import { chatAppOf } from './chat-apps';
import { speltRead } from './spelt-letters';
import { shapeReadings } from './shape-readings';
import { isWord, wordplayReadings } from './wordplay';

/** Three numbers from 1 to 26 or more, one separator between each two (a space, a dot, a dash, a slash or a comma). */
const A1Z26_RUN = /(?<![\p{L}\p{N}.,/:-])(?:2[0-6]|1\d|[1-9])(?:[ .,/-] ?(?:2[0-6]|1\d|[1-9])){2,}(?![\p{N}]|[.,/:-]\p{N})/gu;
const letterOf = (number: string) => String.fromCharCode(96 + Number(number));

/** The reading with every run of numbers from 1 to 26 read as the letters they number ("add me on 4 9 19 3 15 18 4" → "add me on discord"), or null. */
export function a1z26Read(reading: string): string | null {
  if (!A1Z26_RUN.test(reading)) return null;
  A1Z26_RUN.lastIndex = 0;
  return reading.replace(A1Z26_RUN, (run) =>
    run
      .split(/[ .,/-]+/u)
      .map(letterOf)
      .join(''),
  );
}

const VOWEL = /^[aeiou]/u;
const CONSONANTS = /^[^aeiou]+$/u;
/** Words a pig-Latin request is made of: a candidate that is one of them (or a chat app) is the word meant. */
const PLAIN_WORDS = new Set(
  'add me my mine you your yours on at is in the give text call dm message number phone address name snap send follow chat talk private secret pic pics picture age old where live school what whats are am i we us'.split(
    ' ',
  ),
);
/** The words a pig-Latin word may stand for: its first consonants moved back from before "ay", or a vowel-first word before "way", "yay" or "hay". */
function pigLatinCandidates(word: string): string[] {
  const stem = word.slice(0, -2);
  const candidates: string[] = [];
  if (/(?:w|y|h)ay$/u.test(word) && VOWEL.test(word)) candidates.push(word.slice(0, -3));
  if (VOWEL.test(word)) candidates.push(stem);
  for (let length = 1; length <= 3 && length < stem.length; length += 1) {
    const cluster = stem.slice(-length);
    const rest = stem.slice(0, -length);
    if (CONSONANTS.test(cluster) && VOWEL.test(rest)) candidates.push(cluster + rest);
  }
  return candidates;
}
const PIG_LATIN_WORD = /(?<!\p{L})[aeiou]\p{L}*ay(?!\p{L})/gu;

/** The reading with its pig-Latin words read back ("atsappwhay emay" → "whatsapp me", "illkay ourselfyay" → "kill yourself"), or null when there are none. */
export function pigLatinRead(reading: string): string | null {
  let asked = false;
  let read = 0;
  const out = reading.replace(PIG_LATIN_WORD, (word) => {
    const candidates = pigLatinCandidates(word);
    const meant =
      candidates.find((candidate) => chatAppOf(candidate) === candidate) ??
      candidates.find((candidate) => PLAIN_WORDS.has(candidate)) ??
      candidates.find((candidate) => candidate.length >= 4 && chatAppOf(candidate));
    // Any other word of the guard's counts only beside a second one ("okay" alone is no pig Latin).
    const held = meant ?? candidates.find((candidate) => candidate.length >= 2 && isWord(candidate));
    if (!held) return word;
    asked ||= meant !== undefined;
    read += 1;
    return held;
  });
  return asked || read >= 2 ? out : null;
}

/** The Hungarian madárnyelv: each vowel said again after a "v" ("diviscovordovon" → "discordon"), when a word has two or more. */
const BIRD_WORD = /(?<!\p{L})\p{L}*([aeiou])v\1\p{L}*([aeiou])v\2\p{L}*/gu;
export function madarnyelvRead(reading: string): string | null {
  if (!BIRD_WORD.test(reading)) return null;
  return reading.replace(/([aeiou])v\1/gu, '$1');
}

/**
 * Chat apps of five letters or more and "add me": what an acrostic spells when it is a trick. Four
 * letters are too easily a game's title ("The Epic Lava Escape", "Super Ninja And Pirates").
 */
const SPELT = new Set([...CHAT_APPS.names.filter((name) => name.length >= 5), 'addme', 'textme']);
/** A row of four capitalised words or more (commas and full stops between them allowed). */
const TITLE_ROW = /\p{Lu}\p{L}*(?:[,.;:!]?\s+\p{Lu}\p{L}*){3,}/gu;
/** Inside a longer row only a name of six letters or more counts: shorter ones turn up by chance. */
const WITHIN_ROW = 6;

/** Whether the first letters of a row of capitalised words spell a chat app or "add me" ("Dude I Speak Calmly On Real Days"), or the last letters of the words spell an app of six letters or more. */
export function spellsAnAcrostic(text: string): boolean {
  for (const [row] of text.normalize('NFKD').replace(/\p{M}/gu, '').matchAll(TITLE_ROW)) {
    const initials = row
      .split(/[\s,.;:!]+/u)
      .map((word) => word[0]!.toLowerCase())
      .join('');
    if (SPELT.has(initials)) return true;
    for (let start = 0; start + WITHIN_ROW <= initials.length; start += 1)
      for (let end = start + WITHIN_ROW; end <= Math.min(initials.length, start + 10); end += 1)
        if (SPELT.has(initials.slice(start, end))) return true;
  }
  // A telestich: the last letters of the words ("bad hi yes arc two car end").
  if (text.length > SHORT_TEXT) return false;
  const lasts = (text.toLowerCase().match(/\p{L}+/gu) ?? []).map((word) => word.at(-1)).join('');
  return [...SPELT].some((name) => name.length >= WITHIN_ROW && lasts.includes(name));
}

/** Texts longer than this (a jam's body) are read back a sentence or a line at a time, and only what changed is judged again. */
const SHORT_TEXT = 2_000;
const readBack = (reading: string) => {
  const read = speltRead([a1z26Read, pigLatinRead, madarnyelvRead].reduce((text, reader) => reader(text) ?? text, reading));
  return read === reading ? null : read;
};

/** The hidden readings of one reading (lower case, accents out), all read back at once (letters spelt as words too: ./spelt-letters.ts): none, or one. */
export function hiddenReadings(reading: string): string[] {
  if (reading.length <= SHORT_TEXT)
    return [readBack(reading), ...shapeReadings(reading), ...wordplayReadings(reading)].filter(
      (one): one is string => one !== null,
    );
  const changed = reading
    .split(/(?<=[.!?\n])\s+/u)
    .map(readBack)
    .filter((one): one is string => one !== null);
  return changed.length ? [changed.join('\n')] : [];
}
