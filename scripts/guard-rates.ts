/**
 * The guard's measured rates (issue 53 "Done when"): how many tricks it publishes and how many
 * ordinary notes it holds or refuses, per class, from the files under tests/guard/. The bar:
 * tricks published ≤ 10 %, ordinary notes held or refused ≤ 5 %. `npx tsx scripts/guard-rates.ts
 * [tricks file] [ordinary file]` prints them, with every miss; tests/unit/guard-rates.test.ts holds
 * the bar.
 */
import { readFileSync } from 'node:fs';
import { judgeText } from '#server/feedback/guard/guard';

export interface Rates {
  tricks: number;
  published: string[];
  ordinary: number;
  stopped: { note: string; outcome: string; rule: string | null }[];
  classes: Map<string, { total: number; published: number }>;
}

/** The lines of a file under tests/guard/ ("## class" lines name the class of the ones after them). */
export function classedLines(path: string): { text: string; kind: string }[] {
  let kind = 'unclassed';
  const out: { text: string; kind: string }[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.startsWith('## ')) kind = line.slice(3).trim();
    else if (line.trim() && !line.startsWith('#')) out.push({ text: line, kind });
  }
  return out;
}

export function measure(trickFiles: readonly string[], ordinaryFiles: readonly string[]): Rates {
  const tricks = trickFiles.flatMap(classedLines);
  const ordinary = ordinaryFiles.flatMap(classedLines);
  const classes = new Map<string, { total: number; published: number }>();
  const published: string[] = [];
  for (const { text, kind } of tricks) {
    const row = classes.get(kind) ?? { total: 0, published: 0 };
    row.total += 1;
    if (judgeText(text).outcome === 'publish') {
      row.published += 1;
      published.push(text);
    }
    classes.set(kind, row);
  }
  const stopped = ordinary
    .map(({ text }) => ({ note: text, ...judgeText(text) }))
    .filter((verdict) => verdict.outcome !== 'publish');
  return { tricks: tricks.length, published, ordinary: ordinary.length, stopped, classes };
}

const percent = (part: number, whole: number) => `${((100 * part) / Math.max(whole, 1)).toFixed(1)} %`;

export function report(rates: Rates): string {
  const lines = [
    `tricks published: ${rates.published.length} of ${rates.tricks} (${percent(rates.published.length, rates.tricks)})`,
    `ordinary notes held or refused: ${rates.stopped.length} of ${rates.ordinary} (${percent(rates.stopped.length, rates.ordinary)})`,
    ...[...rates.classes].map(([kind, row]) => `  ${kind}: ${row.published} of ${row.total} published`),
    ...rates.published.map((text) => `  published: ${JSON.stringify(text)}`),
    ...rates.stopped.map(({ note, outcome, rule }) => `  ${outcome} (${rule}): ${JSON.stringify(note)}`),
  ];
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [tricks = 'tests/guard/fresh-tricks.txt', ordinary = 'tests/guard/fresh-ordinary.txt'] = process.argv.slice(2);
  console.log(report(measure([tricks], [ordinary])));
}
