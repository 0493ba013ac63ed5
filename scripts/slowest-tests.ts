/**
 * The ten slowest test files of an `npm test` run, by the time their tests took (summed over their
 * tests, so a file whose tests ran side by side shows its worker time), read from the JSON reports
 * vitest and Playwright write into the TEST_TIMINGS folder. Printed at the end of the run: where the
 * suite's minutes go.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');

interface VitestReport {
  testResults: { name: string; assertionResults: { duration?: number | null }[] }[];
}
interface PlaywrightSuite {
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: { tests: { projectName?: string; results: { duration: number }[] }[] }[];
}

const read = <T>(file: string): T | null => (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : null);

function addVitest(times: Map<string, number>, report: VitestReport | null) {
  for (const file of report?.testResults ?? []) {
    const ms = file.assertionResults.reduce((sum, test) => sum + (test.duration ?? 0), 0);
    const name = `vitest ${relative(ROOT, file.name)}`;
    times.set(name, (times.get(name) ?? 0) + ms);
  }
}

function addPlaywright(times: Map<string, number>, label: string, folder: string, report: { suites?: PlaywrightSuite[] } | null) {
  const walk = (suite: PlaywrightSuite, file: string) => {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const name = `${label} ${folder}/${here}${test.projectName && label === 'smoke' ? ` [${test.projectName}]` : ''}`;
        times.set(name, (times.get(name) ?? 0) + test.results.reduce((sum, result) => sum + result.duration, 0));
      }
    }
    for (const inner of suite.suites ?? []) walk(inner, here);
  };
  for (const suite of report?.suites ?? []) walk(suite, suite.file ?? '');
}

/** The ten slowest files as printable lines (empty when no report was written). */
export function slowestTests(folder: string, count = 10): string {
  const times = new Map<string, number>();
  addVitest(times, read<VitestReport>(join(folder, 'vitest.json')));
  addPlaywright(times, 'e2e', 'tests/e2e', read(join(folder, 'e2e.json')));
  addPlaywright(times, 'smoke', 'tests/smoke', read(join(folder, 'smoke.json')));
  const slowest = [...times].sort((a, b) => b[1] - a[1]).slice(0, count);
  if (slowest.length === 0) return '';
  const lines = slowest.map(([name, ms]) => `${(ms / 1000).toFixed(1).padStart(7)} s  ${name}`);
  return `\nThe ${slowest.length} slowest test files (time of their tests, summed):\n${lines.join('\n')}\n`;
}
