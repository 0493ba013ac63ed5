/**
 * `npm run check`: the type check, the lint and the format check side by side (each keeps about one
 * core busy; one after another they took ~37 s on a clean clone, ~20 s together on two cores). Each
 * one's output is printed when it ends; the check fails if any of them does.
 */
import { npmRun } from './npm-run.ts';

const STEPS = ['typecheck', 'lint', 'format:check'];

const codes = await Promise.all(
  STEPS.map(async (step) => {
    const { code, output } = await npmRun(step, 'capture');
    process.stdout.write(`── npm run ${step}: ${code === 0 ? 'passed' : `failed (${code})`}\n${output}`);
    return code;
  }),
);
process.exitCode = codes.find((code) => code !== 0) ?? 0;
