/**
 * `npm run check`: the type check, the lint and the format check side by side (each keeps about one
 * core busy; one after another they took ~37 s on a clean clone, ~20 s together on two cores). Each
 * one's output is printed when it ends; the check fails if any of them does.
 */
import { spawn } from 'node:child_process';

const STEPS = ['typecheck', 'lint', 'format:check'];

function run(step: string): Promise<number> {
  // npm sets npm_execpath for its scripts; elsewhere the npm on PATH runs them.
  const npm = process.env.npm_execpath;
  const child = npm
    ? spawn(process.execPath, [npm, 'run', '--silent', step], { stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn('npm', ['run', '--silent', step], { stdio: ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32' });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      process.stdout.write(`── npm run ${step}: ${code === 0 ? 'passed' : `failed (${code})`}\n${output}`);
      resolve(code ?? 1);
    });
  });
}

const codes = await Promise.all(STEPS.map(run));
process.exitCode = codes.find((code) => code !== 0) ?? 0;
