import { type ChildProcess, type StdioOptions, spawn } from 'node:child_process';

export interface Finished {
  code: number;
  /** What the script printed, when it ran with `capture`; empty when its output went straight through. */
  output: string;
}

/** Runs `npm run <script>`, its output printed as it comes (`inherit`) or kept for later (`capture`). */
export function npmRun(script: string, output: 'inherit' | 'capture'): Promise<Finished> {
  const stdio: StdioOptions = output === 'inherit' ? 'inherit' : ['ignore', 'pipe', 'pipe'];
  // npm sets npm_execpath for its scripts; elsewhere the npm on PATH runs them.
  const npm = process.env.npm_execpath;
  const child: ChildProcess = npm
    ? spawn(process.execPath, [npm, 'run', '--silent', script], { stdio })
    : spawn('npm', ['run', '--silent', script], { stdio, shell: process.platform === 'win32' });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code: code ?? 1, output: text })));
}
