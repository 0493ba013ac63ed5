/**
 * `npm run guard:grams`: reads every pattern of the guard afresh and writes the grams each is indexed by
 * (src/server/feedback/guard/data/anchored-grams.json, ADR 057), so that a server's first judgement
 * does not read 4,269 patterns' syntax, and the words of the held phrases the word games read by
 * (./data/guard-vocabulary.json). Run it after changing any pattern; tests/unit/anchored-grams.test.ts
 * says when it is due.
 */
import { writeFileSync } from 'node:fs';

const FILE = new URL('../src/server/feedback/guard/data/anchored-grams.json', import.meta.url);

// Emptied first, so that the guard, imported next, reads every pattern rather than the file.
writeFileSync(FILE, '{}\n');
await import('#server/feedback/guard/guard');
const { everySetIndexed } = await import('#server/feedback/guard/anchored');
const { grams } = everySetIndexed();
const lines = [...grams]
  .sort(([a], [b]) => (a < b ? -1 : 1))
  .map(([hash, its]) => `  ${JSON.stringify(hash)}: ${JSON.stringify(its)}`);
writeFileSync(FILE, `{\n${lines.join(',\n')}\n}\n`);
console.log(`${grams.size} patterns' grams written to ${FILE.pathname}`);

// The word games' vocabulary: the words of the held phrases (./wordplay.ts).
const { vocabularyOfPatterns } = await import('#server/feedback/guard/wordplay');
const words = vocabularyOfPatterns();
const VOCABULARY = new URL('../src/server/feedback/guard/data/guard-vocabulary.json', import.meta.url);
const about =
  'The words of the held phrases (en), most used first, for the word games of ./wordplay.ts; written by npm run guard:grams.';
writeFileSync(VOCABULARY, `${JSON.stringify({ _about: about, words }, null, 2)}\n`);
console.log(`${words.length} words written to ${VOCABULARY.pathname}`);
