import { describe, expect, it } from 'vitest';
import { batchNamed, readTogether } from '../../src/server/platform/named';

describe('results read by name (issue 55 §4)', () => {
  it('awaits reads side by side and answers each under its name', async () => {
    const started: string[] = [];
    const read = (name: string, value: number) => {
      started.push(name);
      return Promise.resolve(value);
    };
    const reads = readTogether({ first: read('first', 1), second: read('second', 2), nothing: undefined });
    // Every read started before anything was awaited: they travel together.
    expect(started).toEqual(['first', 'second']);
    expect(await reads).toEqual({ first: 1, second: 2, nothing: undefined });
  });

  it('sends a batch in the order written, leaves out what is undefined, and names each result', async () => {
    let sent: unknown[] = [];
    const database = {
      batch: async (statements: unknown[]) => {
        sent = statements;
        return statements.map((statement) => `result of ${String(statement)}`);
      },
    };
    const results = await batchNamed(database as never, { write: 'w' as never, skipped: undefined, read: 'r' as never });
    expect(sent).toEqual(['w', 'r']);
    expect(results).toEqual({ write: 'result of w', read: 'result of r' });
  });

  it('refuses names that are numbers (JavaScript would send them first)', async () => {
    const database = { batch: async (statements: unknown[]) => statements };
    await expect(batchNamed(database as never, { 1: 'a' as never, b: 'b' as never })).rejects.toThrow(/names, not numbers/);
  });
});
