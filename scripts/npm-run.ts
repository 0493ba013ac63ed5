import { type ChildProcess, type StdioOptions, spawn } from 'node:child_process';
import { setPriority } from 'node:os';

export interface Finished {
  code: number;
  /** What the script printed, when it ran with `capture`; empty when its output went straight through. */
  output: string;
}

/** The lowest CPU priority: such a script only gets a core that nothing else wants. */
const IDLE_PRIORITY = 19;

/**
 * Runs `npm run <script>`, its output printed as it comes (`inherit`) or kept for later (`capture`);
 * `background` runs it (and everything it starts) at the lowest CPU priority.
 */
export function npmRun(script: string, output: 'inherit' | 'capture', options: { background?: boolean } = {}): Promise<Finished> {
  const stdio: StdioOptions = output === 'inherit' ? 'inherit' : ['ignore', 'pipe', 'pipe'];
  // npm sets npm_execpath for its scripts; elsewhere the npm on PATH runs them.
  const npm = process.env.npm_execpath;
  const child: ChildProcess = npm
    ? spawn(process.execPath, [npm, 'run', '--silent', script], { stdio })
    : spawn('npm', ['run', '--silent', script], { stdio, shell: process.platform === 'win32' });
  // Set before npm itself has started, so every process it spawns inherits the priority.
  if (options.background && child.pid !== undefined) setPriority(child.pid, IDLE_PRIORITY);
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code: code ?? 1, output: text })));
}
