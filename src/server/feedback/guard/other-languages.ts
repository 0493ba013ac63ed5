/**
 * Contact and personal questions in the languages the other held classes do not read (ADR 046, the
 * eighteenth set): Spanish, Portuguese, German, French, Italian, Polish, Turkish, Hindi in Latin
 * letters and in Devanagari, Russian and Ukrainian, Arabic, Greek (the eighty-fifth set), Chinese, Japanese and Korean, each in its
 * own script; regional chat apps and their nicknames (Rubika, Eitaa, KakaoTalk, LINE, QQ, VK, "zap",
 * "tg", "dc"…) and emoji that stand for an app (👻 📸 🎵 ✈) or for "call/text me" (📞 📱 💬). Only
 * ever held, never refused: another language's words are easily misread.
 *
 * The data (./data/world-*.json) is read on a reading of its own, `nativeReading`: the first reading
 * folds Cyrillic into Latin look-alikes and strips the marks Devanagari and kana need, so here only
 * Latin and Arabic letters lose their marks, Cyrillic words keep their letters (Latin look-alikes in
 * them read as Cyrillic), and Arabic letters take their Persian forms. CJK and Hangul have no spaces
 * between words: their patterns have no word boundaries. A language's patterns run only when its
 * script is in the text. The other held classes in these languages (and Dutch, Indonesian and Russian
 * in Latin letters) are ./data/world-held.json's, read the same way (the twenty-ninth set).
 */
import CHAT_APPS from './data/chat-apps.json' with { type: 'json' };
import APPS from './data/world-apps.json' with { type: 'json' };
import CONTACT from './data/world-contact.json' with { type: 'json' };
import HELD from './data/world-held.json' with { type: 'json' };
import PERSONAL from './data/world-personal.json' with { type: 'json' };
import { decodeEscapes } from './normalise';
import { closedUp } from './second-readings';
import { AnchoredPatterns } from './anchored';

type Script = 'latin' | 'cyrillic' | 'arabic' | 'han' | 'hangul' | 'devanagari' | 'greek';
const SCRIPT_OF: Record<Script, RegExp> = {
  latin: /\p{Script=Latin}/u,
  cyrillic: /\p{Script=Cyrillic}/u,
  arabic: /\p{Script=Arabic}/u,
  han: /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u,
  hangul: /\p{Script=Hangul}/u,
  devanagari: /\p{Script=Devanagari}/u,
  greek: /\p{Script=Greek}/u,
};
const LANGUAGES: Record<string, Script> = {
  es: 'latin',
  pt: 'latin',
  de: 'latin',
  fr: 'latin',
  it: 'latin',
  pl: 'latin',
  tr: 'latin',
  nl: 'latin',
  id: 'latin',
  hi: 'latin',
  'ru-latn': 'latin',
  ru: 'cyrillic',
  uk: 'cyrillic',
  ar: 'arabic',
  zh: 'han',
  ja: 'han',
  ko: 'hangul',
  'hi-deva': 'devanagari',
  el: 'greek',
};

/* ---------- the native reading ---------- */

/** Latin letters that look like Cyrillic ones, read as those inside a Cyrillic word ("дoбавь" with a Latin o). */
const CYRILLIC_OF: Record<string, string> = {
  a: 'а',
  e: 'е',
  o: 'о',
  p: 'р',
  c: 'с',
  y: 'у',
  x: 'х',
  k: 'к',
  m: 'м',
  t: 'т',
  h: 'н',
  b: 'в',
  i: 'і',
};
const LATIN_OF: Record<string, string> = Object.fromEntries(
  Object.entries(CYRILLIC_OF).map(([latin, cyrillic]) => [cyrillic, latin]),
);
/** Cyrillic letters no Latin letter looks like: a word with one is Cyrillic. */
const ONLY_CYRILLIC = /[бгдёжзийлпфцчшщъыьэюяєїґ]/u;
const ARABIC_AS_PERSIAN: Record<string, string> = {
  ي: 'ی',
  ى: 'ی',
  ئ: 'ی',
  ك: 'ک',
  ة: 'ه',
  أ: 'ا',
  إ: 'ا',
  آ: 'ا',
  ٱ: 'ا',
  ؤ: 'و',
  ـ: '',
};
const PLAIN: Record<string, string> = { ı: 'i', ł: 'l', ø: 'o', đ: 'd', ß: 'ss', æ: 'ae', œ: 'oe', ё: 'е' };

/** The text as its own script reads it: lower case, NFKC, invisible characters out, Latin and Arabic marks out, look-alikes read in the word's script. */
export function nativeReading(text: string): string {
  const folded = decodeEscapes(text)
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\p{Cf}\uFE00-\uFE0F]/gu, '')
    .normalize('NFD')
    .replace(/(?<=[\p{Script=Latin}\p{Script=Arabic}][\p{M}]*)\p{M}/gu, '')
    .normalize('NFC')
    .replace(/[ıłøđßæœёيىئكةأإآٱؤـ]/gu, (char) => PLAIN[char] ?? ARABIC_AS_PERSIAN[char] ?? char)
    .replace(/[’‘`´ʼ′＇]/gu, "'");
  return folded
    .replace(/[\p{L}\p{N}]+/gu, (word) => {
      if (ONLY_CYRILLIC.test(word)) return word.replace(/[aeopcyxkmthbi]/gu, (char) => CYRILLIC_OF[char]!);
      if (/\p{Script=Latin}/u.test(word) && /\p{Script=Cyrillic}/u.test(word))
        return word.replace(/[аеорсухкмтнві]/gu, (char) => LATIN_OF[char]!);
      return word;
    })
    .replace(/\s+/gu, ' ');
}

/** Punctuation read as a space ("ajoute-moi", "t'as insta ?"), apostrophes and question marks kept. */
const punctuationAsSpace = (reading: string) =>
  reading
    .replace(/[^\p{L}\p{N}\p{M}\s'?@]+/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();

/* ---------- chat apps ---------- */

const alternation = (patterns: readonly string[]) => patterns.join('|');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A pattern with the word boundaries of its script (none in scripts without spaces). */
function bounded(pattern: string, script: Script): string {
  if (script === 'latin') return `(?<![\\p{L}\\p{N}])(?:${pattern})(?!\\p{L})`;
  if (script === 'han' || script === 'hangul') return `(?:${pattern})`;
  return `(?<![\\p{L}\\p{M}])(?:${pattern})(?![\\p{L}\\p{M}])`;
}
/** Latin names end where Latin letters end: "LINE交換", "QQ号" name the app. */
const latinNames = (names: readonly string[], suffix: string) =>
  `(?<![\\p{Script=Latin}\\p{N}])(?:${alternation(names)})${suffix}(?!\\p{Script=Latin})`;
const SCRIPT_NAMES = Object.entries(APPS.scripts).map(([script, names]) => bounded(alternation(names), script as Script));
const EMOJI = alternation(APPS.emoji.map(escapeRegExp));
/** Names no sentence uses otherwise (with another language's ending: "instagramdan", "discordzie"), other scripts' names and an app's emoji. */
const SURE = alternation([latinNames(APPS.distinct, '\\p{Script=Latin}{0,3}'), ...SCRIPT_NAMES, EMOJI]);
/** Those and the nicknames that are everyday words too ("line", "zap", "snap", "dc", "qq"). */
/** Nicknames of four letters or more take another language's short ending too ("instan var mı", "snapie"). */
const NICK_ENDING = "(?:'?(?:n|ni|im|in|m|dan|den|tan|ten|da|de|ta|te|e|a|u|ie|em))?";
const APP = alternation([
  SURE,
  latinNames(
    APPS.nicknames.filter((name) => name.length >= 4),
    NICK_ENDING,
  ),
  latinNames(
    APPS.nicknames.filter((name) => name.length < 4),
    '',
  ),
]);
const CALL = alternation(APPS.callEmoji.map(escapeRegExp));
const APP_MENTION = new RegExp(APP, 'gu');
const CALL_MENTION = new RegExp(CALL, 'u');
/** Not a game's place: "nos vemos en el siguiente nivel", "wir treffen uns im nächsten Level". */
const INGAME =
  '(?! (?:\\p{L}+ ){0,2}(?:level|nivel|niveau|livello|poziom|spiel|juego|jeu|gioco|jogo|fase|etapa|mundo|monde|mondo|welt|runde|boss|jefe|partida|partie|jam|game)\\p{L}{0,2}(?!\\p{L}))';
const withApps = (pattern: string) =>
  pattern.replaceAll('APP', APP).replaceAll('SURE', SURE).replaceAll('CALL', CALL).replaceAll('INGAME', INGAME);

/* ---------- the patterns, per language ---------- */

const compile = (patterns: readonly string[], script: Script) =>
  patterns.length ? new AnchoredPatterns(patterns.map((pattern) => bounded(withApps(pattern), script))) : null;
const listed = (data: Record<string, string | string[]>, language: string) => {
  const patterns = data[language];
  return Array.isArray(patterns) ? patterns : [];
};

const HELD_RULES = ['harm', 'personal', 'word'] as const;
type HeldRule = (typeof HELD_RULES)[number];
const RULES = Object.entries(LANGUAGES).map(([language, script]) => {
  const near = listed(CONTACT.near, language);
  return {
    script,
    /** The held classes in this language (./data/world-held.json): grooming, despair, goading, threats, bullying. */
    held: HELD_RULES.map((rule) => [rule, compile(listed(HELD[rule], language), script)] as const),
    personal: compile(listed(PERSONAL, language), script),
    alone: compile(listed(CONTACT.alone, language), script),
    /** Contact verbs that are whole patterns with an app in them ("tienes insta", "insta var mı"). */
    withApp: compile(
      near.filter((pattern) => /APP|SURE/.test(pattern)),
      script,
    ),
    /** Contact verbs that count within 40 characters of an app's name. */
    near: compile(
      near.filter((pattern) => !/APP|SURE/.test(pattern)),
      script,
    ),
  };
});
/** English frames around a nickname, a regional app or an emoji ("add me on line", "my 👻 is …", "📞 me"). */
const FRAMES = new AnchoredPatterns(CONTACT.en.map(withApps));
/** English contact verbs (./data/chat-apps.json) near a name no sentence uses otherwise ("do you have kakaotalk"). */
const ENGLISH_NEAR = new RegExp(bounded(alternation(CHAT_APPS.verbs.en.map(escapeRegExp)), 'latin'), 'u');
const SURE_ONLY = new RegExp(`^(?:${SURE})$`, 'u');

const WINDOW = 40;

/** Whether a reading asks to be reached on a chat app: an English frame, or a contact verb of a language in the text near an app's name. */
function asksOnApp(reading: string, rules: typeof RULES): boolean {
  const mentions = [...reading.matchAll(APP_MENTION)];
  if (!mentions.length && !CALL_MENTION.test(reading)) return false;
  if (FRAMES.test(reading)) return true;
  if (!mentions.length) return false;
  if (rules.some((rule) => rule.withApp?.test(reading))) return true;
  return mentions.some((mention) => {
    const around = reading.slice(Math.max(0, mention.index - WINDOW), mention.index + mention[0].length + WINDOW);
    if (rules.some((rule) => rule.near?.test(around))) return true;
    return SURE_ONLY.test(mention[0]) && ENGLISH_NEAR.test(around);
  });
}

/**
 * The rule another language's held text is held for, or null: a held class of ./data/world-held.json
 * first (`harm` for despair, goading and threats, `personal` for grooming and pictures, `word` for
 * bullying), then `personal` for a child's age, school, city or meeting, `contact` for a number, an id,
 * a private chat or a chat app asked for. `plainFirst` is the guard's first reading (accents out), read for the languages in
 * Latin letters too.
 */
export function otherLanguageRule(source: string, plainFirst: string): HeldRule | 'contact' | null {
  const native = nativeReading(source);
  const spaced = punctuationAsSpace(native);
  const readings = [...new Set([native, spaced, closedUp(spaced), plainFirst, punctuationAsSpace(plainFirst)])];
  for (const reading of readings) {
    const rules = RULES.filter((rule) => SCRIPT_OF[rule.script].test(reading));
    const held = rules.flatMap((rule) => rule.held).find(([, pattern]) => pattern?.test(reading));
    if (held) return held[0];
    if (rules.some((rule) => rule.personal?.test(reading))) return 'personal';
    if (rules.some((rule) => rule.alone?.test(reading))) return 'contact';
    if (asksOnApp(reading, rules)) return 'contact';
  }
  return null;
}
