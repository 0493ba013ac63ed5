/**
 * Work that must not overlap itself within one process: a person's second submission to a jam sent
 * while their first is still on its way (a double click, a retry, the deadline's queue). Run one after
 * the other, the second reads what the first wrote and is refused from that read; run side by side,
 * both pass their checks and the second fails at the database's unique key, which in a group commit
 * (ADR 052) costs its whole group a second round trip. Only where one process serves every request
 * (the Node host installs it): workerd must not let one request wait on another's promise, and there
 * the database's key stays the rule, as it does between processes and servers.
 */
import { host } from './host';

/** The longest a work waits for the one before it: past it, it goes on beside it (never a hang behind a stuck one). */
const LONGEST_WAIT_MS = 10_000;

/** A place to queue work by key: each key's work runs once the work before it (same key) has settled. */
export function keyedTurns(longestWaitMs = LONGEST_WAIT_MS): <T>(key: string, work: () => Promise<T>) => Promise<T> {
  const tails = new Map<string, Promise<unknown>>();
  return <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const previous = tails.get(key);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const before = previous
      ? Promise.race([previous, new Promise<void>((resolve) => (timer = setTimeout(resolve, longestWaitMs)))])
      : Promise.resolve();
    const mine = before.then(() => {
      clearTimeout(timer);
      return work();
    });
    const settled = mine.then(
      () => undefined,
      () => undefined,
    );
    tails.set(key, settled);
    void settled.then(() => {
      if (tails.get(key) === settled) tails.delete(key);
    });
    return mine;
  };
}

/** Runs `work` after the work of the same `key` in this process (at once where the host queues nothing). */
export function oneAfterAnother<T>(key: string, work: () => Promise<T>): Promise<T> {
  const turns = host().oneAfterAnother;
  return turns ? turns(key, work) : work();
}
