import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { requestLog } from '#server/node/request-log';

const turnEnds = () => new Promise((resolve) => setImmediate(resolve));

describe('the request log', () => {
  it('writes the lines of one turn of the event loop in one write, in order, once the turn is over', async () => {
    const writes: string[] = [];
    const log = requestLog({ write: (text) => writes.push(text) });
    log.line('GET / 200 0.4ms');
    log.line('GET /explore 200 0.3ms');
    log.line('POST /api/jams/x/votes 200 2.1ms');
    expect(writes).toEqual([]);
    await turnEnds();
    expect(writes).toEqual(['GET / 200 0.4ms\nGET /explore 200 0.3ms\nPOST /api/jams/x/votes 200 2.1ms\n']);
    log.line('GET /about 200 0.2ms');
    await turnEnds();
    expect(writes).toEqual([
      'GET / 200 0.4ms\nGET /explore 200 0.3ms\nPOST /api/jams/x/votes 200 2.1ms\n',
      'GET /about 200 0.2ms\n',
    ]);
  });

  it('writes nothing for a turn without requests', async () => {
    const writes: string[] = [];
    const log = requestLog({ write: (text) => writes.push(text) });
    log.flush();
    await turnEnds();
    expect(writes).toEqual([]);
  });

  it('writes the lines still waiting when the process exits in the same turn', () => {
    const module = pathToFileURL(join(import.meta.dirname, '../../src/server/node/request-log.ts')).href;
    const script = `const { requestLog } = await import(${JSON.stringify(module)});
      const log = requestLog();
      log.line('GET / 200 0.4ms');
      log.line('GET /last 200 0.1ms');
      process.exit(0);`;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(output).toBe('GET / 200 0.4ms\nGET /last 200 0.1ms\n');
  });
});
