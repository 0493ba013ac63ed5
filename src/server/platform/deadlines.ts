/**
 * Every call to a libSQL server has a deadline (ITINERARY_DB_DEADLINE_MS, ADR 047): a primary that
 * accepts connections and never answers (a frozen process, a hung host, a partition) would otherwise
 * hold a write for as long as it is frozen. Past the deadline the call fails with
 * `DatabaseDeadlineError`, which errors.ts answers as 503 with `Retry-After`; the HTTP request under
 * it is aborted, so the write's turn (load-retries.ts) is given back. A request's calls share its
 * deadline when the endpoint set one (`deadlineAt` in the request's context), so a request with two
 * writes still answers within one deadline.
 *
 * A write that timed out may still commit later (the server had it). That is why a POST is retried
 * with its `Idempotency-Key`, written in the same batch (keyed-writes.ts): the retry finds it.
 */
import type { Client, Transaction, TransactionMode } from '@libsql/client';
import { host } from './host';

export class DatabaseDeadlineError extends Error {
  override name = 'DatabaseDeadlineError';
  readonly code = 'DEADLINE_EXCEEDED';
  constructor(ms: number) {
    super(`The database did not answer within ${ms} ms`);
  }
}

/** The time this call may take: what is left of its request's deadline, else a deadline of its own. */
export function timeLeft(ownMs: number, now = Date.now()): number {
  const deadlineAt = host().requestContext?.getStore()?.deadlineAt;
  return deadlineAt === undefined ? ownMs : Math.max(0, Math.min(ownMs, deadlineAt - now));
}

/** Settles as `work` does, or fails with DatabaseDeadlineError after `ms`; `work` goes on unobserved. */
export function withinDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DatabaseDeadlineError(ms)), ms);
  });
  work.catch(() => undefined);
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}

/** A `fetch` for @libsql/client whose every HTTP request is aborted after `ms`. */
export const fetchWithin =
  (ms: number) =>
  (request: Request): Promise<Response> =>
    fetch(request, { signal: AbortSignal.timeout(ms) });

type Call = (...args: unknown[]) => Promise<unknown>;

/** The client with each statement, batch, transaction step and commit bounded by `ms` (or its request's deadline). */
export function withDeadlines(client: Client, ms: number): Client {
  const bounded = <F extends Call>(call: F): F => ((...args: unknown[]) => withinDeadline(call(...args), timeLeft(ms))) as F;
  const boundedTransaction = (transaction: Transaction): Transaction => {
    const rollback = transaction.rollback.bind(transaction);
    return Object.assign(transaction, {
      execute: bounded(transaction.execute.bind(transaction) as Call),
      batch: bounded(transaction.batch.bind(transaction) as Call),
      executeMultiple: bounded(transaction.executeMultiple.bind(transaction) as Call),
      commit: bounded(transaction.commit.bind(transaction) as Call),
      // Its own deadline, not what is left of the request's: a rollback not sent keeps the lock until the server drops the stream.
      rollback: (() => withinDeadline(rollback(), ms)) as Transaction['rollback'],
    } as Partial<Transaction>);
  };
  const transaction = client.transaction.bind(client) as (mode?: TransactionMode) => Promise<Transaction>;
  return Object.assign(client, {
    execute: bounded(client.execute.bind(client) as Call) as Client['execute'],
    batch: bounded(client.batch.bind(client) as Call) as Client['batch'],
    transaction: ((mode?: TransactionMode) => {
      const opening = transaction(mode);
      return withinDeadline(opening, timeLeft(ms)).then(boundedTransaction, (error: unknown) => {
        // Opened too late for its request: closed when it comes, so it holds nothing on the server.
        opening.then(
          (late) => late.close(),
          () => undefined,
        );
        throw error;
      });
    }) as Client['transaction'],
  });
}
