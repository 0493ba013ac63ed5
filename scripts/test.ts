/**
 * `npm test`: the build, then `npm run check` side by side with vitest, then Playwright. The checks
 * (one core each at most) and vitest (waiting on servers now and then) each left part of two cores
 * idle; together they keep both busy (3–5 s less than one after the other here, A/B twice). The build goes
 * first because `astro check` and `astro build` both write Astro's generated types. Playwright runs
 * only when everything before it passed; the checks' output is printed once vitest's is done.
 */
import { npmRun } from './npm-run.ts';

async function main(): Promise<number> {
  const build = await npmRun('build', 'inherit');
  if (build.code !== 0) return build.code;
  const [check, unit] = await Promise.all([npmRun('check', 'capture'), npmRun('test:unit', 'inherit')]);
  process.stdout.write(check.output);
  if (check.code !== 0 || unit.code !== 0) return 1;
  return (await npmRun('test:e2e', 'inherit')).code;
}

process.exitCode = await main();
