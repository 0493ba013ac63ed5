/**
 * The guard's second readings (ADR 046): what only they find is held for a moderator, never refused
 * outright. Numbers written as words read as digits (English, Hungarian, Irish, Persian), upside-down
 * text turned back, punctuation and spaces inside a word closed up, chat-app names within a small
 * edit distance and with Hungarian case endings read as the app's name, "at" and "dot" in words.
 */
import { withoutAccents } from '#lib/note-text';
import CHAT_APPS from './data/chat-apps.json' with { type: 'json' };
import NUMBER_WORDS from './data/number-words.json' with { type: 'json' };

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
/** "double seven", "triple five": the number word said two or three times. */
const REPEATED_NUMBER = new RegExp(`(?<!\\p{L})(double|triple) (${Object.keys(NUMBER_WORDS.en).join('|')})(?!\\p{L})`, 'gu');

/** Number words as digits ("nulla hat harminc" → "0 6 30"); only the runs of three or more next to each other, so "one cat and two dogs" stays. */
export function numbersAsDigits(reading: string): string {
  const compounds = reading
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

/** The reading with number words put back only where `numbersAsDigits` turned a run into digits. */
export function wordsAsNumbersReading(reading: string): string | null {
  const digits = numbersAsDigits(reading);
  return digits === reading ? null : digits;
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

/* ---------- chat apps within a small edit distance ---------- */

/** Damerau–Levenshtein distance with transpositions (optimal string alignment), stopping above `limit`. */
export function editDistance(a: string, b: string, limit = 2): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows = a.length + 1;
  const columns = b.length + 1;
  const table: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: columns }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i += 1) {
    let best = Infinity;
    for (let j = 1; j < columns; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(table[i - 1]![j]! + 1, table[i]![j - 1]! + 1, table[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, table[i - 2]![j - 2]! + 1);
      table[i]![j] = value;
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
  }
  return table[a.length]![b.length]!;
}

const HU_ENDINGS = [...CHAT_APPS.huEndings].map((ending) => withoutAccents(ending)).sort((a, b) => b.length - a.length);

/** The chat app a word names, allowing a Hungarian case ending and a small misspelling, or null. */
const lettersOnce = (text: string) => text.replace(/(\p{L})\1+/gu, '$1');
/** The apps' names, and each with a letter said again and again read once ("whatsapp" → "whatsap"). */
const APP_NAMES = CHAT_APPS.names.map((name) => ({ name, once: lettersOnce(name) }));

/** Words already read (a long jam body says the same words again and again), forgotten past 20,000. */
const appOfWord = new Map<string, string | null>();

/** The chat app a word names, allowing a Hungarian case ending, a letter said again and again and a small misspelling, or null. */
export function chatAppOf(word: string): string | null {
  let app = appOfWord.get(word);
  if (app === undefined) {
    if (appOfWord.size >= 20_000) appOfWord.clear();
    app = readChatApp(word);
    appOfWord.set(word, app);
  }
  return app;
}

function readChatApp(word: string): string | null {
  const withoutEnding = (one: string) =>
    HU_ENDINGS.filter((ending) => one.endsWith(ending) && one.length - ending.length >= 4).map((ending) =>
      one.slice(0, -ending.length),
    );
  // The word and its letters read once, each without one ending or two ("snapchatratttt" → "snapchatrat" → "snapchatra" → "snapchat").
  const firsts = [...new Set([word, lettersOnce(word)])];
  const seconds = firsts.flatMap(withoutEnding);
  const stems = [...new Set([...firsts, ...seconds, ...seconds.flatMap(withoutEnding)])];
  for (const candidate of stems) {
    const once = lettersOnce(candidate);
    for (const { name, once: nameOnce } of APP_NAMES) {
      if (candidate === name || once === nameOnce) return name;
      if (name.length < 5 || candidate.length < 4) continue;
      const limit = name.length >= 8 ? 2 : 1;
      // The same first letter: "record" is no "discord", "dicsord" is.
      if (candidate[0] === name[0] && editDistance(candidate, name, limit) <= limit) return name;
      if (once !== candidate && once.length >= 4 && once[0] === name[0] && editDistance(once, nameOnce, limit) <= limit)
        return name;
    }
  }
  return null;
}

/** The reading with every word that names a chat app (misspelt, with an ending) read as the app's name, or null when none does. */
export function chatAppsRead(reading: string): string | null {
  let changed = false;
  const out = reading.replace(/\p{L}{4,}/gu, (word) => {
    const app = chatAppOf(word);
    if (!app || app === word) return word;
    changed = true;
    return app;
  });
  return changed ? out : null;
}

/** A chat app's name split by a space ("sn apchat", "disc ord") read whole, or null when there is none. */
export function joinedApps(reading: string): string | null {
  const words = reading.split(/(?<=\p{L})(?=[^\p{L}])|(?<=[^\p{L}])(?=\p{L})/u);
  let changed = false;
  for (let index = 0; index + 2 < words.length; index += 1) {
    const [left, gap, right] = [words[index]!, words[index + 1]!, words[index + 2]!];
    if (gap !== ' ' || !/^\p{L}{1,9}$/u.test(left) || !/^\p{L}{1,9}$/u.test(right)) continue;
    if (chatAppOf(left) || chatAppOf(right)) continue;
    const app = chatAppOf(left + right);
    if (!app) continue;
    words.splice(index, 3, app);
    changed = true;
  }
  return changed ? words.join('') : null;
}

/** Where a reading names a chat app (in any of the site's languages and Persian): the index after each mention. */
export function chatAppMentions(reading: string): number[] {
  const ends: number[] = [];
  const persian = reading.replace(/\s+/gu, ' ');
  for (const name of CHAT_APPS.faNames) {
    const plain = name.replace(/\u200c/g, '');
    for (let at = persian.indexOf(plain); at >= 0; at = persian.indexOf(plain, at + 1)) ends.push(at + plain.length);
  }
  for (const match of reading.matchAll(/\p{L}{3,}/gu)) {
    if (chatAppOf(match[0]) !== null) ends.push(match.index + match[0].length);
  }
  return ends;
}

const CONTACT_VERBS = [...CHAT_APPS.verbs.en, ...CHAT_APPS.verbs.hu, ...CHAT_APPS.verbs.ga, ...CHAT_APPS.verbs.fa].map((verb) =>
  withoutAccents(verb),
);
const CONTACT_VERB = new RegExp(
  `(?<!\\p{L})(?:${CONTACT_VERBS.sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|')})(?!\\p{L})`,
  'u',
);
/** A handle: letters with digits, an underscore or a dot inside, or an @name. */
const HANDLE =
  /(?<![\p{L}\p{N}])@?(?=[\p{L}\p{N}._]*\p{L})(?=[\p{L}\p{N}._]*[\d_.])[\p{L}\p{N}._]{3,}(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])@[\p{L}\p{N}._]{3,}/u;

/** A chat app with a way to reach someone there (a verb of contact anywhere, or a handle just after it): held for a moderator. */
export function asksContactElsewhere(reading: string): boolean {
  const mentions = chatAppMentions(reading);
  if (!mentions.length) return false;
  if (CONTACT_VERB.test(reading)) return true;
  return mentions.some((end) => HANDLE.test(reading.slice(end, end + 30).replace(/\d+(?:[.:]\d+)+/gu, ' ')));
}

/** "at", "dot" and their Hungarian, Irish and Persian words read as @ and . ("kid ag gmail ponc com"). */
export function spelledAddress(reading: string): string | null {
  const out = reading
    .replace(/\s*[([{<]?\s*(?<![\p{L}])(?:at|ag|kukac|ات|اَت|at sign)(?![\p{L}])\s*[)\]}>]?\s*/gu, '@')
    .replace(/\s*[([{<]?\s*(?<![\p{L}])(?:dot|pont|ponc|poinc|دات|نقطه|dat)(?![\p{L}])\s*[)\]}>]?\s*/gu, '.');
  return out === reading ? null : out;
}
