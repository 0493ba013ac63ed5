/**
 * Everyday swear words and insults in Hungarian and Persian (and English spellings its data set misses), beside the `obscenity` package's
 * English data set: a small curated list of what children actually type, not a dictionary, kept in
 * a data file (guard/data/curated-words.json). Administrators add anything else through the
 * filter's word list (`blocked_words`), as before.
 *
 * How an entry matches (on the judged text with accents taken out, so `kurvá` and `kurva` are one):
 * `word*` matches where a word starts (`geci*` stops "gecis"); `stem+` the whole word with any
 * Hungarian ending (`szar+` stops "szarul", not "szarvas"); `word` matches only the whole word,
 * for stems that start ordinary words ("szar" but not "szarvas", a deer). Persian is written with
 * Persian ی and ک and without the zero-width non-joiner. Ordinary words that contain an entry go in
 * guard/data/allowed-words.json. Adding a word: add a test in tests/unit/note-filter.test.ts.
 */
import CURATED from './guard/data/curated-words.json' with { type: 'json' };

export const CURATED_WORDS: Readonly<Record<'en' | 'hu' | 'fa' | 'huEndings', readonly string[]>> = {
  en: CURATED.en,
  hu: CURATED.hu,
  fa: CURATED.fa,
  huEndings: CURATED.huEndings,
};
