/**
 * `npm test`: the build, then vitest, then Playwright (the full suite on our Node server, then the smoke
 * suite on the other deploy targets: @astrojs/node standalone and workerd), with `npm run check` beside them at the lowest
 * CPU priority. The tests keep two cores busy but for moments (starting servers, a last long test);
 * the checks (~40 s of CPU) fill those moments instead of taking turns with the tests. The build goes
 * first because `astro check` and `astro build` both write Astro's generated types. Playwright runs
 * only when the build and vitest passed; the checks' output is printed once the tests are done, then
 * the ten slowest test files.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { npmRun } from './npm-run.ts';
import { slowestTests } from './slowest-tests.ts';

// The runners' JSON reports of each file's time (vitest.config.ts, playwright*.config.ts).
const timings = join(resolve(import.meta.dirname, '..'), 'test-results/timings');
rmSync(timings, { recursive: true, force: true });
mkdirSync(timings, { recursive: true });
process.env.TEST_TIMINGS = timings;

async function main(): Promise<number> {
  const build = await npmRun('build', 'inherit');
  if (build.code !== 0) return build.code;
  const checks = npmRun('check', 'capture', { background: true });
  const unit = await npmRun('test:unit', 'inherit');
  const e2e = unit.code === 0 ? await npmRun('test:e2e', 'inherit') : unit;
  const smoke = e2e.code === 0 ? await npmRun('test:smoke', 'inherit') : e2e;
  const check = await checks;
  process.stdout.write(check.output);
  process.stdout.write(slowestTests(timings));
  return [unit, e2e, smoke, check].find((step) => step.code !== 0)?.code ?? 0;
}

process.exitCode = await main();
