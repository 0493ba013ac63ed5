/**
 * The guard (issue 53, ADR 046): one judge for every text one person writes that others read. It
 * scores a text and answers one of three outcomes:
 *
 * - `refuse`: a certain offence, found on the text's first reading (an e-mail address, a link off
 *   Scratch, a phone number, a chat-app handle, a listed word) or in what a code spells (base64,
 *   binary or hexadecimal bytes, Morse: ./coded.ts) — refused with a kind message, nothing stored;
 * - `hold`: an uncertain one, for a moderator to read first — what only a second reading finds
 *   (numbers in words, upside-down text, words split by spaces or punctuation, misspelt chat apps,
 *   ROT13, Roman numerals, a phone number's groups scattered over a note that asks to be called),
 *   personal information, grooming and hurting oneself or others (in English, Hungarian, Irish and
 *   Persian; contact and personal questions in other languages and scripts, regional apps and emoji
 *   for apps: ./other-languages.ts), and a new account's links and long digit runs;
 * - `publish`.
 *
 * It judges readings (./normalise.ts), never changes the text: what is stored is what was typed
 * (minus bidirectional controls, which the schemas take out of every text). Pure: the caller hands
 * over the administrators' words and whether the writer's account is new.
 */
import type { NoteFilterRule } from '#lib/feedback';
import { withoutAccents } from '#lib/note-text';
import { listedRule, lookalikeScratchLink, scratchLinksOut } from '../filter';
import { allowedWordsOut } from './allowed-words';
import { decodeEscapes, firstReading } from './normalise';
import { codedReadings, decodedTexts } from './coded';
import { heldClassRule, kidSpelling, lettersOnce } from './held-classes';
import { scatteredPhone } from './scattered-numbers';
import { hiddenReadings, spellsAnAcrostic } from './hidden-readings';
import { hidesAnApp } from './spelt-letters';
import { otherLanguageRule } from './other-languages';
import { asksContactElsewhere, chatAppOf, chatAppsRead, joinedApps, spellsOutAnApp } from './chat-apps';
import {
  closedUp,
  closedUpAddress,
  closedUpAll,
  joinedFragments,
  numbersAsDigits,
  spelledAddress,
  splitWordEndsPair,
  withoutHushes,
  newerDomainsRead,
  turnedBack,
  withoutInnerPunctuation,
} from './second-readings';

/** Why the guard held or refused a text: the filter's rules, and the classes that are only ever held. */
export const HOLD_ONLY_RULES = ['personal', 'harm'] as const;
export type GuardRule = NoteFilterRule | (typeof HOLD_ONLY_RULES)[number];

export type GuardVerdict = { outcome: 'publish'; rule: null } | { outcome: 'hold' | 'refuse'; rule: GuardRule };

export interface GuardContext {
  /** The administrators' own words (`blocked_words`). */
  words?: readonly string[];
  /** The writer's account is new (NEW_ACCOUNT_MS): links and long digit runs are held rather than refused. */
  newAccount?: boolean;
  /** `markdown`: a jam's body, whose addresses are the renderer's business. */
  kind?: 'plain' | 'markdown';
}

/** How long an account counts as new. */
export const NEW_ACCOUNT_MS = 7 * 24 * 60 * 60_000;
/** Whether an account made then is new now (unknown: not new). */
export const isNewAccount = (createdAt: Date | null | undefined, now = Date.now()) =>
  createdAt != null && now - new Date(createdAt).getTime() < NEW_ACCOUNT_MS;

const PUBLISH: GuardVerdict = { outcome: 'publish', rule: null };

/* ---------- the data files as patterns ---------- */

/* ---------- judging ---------- */

/** Web and mail addresses in markdown (a link's target, a bare address, an inline picture). */
const ADDRESSES = /(?:[a-z][a-z0-9+.-]*:\/\/|mailto:|data:|www\.)[^\s)\]>"']*/giu;
const WORD_ONLY: readonly NoteFilterRule[] = ['link', 'email', 'phone', 'contact'];
const ALL_BUT_WORD = (skip: readonly NoteFilterRule[]): NoteFilterRule[] => [...new Set<NoteFilterRule>([...skip, 'word'])];

/** The filter on one reading: addresses, numbers and contact as read, words without the allowed ones. */
function filterRule(
  reading: string,
  words: readonly string[],
  skip: readonly NoteFilterRule[],
  withoutAllowedWords: (reading: string) => string,
): NoteFilterRule | null {
  return (
    listedRule(reading, words, ALL_BUT_WORD(skip)) ??
    (skip.includes('word') ? null : listedRule(withoutAllowedWords(reading), words, WORD_ONLY))
  );
}

/** Punctuation read as a space, spaces collapsed: "h-o-w- old" → "h o w old" is closed up by the other readings, "how- old" reads "how old". */
const punctuationAsSpace = (reading: string) =>
  withoutInnerPunctuation(reading)
    .replace(/[^\p{L}\p{N}\s'?]+/gu, ' ')
    .replace(/\s+/gu, ' ');

const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b' };
/** Digits inside a word that has letters read as the letters they stand for ("gma1l" → "gmail", "c0m" → "com"). */
const lettersForDigits = (reading: string) =>
  reading.replace(/[\p{L}\d]*\p{L}[\p{L}\d]*/gu, (word) => word.replace(/[0134578]/g, (digit) => LEET[digit]!));

/** Letters spaced out with a wider space between the words ("s e n d  m e  a  p i c"): the words as written. */
const wordsSpacedOut = (reading: string) =>
  /(?:\p{L} ){3}\p{L}/u.test(reading) && /\p{L} {2,}\p{L}/u.test(reading)
    ? reading.replace(/(?<=\p{L}) (?=\p{L})/gu, '').replace(/ {2,}/gu, ' ')
    : reading;

/** Each word that names a chat app once its digits are read as letters ("1nstagram", "wh4ts4pp") read as the app; the rest as written. */
const appsWithDigitsRead = (reading: string) =>
  reading.replace(/[\p{L}\d]*\p{L}[\p{L}\d]*/gu, (word) =>
    /\d/.test(word) ? (chatAppOf(lettersForDigits(word)) ?? word) : word,
  );

/** "@" and a mail provider, once every separator is gone ("k.i.d.@.g.m.a.i.l"). */
const MAIL_HOST_AFTER_AT = /@(?:gmail|googlemail|yahoo|hotmail|outlook|icloud|freemail|citromail|protonmail|proton|yandex)/u;

/** Invitation and short-link hosts, once every separator is gone ("d.i.s.c.o.r.d...g.g"). */
const INVITE_HOSTS =
  /(?:discordgg|discordappcom|discordcom|wame|tme|bitly|chatwhatsappcom|tinyurl|(?<![\p{L}\p{N}])www(?!w)\p{L}{4,})/u;

/** Eight digits or more in a row (spaces, dots and dashes between them allowed): a new account's are held. */
const LONG_DIGIT_RUN = /\d(?:[\s.-]?\d){7,}/u;
/** Any address that is not Scratch's, for a new account's hold. */
const ANY_ADDRESS = /(?:[a-z][a-z0-9+.-]*:\/\/|www\.|mailto:)\S+/iu;

/**
 * "So.Much.Fun." and "Best.Game.Ever!" are sentences, not addresses: a dot between two capitalised
 * words, the second an ordinary word that is also a top-level domain, reads as a full stop.
 */
const TITLE_CASE_DOT =
  /(?<=\p{Lu}\p{Ll}*)\.(?=(?:Fun|Game|Games|Live|Page|Site|Online|Club|Top|Link|Chat|App|Dev|Me|To|Be|Is|It|So|In|Us|Win|Art|Cool|Best|Run|Play|World)(?!\p{L}))/gu;
/** Everyday words a sentence written with dots for spaces is made of ("so.much.fun", "best.game.ever"). */
const EVERYDAY =
  'so|much|fun|best|game|games|ever|very|good|great|cool|nice|the|this|is|was|it|i|love|wow|such|super|really|too|just|most|epic|level|play|win|me|you|my|omg|lol|gg|yes|no|awesome|amazing|hard|easy|well|done|job|again|more|please|thanks|thank|so';
/** Three everyday words or more joined by single dots, and nothing else around them, read as a sentence. */
const EVERYDAY_DOTS = new RegExp(
  `(?<![\\p{L}\\p{N}./@])(?:${EVERYDAY})(?:\\.(?:${EVERYDAY})){2,}(?![\\p{L}\\p{N}/@]|\\.[\\p{L}\\p{N}])`,
  'giu',
);
/** A capitalised newer top-level domain after a dot, then a space and a lower-case word or "I", starts a sentence ("fun.Store more coins", "Game.Today I won"). */
const SENTENCE_DOT =
  /(?<=\p{Ll})\.(?=(?:Store|Shop|Today|Click|Space|Gift|Gifts|Money|Cash|Bet|Cloud|Digital|Tech|Codes)\s+(?:\p{Ll}|I(?!\p{L})))/gu;
const titleCaseDots = (text: string) =>
  text
    .replace(TITLE_CASE_DOT, '. ')
    .replace(SENTENCE_DOT, '. ')
    .replace(EVERYDAY_DOTS, (run) => run.replaceAll('.', '. '));

/** Texts up to this long (notes, names, answers) get the readings that cost most on a long jam body. */
const SHORT_TEXT = 2_000;

/** The guard's verdict on one text. */
export function judgeText(text: string, context: GuardContext = {}): GuardVerdict {
  const { words = [], newAccount = false, kind = 'plain' } = context;
  const source = titleCaseDots(kind === 'markdown' ? text.replace(ADDRESSES, ' ') : text);
  const skip: readonly NoteFilterRule[] = kind === 'markdown' ? ['link', 'email'] : [];
  // Accents out too: a mark on a Latin letter composes with it (ó), so it is no stray mark, yet hides a word as well.
  const first = withoutAccents(firstReading(source));
  const withoutAllowedWords = allowedWordsOut(source);

  // Certain offences: refused (a new account's links and numbers held instead).
  const certain = filterRule(first, words, skip, withoutAllowedWords);
  if (certain) {
    const held = newAccount && (certain === 'link' || certain === 'phone');
    return { outcome: held ? 'hold' : 'refuse', rule: certain };
  }

  // Contact details in a code (base64, binary, hexadecimal, Morse), decoded: as certain as written plain.
  const decoded = decodedTexts(source).map((text) => withoutAccents(firstReading(text)));
  for (const text of decoded) {
    const rule = listedRule(text, [], ['word', ...skip]);
    if (rule) return { outcome: newAccount && (rule === 'link' || rule === 'phone') ? 'hold' : 'refuse', rule };
  }

  if (kind === 'plain' && lookalikeScratchLink(first, source)) return { outcome: 'hold', rule: 'link' };
  const plainFirst = withoutAccents(first);
  // Second readings, of the text and of it turned back when it is upside down (Scratch's own links
  // out first: closed up, their digits would read as a number).
  const turned = turnedBack(decodeEscapes(source));
  const bases = [first, ...(turned ? [firstReading(turned)] : [])];
  const rest = scratchLinksOut(first, source);
  // What a code spells, ROT13 turned back and Roman numerals read as digits are readings too.
  const seconds: string[] = [...(turned ? [bases[1]!] : []), ...decoded, ...codedReadings(source).map(firstReading)];
  /** Readings for words only: numbers and dates they would make are no phone number. */
  const wordReadings: string[] = [];
  for (const base of bases) {
    const baseRest = scratchLinksOut(base, base === first ? source : base);
    const plainRest = withoutAccents(baseRest);
    const closed = closedUp(baseRest);
    if (spellsOutAnApp(plainRest, withoutAccents(closed)) || hidesAnApp(plainRest)) return { outcome: 'hold', rule: 'contact' };
    seconds.push(numbersAsDigits(plainRest), withoutInnerPunctuation(baseRest), closed, closedUpAddress(baseRest));
    // The A1Z26 cipher, pig Latin and the madárnyelv read back: held at most.
    seconds.push(...hiddenReadings(plainRest));
    const apps = chatAppsRead(plainRest);
    if (apps) seconds.push(apps);
    const joined = joinedApps(plainRest);
    if (joined) seconds.push(joined, chatAppsRead(joined) ?? joined);
    const spelled = spelledAddress(baseRest);
    if (spelled && kind === 'plain') seconds.push(spelled);
    const newer = newerDomainsRead(spelled ?? baseRest);
    if (newer && kind === 'plain' && listedRule(newer, [], ['phone', 'contact', 'word']) === 'link')
      return { outcome: 'hold', rule: 'link' };
    wordReadings.push(punctuationAsSpace(baseRest));
    // A word-final ye (Urdu ے read as ی) for the final he it stands in for ("جندے").
    if (/ی(?!\p{L})/u.test(baseRest)) wordReadings.push(punctuationAsSpace(baseRest.replace(/ی(?!\p{L})/gu, 'ه')));
    // A star for a letter ("f*szság"): each vowel in its place.
    if (/\p{L}\*+\p{L}/u.test(baseRest))
      for (const vowel of 'aeiou') wordReadings.push(baseRest.replace(/(?<=\p{L})\*+(?=\p{L})/gu, vowel));
    // Digits for letters in an address ("k1d@gma1l.c0m"): addresses only.
    const unleet = lettersForDigits(baseRest);
    if (unleet !== baseRest && kind === 'plain') {
      const rule = listedRule(unleet, [], ['phone', 'contact', 'word']);
      if (rule) return { outcome: 'hold', rule };
    }
    // A letter said again and again in an address ("evilgames.cooom"): addresses only.
    const once = lettersOnce(baseRest);
    if (once !== baseRest && kind === 'plain') {
      const rule = listedRule(once, [], ['phone', 'contact', 'word']);
      if (rule) return { outcome: 'hold', rule };
    }
    const all = closedUpAll(baseRest);
    if (kind === 'plain' && MAIL_HOST_AFTER_AT.test(all)) return { outcome: 'hold', rule: 'email' };
    if (kind === 'plain' && INVITE_HOSTS.test(all)) return { outcome: 'hold', rule: 'link' };
  }

  // What a moderator reads first: personal information, grooming, harm, unkind words at a person (on
  // every reading; in short texts also with digits read as letters: "ur s0 h0t", "p4ssword").
  const unleetFirst = plainFirst.length <= SHORT_TEXT ? lettersForDigits(wordsSpacedOut(plainFirst)) : plainFirst;
  const spelt = plainFirst.length <= SHORT_TEXT ? kidSpelling(punctuationAsSpace(unleetFirst)) : plainFirst;
  // A star for a letter ("s*icide", "k*ll myself"): each vowel in its place.
  const starred = /\p{L}\*+\p{L}/u.test(plainFirst)
    ? [...'aeiou'].map((vowel) => plainFirst.replace(/(?<=\p{L})\*+(?=\p{L})/gu, vowel))
    : [];
  const heldReadings = [
    plainFirst,
    ...(unleetFirst === plainFirst ? [] : [unleetFirst]),
    ...starred,
    ...seconds.map(withoutAccents),
  ];
  // Each distinct reading once: most of them are the same text for an ordinary note (558 patterns each).
  const held = heldClassRule([...new Set([...heldReadings.flatMap((one) => [one, punctuationAsSpace(one)]), spelt])], SHORT_TEXT);
  if (held) return { outcome: 'hold', rule: held };
  // Contact and personal questions in other languages and scripts, regional apps and emoji for apps (held only).
  const world = otherLanguageRule(source, plainFirst);
  if (world) return { outcome: 'hold', rule: world };

  // What only a second reading finds is held.
  for (const reading of new Set(seconds)) {
    if (reading === rest || reading === first) continue;
    const rule = filterRule(reading, words, skip, withoutAllowedWords);
    if (rule) return { outcome: 'hold', rule };
    if (asksContactElsewhere(withoutAccents(reading))) return { outcome: 'hold', rule: 'contact' };
  }
  if (!skip.includes('word')) {
    for (const reading of wordReadings) {
      const plain = withoutAllowedWords(reading);
      if (listedRule(plain, words, WORD_ONLY)) return { outcome: 'hold', rule: 'word' };
      // A letter said again and again ("fuuuck", "کسسکش"), once the ordinary words with double letters are out.
      const once = plain.length <= SHORT_TEXT ? lettersOnce(plain) : plain;
      if (once !== plain && listedRule(once, words, WORD_ONLY)) return { outcome: 'hold', rule: 'word' };
    }
  }
  // Reversed text ("moc.liamg@dik"): only addresses.
  const reversed = [...rest].reverse().join('');
  const backwards = listedRule(reversed, [], ['phone', 'contact', 'word', ...skip]);
  if (backwards) return { outcome: 'hold', rule: backwards };
  if (!skip.includes('word')) {
    for (const base of bases) {
      const plainBase = withoutHushes(withoutAllowedWords(base));
      // The pairs as written and, in short texts, with a letter said again and again read once ("جننننن ده").
      const once = plainBase.length <= SHORT_TEXT ? lettersOnce(plainBase) : plainBase;
      const pairs = [plainBase, ...(once === plainBase ? [] : [once])].flatMap(joinedFragments);
      // One pass over every pair first: most texts have no listed word in any (a 20,000-character body has thousands of pairs).
      if (!listedRule(pairs.map((pair) => pair.joined).join(' '), words, WORD_ONLY)) continue;
      const listed = (text: string) => listedRule(text, words, WORD_ONLY) !== null;
      for (const { joined: pair, split } of pairs) {
        if (listed(pair) && !listed(pair.slice(1)) && splitWordEndsPair(pair, split, listed))
          return { outcome: 'hold', rule: 'word' };
      }
    }
  }
  if (asksContactElsewhere(plainFirst)) return { outcome: 'hold', rule: 'contact' };
  // Written backwards ("em dda drocsid"), or a chat app with digits for letters ("wh4ts4pp me").
  if (asksContactElsewhere(withoutAccents(reversed)) || asksContactElsewhere(appsWithDigitsRead(plainFirst)))
    return { outcome: 'hold', rule: 'contact' };
  // An acrostic: the first letters of a row of capitalised words spell a chat app ("Dude I Speak Calmly On Real Days").
  if (kind === 'plain' && spellsAnAcrostic(source)) return { outcome: 'hold', rule: 'contact' };

  // A phone number's groups scattered over a note that asks to be called ("level 1 has 06 lives, level 2 has 30 coins…").
  if (scatteredPhone(rest)) return { outcome: 'hold', rule: 'phone' };
  // A new account's long numbers and addresses off Scratch (Scratch's own links and their ids are fine).
  if (newAccount && LONG_DIGIT_RUN.test(rest)) return { outcome: 'hold', rule: 'phone' };
  if (newAccount && kind === 'plain' && ANY_ADDRESS.test(rest)) return { outcome: 'hold', rule: 'link' };
  return PUBLISH;
}
