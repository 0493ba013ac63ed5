/**
 * The property test's generator (issue 53 §3): known-bad texts and every transformation we know a
 * child uses to hide them from a list. Each transformation is deterministic for a given random
 * number, so fast-check can shrink and replay a failure. Shared by the vitest suite and the smoke
 * spec (tests/smoke/guard.spec.ts).
 */

export interface BadSeed {
  text: string;
  /** Which transformations make sense for it (all, if absent). */
  only?: readonly string[];
}

/** Known-bad texts, certain offences of every rule and the held classes, in the four languages. */
export const BAD_SEEDS: readonly BadSeed[] = [
  { text: 'email me at coolkid2013@gmail.com' },
  { text: 'my mail: kisbeka@freemail.hu' },
  { text: 'visit evilgames.com now' },
  { text: 'go to www.badsite.net' },
  { text: 'join discord.gg/abcdef' },
  { text: 'call me 06 30 123 4567' },
  { text: 'my number is 0912 345 6789' },
  { text: 'add me on discord: coolkid_12' },
  { text: 'add me on snapchat kid_2013' },
  { text: 'my instagram is @kid_2013' },
  { text: 'this game is shit' },
  { text: 'fuck this level' },
  { text: 'you are a bitch' },
  { text: 'kurva jó' },
  { text: 'baszdmeg ez nehéz' },
  { text: 'te geci' },
  { text: 'بازی کیر' },
  { text: 'جنده' },
  {
    text: 'how old are you',
    only: ['lookalike', 'zeroWidth', 'combining', 'fullwidth', 'entities', 'case', 'enclosed', 'innerPunctuation'],
  },
  {
    text: 'where do you live',
    only: ['lookalike', 'zeroWidth', 'combining', 'fullwidth', 'entities', 'case', 'enclosed', 'innerPunctuation'],
  },
  {
    text: 'i want to kill myself',
    only: ['lookalike', 'zeroWidth', 'combining', 'fullwidth', 'entities', 'case', 'enclosed', 'innerPunctuation'],
  },
  { text: 'hány éves vagy', only: ['zeroWidth', 'fullwidth', 'entities', 'case', 'innerPunctuation'] },
  { text: 'چند سالته', only: ['zeroWidth', 'persianVariants', 'entities'] },
  // The second fresh set, one seed a class (tests/guard/fresh-tricks.txt).
  { text: 'write me: bence.toth@yahoo.com' },
  { text: 'seoladh: aoife@gmail.com' },
  { text: 'emailem: kisrobi@citromail.hu' },
  { text: 'add me on instagram kid_2013' },
  { text: 'a kurva életbe' },
  { text: 'te fasz' },
  { text: 'كسكش' },
  ...[
    'what school do you go to',
    'are your parents home',
    'lets keep this between us',
    'no one would care if i was gone',
    'melyik suliba jársz',
    'ne mondd el anyukádnak',
    'megölöm magam',
    'cén aois thú',
    'coinnigh é seo faoi rún',
    'maróidh mé thú',
    'به مامانت نگو',
    'میخوام خودمو بکشم',
  ].map((text) => ({
    text,
    only: /[\u0600-\u06ff]/u.test(text)
      ? ['zeroWidth', 'persianVariants', 'entities', 'bidi']
      : ['lookalike', 'zeroWidth', 'combining', 'fullwidth', 'entities', 'case', 'enclosed', 'repeatedLetters', 'bidi'],
  })),
];

/** A small deterministic generator from one number (mulberry32). */
function randomFrom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!, chance: (p: number) => next() < p };
}
type Random = ReturnType<typeof randomFrom>;

const mapLetters = (text: string, random: Random, p: number, map: (char: string) => string | undefined) =>
  [...text].map((char) => (random.chance(p) ? (map(char) ?? char) : char)).join('');

const LOOKALIKES: Record<string, string[]> = {
  a: ['а', 'ɑ', 'α'],
  c: ['с', 'ϲ'],
  e: ['е', 'ε'],
  i: ['і', 'ı', 'ι'],
  o: ['о', 'ο', 'σ'],
  p: ['р', 'ρ'],
  s: ['ѕ'],
  x: ['х', 'χ'],
  y: ['у', 'γ'],
  k: ['κ', 'к'],
  h: ['һ'],
  d: ['ԁ'],
  m: ['м'],
  t: ['т'],
  b: ['Ь'],
  g: ['ɡ'],
  l: ['ӏ'],
  n: ['п'],
  u: ['υ'],
};

const letterOffset = (char: string) =>
  /[a-z]/.test(char) ? char.charCodeAt(0) - 97 : /[A-Z]/.test(char) ? char.charCodeAt(0) - 65 : -1;

const ENCLOSED_BASES = [0x24d0, 0x1f150, 0x1f170, 0x1f130, 0x1d41a, 0x1d5ee, 0x1d68a];

const NUMBER_WORDS: Record<string, readonly string[]> = {
  en: ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'],
  hu: ['nulla', 'egy', 'kettő', 'három', 'négy', 'öt', 'hat', 'hét', 'nyolc', 'kilenc'],
  ga: ['náid', 'a haon', 'a dó', 'a trí', 'a ceathair', 'a cúig', 'a sé', 'a seacht', 'a hocht', 'a naoi'],
  fa: ['صفر', 'یک', 'دو', 'سه', 'چهار', 'پنج', 'شش', 'هفت', 'هشت', 'نه'],
};

const UPSIDE: Record<string, string> = {
  a: 'ɐ',
  b: 'q',
  c: 'ɔ',
  d: 'p',
  e: 'ǝ',
  f: 'ɟ',
  g: 'ƃ',
  h: 'ɥ',
  i: 'ᴉ',
  j: 'ɾ',
  k: 'ʞ',
  l: 'ʃ',
  m: 'ɯ',
  n: 'u',
  o: 'o',
  p: 'd',
  q: 'b',
  r: 'ɹ',
  s: 's',
  t: 'ʇ',
  u: 'n',
  v: 'ʌ',
  w: 'ʍ',
  x: 'x',
  y: 'ʎ',
  z: 'z',
  '.': '˙',
  '1': 'Ɩ',
  '2': 'ᄅ',
  '3': 'Ɛ',
  '4': 'ㄣ',
  '5': 'ϛ',
  '6': '9',
  '7': 'ㄥ',
  '8': '8',
  '9': '6',
  '0': '0',
};

const APP_NAMES = ['discord', 'snapchat', 'instagram', 'whatsapp', 'telegram'];

/** Every transformation, by name. */
export const TRANSFORMS: Record<string, (text: string, random: Random) => string> = {
  /** Latin letters swapped for Cyrillic, Greek and IPA look-alikes. */
  lookalike: (text, random) =>
    mapLetters(text, random, 0.5, (char) => (LOOKALIKES[char] ? random.pick(LOOKALIKES[char]) : undefined)),
  /** Circled, negative circled, negative squared, squared and mathematical letters, one style for the text. */
  enclosed: (text, random) => {
    const base = random.pick(ENCLOSED_BASES);
    return [...text].map((char) => (letterOffset(char) >= 0 ? String.fromCodePoint(base + letterOffset(char)) : char)).join('');
  },
  fullwidth: (text) =>
    [...text].map((char) => (char > ' ' && char <= '~' ? String.fromCharCode(char.charCodeAt(0) + 0xfee0) : char)).join(''),
  /** Zero-width spaces, joiners, non-joiners and word joiners between letters. */
  zeroWidth: (text, random) =>
    mapLetters(text, random, 0.5, (char) => char + random.pick(['\u200b', '\u200c', '\u200d', '\u2060', '\u00ad', '\ufeff'])),
  /** Combining marks on the letters. */
  combining: (text, random) =>
    mapLetters(text, random, 0.5, (char) =>
      /\p{L}/u.test(char) ? char + random.pick(['\u0308', '\u0301', '\u0336', '\u0332', '\u0323']) : undefined,
    ),
  /** HTML entities (decimal, hexadecimal, named) and JavaScript or URL escapes for some characters. */
  entities: (text, random) =>
    mapLetters(text, random, 0.4, (char) => {
      const code = char.codePointAt(0)!;
      if (char === '@' && random.chance(0.5)) return '&commat;';
      if (char === '.' && random.chance(0.5)) return '&period;';
      return random.pick([
        `&#${code};`,
        `&#x${code.toString(16)};`,
        code < 0x10000 ? `\\u${code.toString(16).padStart(4, '0')}` : `&#${code};`,
        code < 0x80 ? `%${code.toString(16)}` : `&#${code};`,
      ]);
    }),
  case: (text, random) =>
    mapLetters(text, random, 0.5, (char) => (char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase())),
  /** Dots, dashes, stars or underscores inside the longest word. */
  innerPunctuation: (text, random) => {
    const words = text.split(' ');
    const longest = words.reduce((best, word, index) => (word.length > words[best]!.length ? index : best), 0);
    const separator = random.pick(['.', '-', '_', '·', '.']);
    words[longest] = [...words[longest]!].join(separator);
    return words.join(' ');
  },
  /** Spaces between every letter of one bad word ("s h i t") or a single split ("fu ck"). */
  spacing: (text, random) => {
    const words = text.split(' ');
    const longest = words.reduce((best, word, index) => (word.length > words[best]!.length ? index : best), 0);
    const letters = [...words[longest]!];
    if (random.chance(0.5) || letters.length < 4) words[longest] = letters.join(' ');
    else {
      const at = 2 + Math.floor(random.next() * Math.max(1, Math.min(2, letters.length - 3)));
      words[longest] = `${letters.slice(0, at).join('')} ${letters.slice(at).join('')}`;
    }
    return words.join(' ');
  },
  /** Digits written as words in English, Hungarian, Irish or Persian. */
  numbersInWords: (text, random) => {
    const words = NUMBER_WORDS[random.pick(Object.keys(NUMBER_WORDS))]!;
    return text.replace(/\d/g, (digit) => ` ${words[Number(digit)]} `).replace(/ {2,}/g, ' ');
  },
  /** Persian letters written with their Arabic or Urdu variants. */
  persianVariants: (text, random) =>
    mapLetters(
      text,
      random,
      0.7,
      (char) =>
        ({ ی: random.pick(['ي', 'ى', 'ے', 'ئ']), ک: random.pick(['ك', 'ڪ']), ه: random.pick(['ہ', 'ھ', 'ة']), ا: 'ٱ' })[char],
    ),
  /** Chat-app names misspelt within an edit distance of one (two for the long ones). */
  misspelling: (text, random) =>
    text.replace(new RegExp(APP_NAMES.join('|'), 'g'), (name) => {
      const at = 1 + Math.floor(random.next() * (name.length - 2));
      const letters = [...name];
      if (random.chance(0.5)) [letters[at], letters[at + 1]] = [letters[at + 1]!, letters[at]!];
      else letters[at] = random.pick([...'aeiouyk']);
      return letters.join('');
    }),
  /** "@" and "." written as words (English, Hungarian, Irish, Persian), with or without brackets. */
  addressInWords: (text, random) => {
    const [at, dot] = random.pick([
      ['at', 'dot'],
      ['(at)', '(dot)'],
      ['[at]', '[dot]'],
      ['kukac', 'pont'],
      ['ag', 'ponc'],
      ['ات', 'دات'],
    ] as const);
    return text.replace(/@/g, ` ${at} `).replace(/(?<=\p{L})\.(?=\p{L})/gu, ` ${dot} `);
  },
  /** One letter of the longest word said again and again ("fuuuuck", "shiiiit"). */
  repeatedLetters: (text, random) => {
    const words = text.split(' ');
    const longest = words.reduce((best, word, index) => (word.length > words[best]!.length ? index : best), 0);
    const letters = [...words[longest]!];
    const at = Math.floor(random.next() * letters.length);
    if (/\p{L}/u.test(letters[at] ?? '')) letters[at] = letters[at]!.repeat(2 + Math.floor(random.next() * 4));
    words[longest] = letters.join('');
    return words.join(' ');
  },
  /** A chat app's name with a Hungarian case ending ("discordon", "instára", "snapchatre"). */
  hungarianEnding: (text, random) =>
    text.replace(new RegExp(APP_NAMES.join('|'), 'g'), (name) => name + random.pick(['on', 'ra', 're', 'en', 'ról', 'ot', 'om'])),
  upsideDown: (text) =>
    /[a-z]/i.test(text)
      ? [...text.toLowerCase()]
          .reverse()
          .map((char) => UPSIDE[char] ?? char)
          .join('')
      : text,
  /** Right-to-left override and other bidi controls around the text. */
  bidi: (text, random) => random.pick(['\u202e', '\u2066', '\u200f', '\u061c']) + text + random.pick(['\u202c', '\u2069', '']),
};

const ENCODINGS = ['entities', 'bidi'];
const STRUCTURAL = [
  'innerPunctuation',
  'spacing',
  'numbersInWords',
  'misspelling',
  'addressInWords',
  'repeatedLetters',
  'hungarianEnding',
];

/** The seed's text through the named transformations (those that make sense for it), from one random number. */
export function transformed(seed: BadSeed, names: readonly string[], randomNumber: number): string {
  const random = randomFrom(randomNumber);
  let text = seed.text;
  // As a child would: an address's @ and dots in words first, then words (split, misspelt, numbers spelt out), then the letters dressed up,
  // encodings last (an entity split by a dash is no longer an entity, nor the character it stood for).
  const stage = (name: string) =>
    name === 'addressInWords' ? -1 : ENCODINGS.includes(name) ? 2 : STRUCTURAL.includes(name) ? 0 : 1;
  const ordered = [...names].sort((a, b) => stage(a) - stage(b));
  for (const name of ordered) {
    if (seed.only && !seed.only.includes(name)) continue;
    text = TRANSFORMS[name]!(text, random);
  }
  return text;
}
