/**
 * The note filter, like Scratch's: before a note is kept it may hold no links except to Scratch
 * projects and studios, no e-mail addresses, no phone numbers (seven or more digits, spaces,
 * dashes, dots or brackets between them allowed) and no word of the maintained list (the
 * `obscenity` package's English data set, which also sees through leetspeak and look-alike letters)
 * nor of the administrators' own words. Pure: the caller hands over the administrators' words.
 */
import { DataSet, RegExpMatcher, englishDataset, englishRecommendedTransformers, parseRawPattern } from 'obscenity';
import type { NoteFilterRule } from '#lib/feedback';

/**
 * The one kind of link a note may hold: a Scratch project or studio (with or without scheme or
 * `www.`, any case, a trailing slash, and one more path word such as `/editor` or `/comments`),
 * ending where the text or a word ends. Any query, fragment or other path is not part of it, so
 * the rest still counts as a link.
 */
const ALLOWED_LINK =
  /(?<![\w.@/-])(?:https?:\/\/)?(?:www\.)?scratch\.mit\.edu\/(?:projects|studios)\/\d{1,12}(?:\/(?:[a-z]{1,20}\/?)?)?(?=$|[\s)\]},!?;:'"]|\.(?![\w/]))/giu;

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/u;

/** Top-level domains that make `word.tld` a link. Short English words (it, is, in, to, me, so…) are left out, so "fun.It was great" passes. */
const TLDS = [
  'com',
  'net',
  'org',
  'edu',
  'gov',
  'io',
  'co',
  'uk',
  'us',
  'ca',
  'de',
  'fr',
  'nl',
  'eu',
  'ie',
  'hu',
  'ru',
  'cn',
  'jp',
  'br',
  'au',
  'info',
  'biz',
  'xyz',
  'app',
  'dev',
  'gg',
  'ly',
  'tv',
  'fm',
  'cc',
  'ws',
  'site',
  'online',
  'club',
  'top',
  'link',
  'live',
  'page',
  'fun',
  'games',
  'game',
  'chat',
  'tk',
  'ml',
  'ga',
  'cf',
  'gq',
  'pw',
  'sh',
  'gl',
  'be',
  'me',
  'to',
].join('|');

const LINKS = [
  // A scheme, or anything that starts like an address.
  /\b[a-z][a-z0-9+.-]*:\/\/\S/iu,
  /(?<![\p{L}\p{N}])www\.\S/iu,
  // A bare domain such as example.com, bit.ly/x or discord.gg.
  new RegExp(`(?<![\\p{L}\\p{N}-])[\\p{L}\\p{N}-]+(?:\\.[\\p{L}\\p{N}-]+)*\\.(?:${TLDS})(?![\\p{L}\\p{N}])`, 'iu'),
];

/** Seven or more digits, with at most two of space, dash, dot, bracket or plus between each two. */
const PHONE = /\p{Nd}(?:[\s().+-]{0,2}\p{Nd}){6,}/u;

const baseMatcher = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });
let extraMatcher: { words: readonly string[]; matcher: RegExpMatcher | null; plain: RegExp | null } = {
  words: [],
  matcher: null,
  plain: null,
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The administrators' words: each matches where a word starts ("poop" stops "poopy", not
 * "nincompoop"). ASCII ones also go through obscenity's transformers (leetspeak, l o o k-alikes);
 * every one is also matched as it is written, letters of any language.
 */
function matcherFor(words: readonly string[]) {
  if (extraMatcher.words === words) return extraMatcher;
  const ascii = words.filter((word) => /^[a-z ]+$/.test(word));
  const dataset = new DataSet<{ originalWord: string }>();
  for (const word of ascii) dataset.addPhrase((phrase) => phrase.addPattern(parseRawPattern(`|${word}`)));
  extraMatcher = {
    words,
    matcher: ascii.length ? new RegExpMatcher({ ...dataset.build(), ...englishRecommendedTransformers }) : null,
    plain: words.length ? new RegExp(`(?<!\\p{L})(?:${words.map(escape).join('|')})`, 'iu') : null,
  };
  return extraMatcher;
}

/** Which rule refuses the text, or null when it may be kept. Rules are checked in the order e-mail, link, phone, word. */
export function checkNote(text: string, adminWords: readonly string[] = []): NoteFilterRule | null {
  const normalized = text.normalize('NFKC');
  if (EMAIL.test(normalized)) return 'email';
  // Scratch links are fine, and their digits are no phone number: check what is left without them.
  const rest = normalized.replace(ALLOWED_LINK, ' ');
  if (LINKS.some((pattern) => pattern.test(rest))) return 'link';
  if (PHONE.test(rest)) return 'phone';
  if (baseMatcher.hasMatch(normalized)) return 'word';
  const extra = matcherFor(adminWords);
  if (extra.plain?.test(normalized.toLowerCase()) || extra.matcher?.hasMatch(normalized)) return 'word';
  return null;
}
