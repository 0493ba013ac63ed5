/**
 * Work queued by key (one-after-another.ts): a person's second submission waits for their first, so
 * that it reads what the first wrote; other keys go on beside it.
 */
import { describe, expect, it } from 'vitest';
import { keyedTurns } from '#server/platform/one-after-another';

const later = () => {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((yes, no) => ((resolve = yes), (reject = no)));
  return { promise, resolve, reject };
};
const ticks = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

describe('work queued by key', () => {
  it('starts the second work of a key when the first has settled, failed or not, and other keys at once', async () => {
    const inTurn = keyedTurns();
    const started: string[] = [];
    const first = later();
    const second = later();
    const a1 = inTurn('a', async () => {
      started.push('a1');
      await first.promise;
      return 'a1';
    });
    const a2 = inTurn('a', async () => {
      started.push('a2');
      await second.promise;
      return 'a2';
    });
    const a3 = inTurn('a', async () => {
      started.push('a3');
      return 'a3';
    });
    const b1 = inTurn('b', async () => {
      started.push('b1');
      return 'b1';
    });
    await ticks();
    expect(started).toEqual(['a1', 'b1']);
    await expect(b1).resolves.toBe('b1');
    first.reject(new Error('refused'));
    await expect(a1).rejects.toThrow('refused');
    await ticks();
    expect(started).toEqual(['a1', 'b1', 'a2']);
    second.resolve();
    await expect(a2).resolves.toBe('a2');
    await expect(a3).resolves.toBe('a3');
    expect(started).toEqual(['a1', 'b1', 'a2', 'a3']);
  });

  it('goes on beside a work that never settles once it waited the longest wait', async () => {
    const inTurn = keyedTurns(30);
    const stuck = inTurn('a', () => new Promise<string>(() => undefined));
    const started = Date.now();
    await expect(inTurn('a', async () => 'went on')).resolves.toBe('went on');
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    void stuck;
  });
});
