/**
 * Chat apps as children name them (ADR 046), for the contact rule's second reading: within a small
 * edit distance, with Hungarian case endings, with a letter said again and again, split by a space,
 * or in Persian; and a chat app named with a way to reach someone there.
 */
import { withoutAccents } from '#lib/note-text';
import CHAT_APPS from './data/chat-apps.json' with { type: 'json' };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

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

const SMALL_WORD = /^(?:it|is|in|on|at|to|an?|the|of|me|us|up|and|or|so)$/u;

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
    // Misspelt and split at once needs more than a little word after it: "read it" is no "reddit".
    if (app !== left + right && SMALL_WORD.test(right)) continue;
    words.splice(index, 3, app);
    changed = true;
  }
  return changed ? words.join('') : null;
}

/** An app's name in its everyday sense in a game or the editor ("snap to grid", "snap mode", "the signal block"), or a game made there talked about ("your roblox game called"). */
const GAME_SENSE =
  /^ (?:to (?:the )?grid|mode|tool|setting|option|sound|effect|level|block|sprite|button|pad|feature|(?:game|games|obby|obbies|tycoon) (?:called|is called|named|name|about|idea|ideas|inspired|like this))(?!\p{L})/u;

/** Where a reading names a chat app (in any of the site's languages and Persian; a short Persian name only where a word starts): the index after each mention. */
export function chatAppMentions(reading: string): number[] {
  const ends: number[] = [];
  const persian = reading.replace(/\s+/gu, ' ');
  for (const name of CHAT_APPS.faNames) {
    const plain = name.replace(/\u200c/g, '');
    for (let at = persian.indexOf(plain); at >= 0; at = persian.indexOf(plain, at + 1)) {
      // A short name inside a longer word is no mention ("ایتا" in "اسپرایتای", sprites).
      if (plain.length <= 4 && /\p{L}/u.test(persian[at - 1] ?? '')) continue;
      ends.push(at + plain.length);
    }
  }
  for (const match of reading.matchAll(/\p{L}{3,}/gu)) {
    const end = match.index + match[0].length;
    if (chatAppOf(match[0]) !== null && !GAME_SENSE.test(reading.slice(end, end + 24))) ends.push(end);
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
/** The verbs with a letter said again and again read once, for shouted and stretched notes ("ADDDDD MEEEE ONNNN SNAAAP"). */
const CONTACT_VERB_ONCE = new RegExp(CONTACT_VERB.source.replace(/(?<!\\)(\p{L})\1+/gu, '$1'), 'u');
/** A letter said three times or more: a stretched word. */
const STRETCHED = /(\p{L})\1\1/u;

/** A handle: letters with digits, an underscore or a dot inside, or an @name. */
const HANDLE =
  /(?<![\p{L}\p{N}])@?(?=[\p{L}\p{N}._]*\p{L})(?=[\p{L}\p{N}._]*[\d_.])[\p{L}\p{N}._]{3,}(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])@[\p{L}\p{N}._]{3,}/u;

/** How many words of five letters or more name a chat app. */
const longAppMentions = (reading: string) =>
  [...reading.matchAll(/\p{L}{5,}/gu)].filter((match) => chatAppOf(match[0]) !== null).length;

/** A chat app's name spelt out between marks ("t~e~l~e~g~r~a~m", "d🎮i🎮s🎮c🎮o🎮r🎮d"): only a way to reach someone hides it so. */
export const spellsOutAnApp = (reading: string, closedUp: string) => longAppMentions(closedUp) > longAppMentions(reading);

/** The app's name used as the verb: "discord me", "snap us". */
const APP_AS_VERB = /^\s+(?:me|us)(?!\p{L})/u;

/** A chat app with a way to reach someone there (a verb of contact anywhere, the app as the verb, or a handle just after it): held for a moderator. */
export function asksContactElsewhere(reading: string): boolean {
  const mentions = chatAppMentions(reading);
  if (!mentions.length) return false;
  if (CONTACT_VERB.test(reading)) return true;
  if (STRETCHED.test(reading) && CONTACT_VERB_ONCE.test(lettersOnce(reading))) return true;
  return mentions.some(
    (end) =>
      APP_AS_VERB.test(reading.slice(end, end + 5)) ||
      HANDLE.test(reading.slice(end, end + 30).replace(/\d+(?:[.:]\d+)+/gu, ' ')),
  );
}
