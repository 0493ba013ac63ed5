/**
 * The request log: one line per answer, written once per turn of the event loop. On Linux Node
 * writes to a file or a pipe synchronously, so a `console.log` per request was one blocking
 * `write()` per request — 8.5 % of the server's thread in bench:rush, where a turn answers dozens of
 * cached pages. Lines now wait until the turn ends and go out in one write; whatever is still
 * waiting is written when the process exits. Used by scripts/start.ts.
 */
export interface LogOutput {
  write(text: string): unknown;
}

export interface RequestLog {
  /** Adds a line (without its newline) to this turn's write. */
  line(text: string): void;
  /** Writes the waiting lines now. */
  flush(): void;
}

export function requestLog(output: LogOutput = process.stdout): RequestLog {
  let waiting: string[] = [];
  const flush = () => {
    if (waiting.length === 0) return;
    const text = waiting.join('');
    waiting = [];
    output.write(text);
  };
  process.on('exit', flush);
  return {
    line(text) {
      if (waiting.length === 0) setImmediate(flush);
      waiting.push(`${text}\n`);
    },
    flush,
  };
}
