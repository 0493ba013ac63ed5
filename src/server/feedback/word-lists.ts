/**
 * Everyday swear words and insults in Hungarian and Persian, beside the `obscenity` package's
 * English data set: a small curated list of what children actually type, not a dictionary.
 * Administrators add anything else through the filter's word list (`blocked_words`), as before.
 *
 * How an entry matches (on `judgedText` with accents taken out, so `kurvá` and `kurva` are one):
 * - `word*` matches where a word starts: `geci*` stops "gecis";
 * - `word` matches only the whole word, for stems that start ordinary words ("szar" but not
 *   "szarvas", a deer; "تخمی" but not "تخمین", an estimate).
 * Persian is written with Persian ی and ک; Arabic ي and ك are read as those before matching, and
 * the zero-width non-joiner is gone (می‌خوام reads میخوام), so write entries without it.
 * Adding a word: add a test beside the others in tests/unit/note-filter.test.ts, in both lists.
 */
export const CURATED_WORDS: Readonly<Record<'hu' | 'fa', readonly string[]>> = {
  hu: [
    'kurva*',
    'kurvany*',
    'bazdmeg',
    'bazd',
    'baszd*',
    'baszod*',
    'baszki',
    'baszni',
    'baszik',
    'basztam*',
    'basszameg',
    'kibasz*',
    'elbasz*',
    'fasz*',
    'lofasz*',
    'geci*',
    'picsa*',
    'picsab*',
    'szar',
    'szart',
    'szarok',
    'szaros*',
    'szarsag*',
    'szarhazi*',
    'segg*',
    'kocsog*',
    'buzi*',
    'ribanc*',
    'szopd*',
    'szopj*',
    'leszop*',
    'dogolj*',
    'rohadj*',
    'fos',
    'fostos*',
  ],
  fa: [
    'کیر*',
    'کص*',
    'کسکش*',
    'کسخل*',
    'کس کش',
    'کس ننت',
    'کسشر*',
    'جنده*',
    'مادرجنده*',
    'کونی*',
    'کون',
    'گاییدم*',
    'بگایی*',
    'گوه',
    'گوهی',
    'گه',
    'حرومزاده*',
    'حرامزاده*',
    'لاشی*',
    'پدرسگ*',
    'پدر سگ',
    'جاکش*',
    'تخمی',
    'خارکسه*',
    'خوارکسه*',
  ],
};
