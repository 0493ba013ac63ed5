/**
 * The note filter, like Scratch's: before a note is kept it may hold no links except to Scratch
 * pages, no e-mail addresses, no phone numbers, no chat-app contact and no word of the maintained
 * lists nor of the administrators' own words. Pure: the caller hands over the administrators' words.
 *
 * It judges `judgedText` (src/lib/note-text.ts): the one reading of the text that the renderers
 * also use, so invisible characters, look-alike letters and other scripts' digits hide nothing
 * (issue 41 §1). Links are made only to scratch.mit.edu at render time whatever passes here.
 */
import { AnchoredPatterns } from './guard/anchored';
import { DataSet, RegExpMatcher, englishDataset, englishRecommendedTransformers, parseRawPattern } from 'obscenity';
import type { NoteFilterRule } from '#lib/feedback';
import { SCRATCH_LINK } from '#lib/linkify';
import { judgedText, shownText, withoutAccents } from '#lib/note-text';
import { CURATED_WORDS } from './word-lists';
import { withoutOrdinaryNumbers } from './ordinary-numbers';

/**
 * Newer top-level domains scams use (the fourteenth set: "robuxgift.click", "scratch-mit.shop"). Most
 * are everyday words ("game.Today I won"), so an address with one is held, never refused: the guard's
 * second reading (`newerDomainsRead`) reads it as `.com`; only " . " spaced out is refused below.
 */
export const NEWER_TLDS =
  'shop|store|today|click|space|website|tech|buzz|icu|vip|cloud|digital|gift|gifts|codes|money|cash|bet|casino|su';
/** Top-level domains that make `word.tld` a link. Short English words (it, is, in, to, me, so…) are left out, so "fun.It was great" passes. */
const TLDS =
  'com|net|org|edu|gov|io|co|uk|us|ca|de|fr|nl|eu|ie|hu|ir|ru|cn|jp|br|au|info|biz|xyz|app|dev|gg|ly|tv|fm|cc|ws|site|online|club|top|link|live|page|fun|games|game|chat|tk|ml|ga|cf|gq|pw|sh|gl|be|me|to|icu|buzz|su|gd|gy|im';
/** The ones read as a domain even with spaces or a spelled-out dot around them ("evil . com", "evil dot com"). */
const SPACED_TLDS = 'com|net|org|hu|ir|ru|io|gg|xyz|ly';
/** Articles and determiners: the word before a spoken dot that is no site's name. */
const DETERMINER = String.raw`(?:the|a|an|every|each|this|that|one|no|any|some|red|blue|green|big|little|small)`;
const MAIL_HOSTS = 'gmail|googlemail|yahoo|hotmail|outlook|icloud|freemail|citromail|protonmail|proton|yandex|mail';

/** "at" and "dot", spelled out in English, Hungarian and Persian, alone or in brackets. */
const AT_SIGN = String.raw`(?:\s*@\s*|\s*[([{<]\s*(?:at|kukac|ات|@)\s*[)\]}>]\s*)`;
const AT_WORD = String.raw`\s+(?:at|kukac|ات)\s+`;
const DOT_SPELLED = String.raw`(?:\s*[([{<]\s*(?:dot|pont|دات|\.)\s*[)\]}>]\s*|\s+(?:dot|pont|دات)\s+|\s+\.\s*|\s*\.\s+)`;
const DOT = String.raw`(?:\s*\.\s*|${DOT_SPELLED})`;
// Each run of these characters is tried once, from its start: tried from every character of a
// 20,000-character run, a pattern that fails at the run's end costs seconds (quadratic).
const LOCAL = String.raw`(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+`;
const DOMAIN = String.raw`[\p{L}\p{N}-]+(?:${DOT}[\p{L}\p{N}-]+)*`;

const EMAILS = [
  /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/u,
  new RegExp(String.raw`${LOCAL}${AT_SIGN}${DOMAIN}${DOT}(?:${SPACED_TLDS})(?![\p{L}\p{N}])`, 'u'),
  // With "at" as a word, a plain dot is a web address ("play at coolgames.io" is a link): the dot must be spelled or spaced.
  new RegExp(String.raw`${LOCAL}${AT_WORD}${DOMAIN}${DOT_SPELLED}(?:${SPACED_TLDS})(?![\p{L}\p{N}])`, 'u'),
  new RegExp(
    String.raw`(?:${AT_SIGN}|${AT_WORD})(?:${MAIL_HOSTS})(?![\p{L}])|(?<!\p{L})(?:${MAIL_HOSTS})${DOT}(?:${SPACED_TLDS})(?!\p{L})`,
    'u',
  ),
];

const LINKS = [
  // A scheme, even glued to what comes before it ("²https://…").
  /:\s*\/\s*\/\s*\S/u,
  /https?\s*:/u,
  /(?<!\p{L})www\s*\.\s*\S/u,
  // A scheme spelt in words or defanged ("colon slash slash", "hxxp:", "kettőspont per per").
  /(?<!\p{L})(?:colon|kett[oő]spont)\s*(?:slash|per|\/)\s*(?:slash|per|\/)(?!\p{L})|(?<!\p{L})h[tx]{2}ps?\s*(?:colon|\[:\]|:)/u,
  // A link that runs a script (the seventeenth set): "javascript:alert(1)", "data:text/html,…" (not "javascript: loops", "javascript:)").
  /(?<![\p{L}\p{N}])(?:javascript|vbscript|livescript|jscript)\s*:\s*(?:\/\/|[a-z_$][\w$.]*\s*[(=`])|(?<![\p{L}\p{N}])data\s*:\s*[a-z]+\/[a-z0-9.+-]+\s*[;,]/u,
  // A bare domain such as example.com, bit.ly/x or discord.gg.
  // The top-level domain is the last label: "Best.Game.Ever!" is no domain (issue 53).
  // From the start of a dotted run only (not after "label."): from every label of "a.a.a.…" it is quadratic.
  new RegExp(
    String.raw`(?<![\p{L}\p{N}-]|[\p{L}\p{N}-]\.)[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.(?:${TLDS})(?![\p{L}\p{N}]|\.[\p{L}\p{N}])`,
    'u',
  ),
  // Not after an article or a determiner: "the dot com bubble", "every dot com" are no address.
  new RegExp(String.raw`(?<![\p{L}\p{N}-])(?!${DETERMINER}${DOT})[\p{L}\p{N}-]+${DOT}(?:${SPACED_TLDS})(?![\p{L}\p{N}])`, 'u'),
  // Scratch's name in a host with a path, whatever its top-level domain (the thirty-sixth set: "scratch.mit.eud/projects/1",
  // "scratch.mit.education/…"): Scratch's own links are out of the text before this is tried.
  /scratch[\p{L}\p{N}-]*(?:\.[\p{L}\p{N}-]+)+\/[\p{L}\p{N}]/u,
  // A network address with a port or a path ("84.2.13.57:8080/game"), or an IPv6 one with "::" ("2001:db8::7334").
  /(?<![\d.])(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)(?::\d{2,5}|\/)/u,
  // Three groups at least, one of three hex digits or more: "10::30" and "3::2" are times and scores.
  /(?<![\p{L}\p{N}:])(?=(?:[0-9a-f]{1,4}:+){2,}[0-9a-f])(?=[0-9a-f:]*[0-9a-f]{3})[0-9a-f]{1,4}(?::[0-9a-f]{1,4})*::[0-9a-f]{1,4}(?![\p{L}\p{N}])/iu,
  // A dot in brackets ("kidgames(.)store", "evil[.]shop") before any top-level domain; spaced, before a newer one.
  new RegExp(
    String.raw`(?<![\p{L}\p{N}-])[\p{L}\p{N}-]+(?:\s*[([{<]\s*(?:dot|pont|دات|\.)\s*[)\]}>]\s*(?:${TLDS})|\s+\.\s+(?:${NEWER_TLDS}))(?![\p{L}\p{N}])`,
    'u',
  ),
];

/**
 * Scratch's own address with nothing after it ("go to scratch.mit.edu and sign up"); not before a dot
 * and a letter, "@", ":", "%" or a backslash ("scratch.mit.edu.evil.com", "scratch.mit.edu:1@evil.com").
 */
const SCRATCH_HOME =
  /(?<![\p{L}\p{N}_.@/:-])(?:https?:\/\/)?(?:www\.)?scratch\.mit\.edu\/?(?![\p{L}\p{N}_@/:%\\-]|\.[\p{L}\p{N}])/gu;

/**
 * What is left of a reading without Scratch's links: only the ones written so (the thirty-sixth set),
 * not "scratсh.mit.edu/…" with a Cyrillic "с" that only the folded reading makes Scratch's.
 */
const withoutScratchLinks = (reading: string, shown: string) =>
  reading
    .replace(SCRATCH_LINK, (link) => (shown.includes(link.toLowerCase()) ? ' ' : link))
    .replace(SCRATCH_HOME, (link) => (shown.includes(link) ? ' ' : link));

/** A reading of `text` without the Scratch links written in it (as `listedRule` reads them). */
export const scratchLinksOut = (reading: string, text: string) =>
  reading.includes('scratch') ? withoutScratchLinks(reading, shownText(text).toLowerCase()) : reading;

/** Whether a reading has a Scratch link that the text as shown does not ("scratсh.mit.edu/projects/1", a Cyrillic "с"). */
export const lookalikeScratchLink = (reading: string, text: string) =>
  reading.includes('mit.edu') && withoutScratchLinks(reading, shownText(text).toLowerCase()).search(SCRATCH_LINK) >= 0;

/** Seven or more digits, with up to three characters of any kind but letters between each two. */
const PHONE = /\d(?:[^\p{L}\d]{0,3}\d){6,}/u;

const APPS =
  'discord|dc|snapchat|snap|sc|instagram|insta|ig|whatsapp|whats app|wa|telegram|tg|tiktok|tik tok|kik|skype|signal|wechat|viber|messenger|facebook|fb|roblox';
/** The names that are no ordinary word or version number ("sc 3.0"), for a handle after a space. */
const LONG_APPS = APPS.split('|')
  .filter((name) => name.length > 3)
  .join('|');
/** The short names, and YouTube's and TikTok's, which children write before a handle. */
const SHORT_APPS = [...APPS.split('|').filter((name) => name.length <= 3), 'yt', 'tt'].join('|');
/** Not a score given to an app or a game ("roblox: 10/10 this is way better"), which is no handle. */
const NO_SCORE = String.raw`(?!\d{1,3}\s*\/\s*\d{1,3}(?![\d/]))`;
const FA_APPS = 'دیسکورد|دیسکرد|اینستاگرام|اینستا|تلگرام|واتساپ|واتس اپ|اسنپ ?چت|تیک ?تاک|روبیکا|ایتا|روبلاکس';
const CONTACTS = [
  new RegExp(
    String.raw`(?<!\p{L})(?:add|message|msg|dm|text|txt|call|find|follow|friend|contact|chat with|talk to|hmu|hit|join)\s+(?:me|us)\s+(?:on|at|in|via|@)?\s*(?:${APPS})(?!\p{L})`,
    'u',
  ),
  // Not an abbreviation spelled out: "my fb = final boss" (two words and no more).
  new RegExp(
    String.raw`(?<!\p{L})(?:my|our)\s+(?:${APPS})\s*(?:is|:|=(?!\s*\p{L}+ \p{L}+\s*(?:$|[,.!?]))|-|id|name|username|user|handle|tag|account)(?!\p{L})`,
    'u',
  ),
  new RegExp(
    String.raw`(?<!\p{L})(?:${LONG_APPS})\s*(?:[:=@#]|-\s|\s(?:id|name|username|user|handle|tag)\b)\s*@?${NO_SCORE}[\p{L}\p{N}._#-]{2,}`,
    'u',
  ),
  // Short names ("ig:", "tt:", "yt:") before a name with a letter; not "dc = double coins" or "tt: 2:30".
  new RegExp(
    String.raw`(?<!\p{L})(?:${SHORT_APPS})\s*(?:[:@#]|\s(?:id|name|username|user|handle|tag)\b)\s*@?(?=[\p{N}._#-]*\p{L})[\p{L}\p{N}._#-]{2,}`,
    'u',
  ),
  new RegExp(String.raw`(?<!\p{L})(?:${LONG_APPS})\s+@?${NO_SCORE}[a-z0-9._]*[0-9_.][a-z0-9._]*[a-z0-9_]`, 'u'),
  // A Discord tag (name#1234).
  /(?<![\p{L}\p{N}._])[\p{L}\p{N}._]{2,}#\d{4}(?!\d)/u,
  // Hungarian: "írj rám discordon", "adj hozzá snapen", "kövess instán".
  new RegExp(
    String.raw`(?<!\p{L})(?:irj|irjatok|adj hozza|adjatok hozza|kovess|kovessetek|keress|keressetek)\b[^.!?\n]{0,20}(?:${APPS})`,
    'u',
  ),
  // Persian: an app with "my" (…م), an id, "add", "message me" or a Latin handle.
  new RegExp(String.raw`(?:${FA_APPS})(?:م|ام)(?!\p{L})`, 'u'),
  new RegExp(String.raw`(?:ایدی|ادد|اد کن|پیام بده|پیام بدید|بیا|پیجم|اکانت|فالو)[^.!?\n]{0,20}(?:${FA_APPS})`, 'u'),
  new RegExp(
    String.raw`(?:${FA_APPS})[^.!?\n]{0,20}(?:ایدی|ادد|اد کن|پیام بده|پیام بدید|بیا|پیجم|اکانت|فالو|@?[a-z0-9_.]{3,})`,
    'u',
  ),
];

/** Runs of single letters (or leetspeak digits) with spaces, dots or dashes between them: "s h i t", "k.u.r.v.a". */
const SPACED_OUT =
  /(?<![\p{L}\p{N}])[\p{L}\p{N}@$!](?![\p{L}\p{N}])(?:[^\p{L}\p{N}@$!\n]{1,3}[\p{L}\p{N}@$!](?![\p{L}\p{N}])){2,}/gu;
const closeUp = (text: string) => text.replace(SPACED_OUT, (run) => run.replace(/[^\p{L}\p{N}@$!]/gu, ''));
/** The same, keeping the dots and colons that make an address: "e v i l . c o m" reads "evil.com". */
const closeUpAddress = (text: string) => text.replace(SPACED_OUT, (run) => run.replace(/[^\p{L}\p{N}@$!.:/]/gu, ''));

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Hungarian endings (case, plural, possessive, adverb, comparative; accents out) a `stem+` entry may take. */
const HU_ENDINGS = CURATED_WORDS.huEndings.join('|');

/**
 * A curated entry as a pattern: `word*` where a word starts, `word` as a whole word, `stem+` the
 * whole word with any Hungarian ending ("szarul", "szarrá", not "szarvas"); a space also matches none.
 */
function entryPattern(entry: string): string {
  const prefix = entry.endsWith('*');
  const inflected = entry.endsWith('+');
  const word = escape(prefix || inflected ? entry.slice(0, -1) : entry).replace(/ /g, '\\s*');
  if (inflected) return `(?<!\\p{L})${word}(?:${HU_ENDINGS})?(?!\\p{L})`;
  return `(?<!\\p{L})${word}${prefix ? '' : '(?!\\p{L})'}`;
}

/** Obscenity's English data set and the curated Hungarian words (ASCII, so leetspeak applies to them too). */
function baseDataset() {
  const dataset = new DataSet<{ originalWord: string }>().addAll(englishDataset);
  for (const entry of [...CURATED_WORDS.en, ...CURATED_WORDS.hu]) {
    // A `stem+` entry's endings are the curated pattern's (below); obscenity gets the bare stem, whole.
    const prefix = entry.endsWith('*');
    const word = prefix || entry.endsWith('+') ? entry.slice(0, -1) : entry;
    dataset.addPhrase((phrase) => phrase.addPattern(parseRawPattern(`|${word}${prefix ? '' : '|'}`)));
  }
  return dataset;
}
const baseMatcher = new RegExpMatcher({ ...baseDataset().build(), ...englishRecommendedTransformers });
const CURATED = new AnchoredPatterns([...CURATED_WORDS.en, ...CURATED_WORDS.hu, ...CURATED_WORDS.fa].map(entryPattern));
const CURATED_HUNGARIAN = new AnchoredPatterns(CURATED_WORDS.hu.map(entryPattern));

/** Whether one of the curated Hungarian words is in a text: only they take Hungarian endings. */
export const hasHungarianWord = (text: string) => CURATED_HUNGARIAN.test(withoutAccents(judgedText(text)));

let extraMatcher: { words: readonly string[]; matcher: RegExpMatcher | null; plain: RegExp | null } = {
  words: [],
  matcher: null,
  plain: null,
};

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

function hasWord(text: string, adminWords: readonly string[]): boolean {
  const judged = judgedText(text);
  const readings = [...new Set([judged, closeUp(judged)])];
  const plain = [...new Set([shownText(text).toLowerCase(), ...readings, ...readings.map(withoutAccents)])];
  if (readings.some((reading) => baseMatcher.hasMatch(reading))) return true;
  if (plain.some((reading) => CURATED.test(withoutAccents(reading)))) return true;
  const extra = matcherFor(adminWords);
  return plain.some((reading) => extra.plain?.test(reading)) || readings.some((reading) => extra.matcher?.hasMatch(reading));
}

/**
 * Which rule refuses the text, or null when it may be kept. Rules are checked in the order e-mail,
 * link, phone, contact, word; `skip` leaves some out (a jam's body keeps its own URL rules).
 */
export function listedRule(
  text: string,
  adminWords: readonly string[] = [],
  skip: readonly NoteFilterRule[] = [],
): NoteFilterRule | null {
  const judged = judgedText(text);
  // As written, and with spaced-out letters closed up ("k i d @ e x . c o m").
  const readings = [...new Set([judged, closeUpAddress(judged)])];
  const checks = (rule: NoteFilterRule) => !skip.includes(rule);
  if (checks('email') && readings.some((reading) => EMAILS.some((pattern) => pattern.test(reading)))) return 'email';
  // Scratch links are fine, and their digits are no phone number: check what is left without them.
  const rests = readings.map((reading) => scratchLinksOut(reading, text));
  if (checks('link') && rests.some((rest) => LINKS.some((pattern) => pattern.test(rest)))) return 'link';
  if (checks('phone') && PHONE.test(withoutOrdinaryNumbers(rests[0]!))) return 'phone';
  if (checks('contact') && rests.some((rest) => CONTACTS.some((pattern) => pattern.test(withoutAccents(rest))))) return 'contact';
  if (checks('word') && hasWord(text, adminWords)) return 'word';
  return null;
}
