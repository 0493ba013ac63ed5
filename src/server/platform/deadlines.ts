/**
 * Every call to a libSQL server has a deadline (ITINERARY_DB_DEADLINE_MS, ADR 047): a primary that
 * accepts connections and never answers (a frozen process, a hung host, a partition) would otherwise
 * hold a write for as long as it is frozen. A server that still answers other calls of this process
 * (within the last second) is busy, not frozen: a call past its deadline then waits on, a second at a
 * time, up to fifteen deadlines. Past the deadline the call fails with
 * `DatabaseDeadlineError`, which errors.ts answers as 503 with `Retry-After`; the HTTP request under
 * it is aborted at the longest wait a call may have. What follows a request's write
 * (the replica's sync, the key's answer) waits only for what is left of the request's deadline
 * (`timeLeft`, `deadlineAt` in the request's context).
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

/**
 * Runs `work` with a deadline of its own (`ms` from now) for the calls it makes in a request: what a
 * request does long after it began (a stream's polls, the handler after a slow upload) is not held to
 * the deadline its first calls had.
 */
export function withFreshDeadline<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const context = host().requestContext;
  const state = context?.getStore();
  return context && state ? context.run({ ...state, deadlineAt: Date.now() + ms }, work) : work();
}

/** A server that answered another call this recently is alive: a call to it past its deadline waits on. */
const STILL_ANSWERING_MS = 1000;
/** …but never longer than this many deadlines in all (a lock held for ever must not hold the call for ever). */
const LONGEST_WAIT = 15;

/**
 * Settles as `work` does, or fails with DatabaseDeadlineError after `ms` (while `extend(startedAt)`
 * says so at the deadline, a second more each time); `work` goes on unobserved.
 */
export function withinDeadline<T>(work: Promise<T>, ms: number, extend?: (startedAt: number) => boolean): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const startedAt = Date.now();
  const expired = new Promise<never>((_, reject) => {
    const check = () => {
      if (extend?.(startedAt)) timer = setTimeout(check, STILL_ANSWERING_MS);
      else reject(new DatabaseDeadlineError(ms));
    };
    timer = setTimeout(check, ms);
  });
  work.catch(() => undefined);
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}

/**
 * A `fetch` for @libsql/client whose every HTTP request is aborted after the longest wait a call
 * may have (fifteen deadlines): the call itself gives up sooner, and this ends what it left behind.
 */
export const fetchWithin =
  (ms: number, send: typeof fetch = fetch) =>
  (request: Request): Promise<Response> =>
    send(request, { signal: AbortSignal.timeout(ms * LONGEST_WAIT) });

type Call = (...args: unknown[]) => Promise<unknown>;

/**
 * The client with each statement, batch, transaction step and commit bounded by `ms` (or what is left
 * of its request's deadline, when less), counted from the call (a write's wait for its turn in the
 * process included): a server that answers nothing
 * for that long is taken for frozen, whatever is waiting on it. While it answers other calls, a
 * call past its deadline waits on (a spike is not a hang).
 */
export function withDeadlines(client: Client, ms: number): Client {
  let answeredAt = 0;
  /** Past `ms`, a call waits on while the server answers others (a spike, not a hang), up to LONGEST_WAIT. */
  const answering = (startedAt: number) => {
    const now = Date.now();
    return now - answeredAt < STILL_ANSWERING_MS && now - startedAt < ms * LONGEST_WAIT;
  };
  // A request's calls share its deadline: a writer's read that waited on a frozen primary leaves its write no more time.
  const watched = <T>(work: Promise<T>): Promise<T> =>
    withinDeadline(work, timeLeft(ms), answering).then(
      (result) => {
        answeredAt = Date.now();
        return result;
      },
      (error: unknown) => {
        if (!(error instanceof DatabaseDeadlineError)) answeredAt = Date.now();
        throw error;
      },
    );
  const bounded = <F extends Call>(call: F): F => ((...args: unknown[]) => watched(call(...args))) as F;
  const boundedTransaction = (transaction: Transaction): Transaction => {
    const rollback = transaction.rollback.bind(transaction);
    return Object.assign(transaction, {
      execute: bounded(transaction.execute.bind(transaction) as Call),
      batch: bounded(transaction.batch.bind(transaction) as Call),
      executeMultiple: bounded(transaction.executeMultiple.bind(transaction) as Call),
      commit: bounded(transaction.commit.bind(transaction) as Call),
      rollback: (() => withinDeadline(rollback(), ms)) as Transaction['rollback'],
    } as Partial<Transaction>);
  };
  const transaction = client.transaction.bind(client) as (mode?: TransactionMode) => Promise<Transaction>;
  return Object.assign(client, {
    execute: bounded(client.execute.bind(client) as Call) as Client['execute'],
    batch: bounded(client.batch.bind(client) as Call) as Client['batch'],
    transaction: ((mode?: TransactionMode) => {
      const opening = transaction(mode);
      return watched(opening).then(boundedTransaction, (error: unknown) => {
        // Opened too late: closed when it comes, so it holds nothing on the server.
        opening.then(
          (late) => late.close(),
          () => undefined,
        );
        throw error;
      });
    }) as Client['transaction'],
  });
}
