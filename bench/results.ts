/** bench/RESULTS.md: each bench command replaces its own section and leaves the others. */
import { execSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './servers';

const FILE = join(ROOT, 'bench/RESULTS.md');
const HEADER = `# Benchmark results

Written by \`npm run bench\`, \`npm run bench:spike\`, \`npm run bench:rush\`, \`npm run bench:size\` and \`npm run bench:profile\` (see bench/README.md);
each command replaces its own section. The ratios are what counts: absolute numbers depend on the
machine and on what else it was doing (the load average is noted with each run).
`;

export const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

/** One line that says where and when the numbers were taken. */
export function machine(loadAtStart: string): string {
  const commit = (() => {
    try {
      return execSync('git rev-parse --short HEAD', { cwd: ROOT }).toString().trim();
    } catch {
      return 'unknown';
    }
  })();
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const gib = Math.round(totalmem() / 2 ** 30);
  return `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${commit}, Node ${process.version}, ${cpus().length} cores (${cpu}), ${gib} GiB; load average ${loadAtStart} at the start, ${loadAverage()} at the end`;
}

export function writeSection(name: string, markdown: string): void {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  let text = existsSync(FILE) ? readFileSync(FILE, 'utf8') : HEADER;
  const block = `${start}\n${markdown.trim()}\n${end}`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  text = from >= 0 && to > from ? text.slice(0, from) + block + text.slice(to + end.length) : `${text.trimEnd()}\n\n${block}\n`;
  writeFileSync(FILE, text);
  console.log(`Wrote the "${name}" section of bench/RESULTS.md`);
}

/** A markdown table from rows of cells. */
export function table(head: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map((_, i) => (i === 0 ? '---' : '---:'))), ...rows.map(line)].join('\n');
}
