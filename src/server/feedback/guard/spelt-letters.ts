/**
 * Second readings of letters spelt as words or shifted (ADR 046, the seventeenth set): the NATO
 * alphabet ("delta india sierra…"), a letter with a word it starts ("d as in dog", "d mint dinnye",
 * "d mar madra", "d مثل dog"), the letters' own names ("dee eye ess", Persian "دی آی اس"), a chat app
 * without its vowels ("dscrd", "snpcht") or as its logo emoji ("add me on 👻"), and a chat app's name
 * shifted (a Caesar shift, the Atbash mirror, one key over on a QWERTY keyboard: "ejtdpse",
 * "wrhxliw", "fodvptf"). Each only reads; what the reading finds is held, never refused.
 */
import CHAT_APPS from './data/chat-apps.json' with { type: 'json' };

/* ---------- letters spelt as words ---------- */

const NATO = new Map(
  'alpha alfa bravo charlie delta echo foxtrot golf hotel india juliet juliett kilo lima mike november oscar papa quebec romeo sierra tango uniform victor whiskey whisky xray x-ray yankee zulu'
    .split(' ')
    .map((word) => [word, word[0]!] as const),
);
const NATO_WORD = `(?:${[...NATO.keys()].sort((a, b) => b.length - a.length).join('|')})`;
/** Three NATO words or more in a row ("delta india sierra", "Delta-India-Sierra"). */
const NATO_RUN = new RegExp(`(?<![\\p{L}\\p{N}])${NATO_WORD}(?:[\\s,.\\-/]+${NATO_WORD}(?![\\p{L}])){2,}(?![\\p{L}])`, 'gu');
/** A run's words as letters; where commas part groups of several words ("tango india kilo, kilo india delta"), each group is a word. */
const natoRead = (reading: string) =>
  reading.replace(NATO_RUN, (run) => {
    const groups = run.split(/\s*,\s*/u).map((group) =>
      group
        .split(/[\s./]+|-(?!ray)/u)
        .filter(Boolean)
        .map((word) => NATO.get(word) ?? '')
        .join(''),
    );
    return groups.join(groups.some((group) => group.length > 1) ? ' ' : '');
  });

/** "d as in dog", "s for snake", "t like tiger", "d mint dinnye", "d mar madra", "d مثل dog": a letter and a word that starts with it. */
const AS_IN = String.raw`(\p{L}) (?:as in|is for|for|like|mint|mar|مثل) (\p{L}+)`;
/** Three of them or more in a row. */
const AS_IN_RUN = new RegExp(String.raw`(?<!\p{L})${AS_IN}(?:[\s,.;-]+${AS_IN.replace(/\((?!\?)/gu, '(?:')}){2,}`, 'gu');
const AS_IN_ONE = new RegExp(AS_IN, 'gu');
const asInRead = (reading: string) =>
  reading.replace(AS_IN_RUN, (run) => {
    const pairs = [...run.matchAll(AS_IN_ONE)];
    // Each word starts with its letter; one slip allowed in four or more ("d mar madra": a dog in Irish, not a word in d).
    const slips = pairs.filter(([, letter, word]) => word![0] !== letter).length;
    if (slips > (pairs.length >= 4 ? 1 : 0)) return run;
    return pairs.map(([, letter]) => letter).join('');
  });

/** The letters' English names, and the Persian names of Latin letters. */
const LETTER_NAMES = new Map<string, string>(
  (
    'ay a bee b see c cee c dee d ee e ef f eff f gee g aitch h eye i jay j kay k el l ell l em m en n oh o pee p cue q ' +
    'are r ar r ess s tee t yoo u vee v ex x why y zed z zee z ' +
    // The reading folds آ to ا, so "آی" (I) reads "ای" (A): read as A, a chat app's name is still within one letter.
    'ای a بی b سی c دی d اف f جی g اچ h کی k ال l ام m ان n او o پی p کیو q ار r اس s تی t یو u وی v ' +
    'دبلیو w ایکس x وای y زد z'
  )
    .split(' ')
    .flatMap((item, index, items) => (index % 2 ? [] : [[item, items[index + 1]!] as const])),
);
const LETTER_NAME = `(?:${[...LETTER_NAMES.keys()].sort((a, b) => b.length - a.length).join('|')})`;
/** Four letter names or more in a row ("dee eye ess see", "اس ان ای پی"): three are everyday words too often ("oh see you"). */
const LETTER_NAME_RUN = new RegExp(
  `(?<![\\p{L}\\p{N}])${LETTER_NAME}(?:[\\s,.\\-]+${LETTER_NAME}(?![\\p{L}])){3,}(?![\\p{L}])`,
  'gu',
);
const letterNamesRead = (reading: string) =>
  reading.replace(LETTER_NAME_RUN, (run) =>
    run
      .split(/[\s,.-]+/u)
      .filter(Boolean)
      .map((name) => LETTER_NAMES.get(name) ?? '')
      .join(''),
  );

/* ---------- chat apps without their vowels, or as their logo ---------- */

const APPS = CHAT_APPS.names.filter((name) => name.length >= 5);
const withoutVowels = (word: string) => word.replace(/[aeiou]/gu, '');
const lettersOnce = (word: string) => word.replace(/(\p{L})\1+/gu, '$1');
const ENDINGS = ['', ...CHAT_APPS.huEndings.map((ending) => withoutVowels(ending.normalize('NFD').replace(/\p{M}/gu, '')))];
/** Each app's name without its vowels (four letters or more), with a Hungarian ending's consonants: the app. */
const VOWELLESS = new Map<string, string>();
for (const app of APPS) {
  const bare = withoutVowels(app);
  if (bare.length < 4) continue;
  for (const ending of ENDINGS) for (const form of [bare + ending, lettersOnce(bare) + ending]) VOWELLESS.set(form, app);
}
const vowellessRead = (reading: string) =>
  reading.replace(/(?<![\p{L}\p{N}])[b-df-hj-np-tv-z]{4,12}(?![\p{L}\p{N}])/gu, (word) => VOWELLESS.get(word) ?? word);

/** A ghost for Snapchat, a camera for Instagram: only after "on", "my", "at", "in" (en, ga "ar", fa "تو"/"در") or before a handle. */
const LOGOS: Record<string, string> = { '👻': 'snapchat', '📸': 'instagram', '📷': 'instagram' };
const LOGO =
  /(?<=(?:^|[^\p{L}])(?:on|my|at|in|ar|mo|az|تو|در)\s*)(👻|📸|📷)|(👻|📸|📷)(?=\s*[:=-]?\s*@?[\p{L}\p{N}._]*[\d_.@][\p{L}\p{N}._]*)/gu;
const logosRead = (reading: string) => reading.replace(LOGO, (logo) => ` ${LOGOS[logo]} `);

/** The reading with letters spelt as words and apps without vowels or as logos read, or itself. */
export const speltRead = (reading: string) =>
  logosRead(vowellessRead(letterNamesRead(asInRead(natoRead(reading.toLowerCase())))));

/* ---------- an app's name shifted ---------- */

const A = 97;
const atbash = (word: string) => word.replace(/[a-z]/gu, (char) => String.fromCharCode(A + 25 - (char.charCodeAt(0) - A)));
const ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
/** One key over on a QWERTY keyboard (`by` 1: the key to the right; letters at a row's end stay). */
const keyOver = (text: string, by: number) =>
  text.replace(/[a-z]/gu, (char) => {
    const row = ROWS.find((one) => one.includes(char))!;
    return row[row.indexOf(char) + by] ?? char;
  });
/** A word's Caesar class: the steps between its letters (every shift of it has the same). */
const steps = (word: string) =>
  [...word]
    .slice(1)
    .map((char, index) => (char.charCodeAt(0) - word.charCodeAt(index) + 26) % 26)
    .join(',');

const BY_STEPS = new Set(APPS.map(steps));
/** Each app's name mirrored and one key over either way (never an app's own name). */
const TURNED = new Set(
  APPS.flatMap((app) => [atbash(app), keyOver(app, 1), keyOver(app, -1)]).filter((form) => !APPS.includes(form)),
);

/** Whether a word of five letters or more (a Hungarian ending of up to three after it allowed) is a chat app's name shifted. */
function isShiftedApp(word: string): boolean {
  for (let cut = word.length; cut >= Math.max(5, word.length - 3); cut -= 1) {
    const stem = word.slice(0, cut);
    if (TURNED.has(stem) || (BY_STEPS.has(steps(stem)) && !APPS.includes(stem))) return true;
  }
  return false;
}

/**
 * Whether a word of the text is a chat app's name shifted (Caesar, Atbash, one key over: "ejtdpse",
 * "wrhxliw", "fodvptf"). No word of some 74,000 English, Hungarian, Irish and programming words is;
 * only a way to reach someone is hidden so, like an app spelt out between marks, and it is held.
 */
export const hidesAnApp = (text: string) =>
  [...text.toLowerCase().matchAll(/(?<![\p{L}\p{N}])[a-z]{5,12}(?![\p{L}\p{N}])/gu)].some(([word]) => isShiftedApp(word));
