/**
 * Ordinary words taken out of a reading before its words are judged (./data/allowed-words.json):
 * `words`, compared without accents, contain a listed string ("cockpit", "analízis"); `accented` read
 * as a listed word only once their accents are out — Irish "fós" (still), Hungarian "fős" (a 4 fős
 * csapat: a team of four) and "szár" (a stalk) — and are taken out only where the text wrote them with
 * their accents and nowhere without ("fos" itself stays listed); Irish "fós" and "fág" typed without
 * their fadas in a text that is Irish, and Hungarian "fős" without its accent after a number.
 */
import { withoutAccents } from '#lib/note-text';
import ALLOWED from './data/allowed-words.json' with { type: 'json' };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Whole words, `word*` with any ending. */
const alternation = (entries: readonly string[]) =>
  `(?<!\\p{L})(?:${entries
    .map((entry) => (entry.endsWith('*') ? `${escapeRegExp(entry.slice(0, -1))}\\p{L}*` : escapeRegExp(entry)))
    .join('|')})(?!\\p{L})`;

const ALLOWED_WORD = new RegExp(alternation(ALLOWED.words), 'gu');
const ACCENTED_WORD = new RegExp(alternation(ALLOWED.accented), 'gu');
const IRISH_MARKER = new RegExp(alternation(ALLOWED.irish.markers), 'gu');
const IRISH_WORD = new RegExp(`(?<!\\p{L})(?:${ALLOWED.irish.words.join('|')})(?!\\p{L})`, 'gu');
const COUNTED_WORD = new RegExp(ALLOWED.counted, 'gu');

/** Two words or more that only Irish has: the text is Irish, typed without its fadas or with them. */
const isIrish = (plain: string) => new Set(plain.match(IRISH_MARKER)).size >= 2;

/** For one text: a reading without its allowed words (accents out), and without the accented ones the text wrote so. */
export function allowedWordsOut(source: string): (reading: string) => string {
  const lower = source.normalize('NFC').toLowerCase();
  const written = new Set([...lower.matchAll(ACCENTED_WORD)].map(([word]) => withoutAccents(word)));
  // A word the text also wrote without accents is judged as written there.
  const asWritten = new Set(lower.match(/\p{L}+/gu) ?? []);
  const innocent = [...written].filter((word) => !asWritten.has(word));
  const accented = innocent.length ? new RegExp(alternation(innocent), 'gu') : null;
  const irish = isIrish(withoutAccents(lower));
  return (reading) => {
    let plain = withoutAccents(reading).replace(ALLOWED_WORD, ' ').replace(COUNTED_WORD, ' ');
    if (irish) plain = plain.replace(IRISH_WORD, ' ');
    return accented ? plain.replace(accented, ' ') : plain;
  };
}
