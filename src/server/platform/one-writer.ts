/**
 * One writer at a time in this process, for an embedded database (ADR 020).
 *
 * @libsql/client gives each interactive transaction a connection of its own and runs SQLite
 * synchronously on the event loop. While a transaction holds SQLite's write lock and awaits between
 * statements, a second connection that wants to write waits in SQLite's busy handler — on the same
 * thread, so the transaction it waits for can never go on. After the busy timeout it fails with
 * SQLITE_BUSY: a 500 for the second user, five seconds of a frozen server for everyone. Writers
 * therefore queue here, in JavaScript, where waiting lets the open transaction finish. Reads never
 * queue (WAL lets them run beside a write). Other processes on the same file still meet SQLite's
 * busy timeout, which works between processes.
 */
import { type Client, type InStatement, LibsqlError, type Transaction, type TransactionMode } from '@libsql/client';

/**
 * A first-come, first-served lock: `acquire` resolves with the function that releases it, or fails
 * as SQLite would (SQLITE_BUSY) when its turn has not come within `timeoutMs` — a writer stuck
 * behind a transaction that never ends gets an error, not a request that hangs.
 */
function createLock(timeoutMs: number) {
  let tail = Promise.resolve();
  return {
    acquire(): Promise<() => void> {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const turn = tail;
      tail = tail.then(() => released);
      return new Promise((resolve, reject) => {
        let gaveUp = false;
        const timer = setTimeout(() => {
          gaveUp = true;
          reject(new LibsqlError(`SQLITE_BUSY: no turn to write within ${timeoutMs} ms`, 'SQLITE_BUSY'));
        }, timeoutMs);
        void turn.then(() => {
          if (gaveUp) return release();
          clearTimeout(timer);
          resolve(release);
        });
      });
    },
  };
}

/** Anything else (insert, update, delete, pragma, a `with` before any of them) counts as a write. */
const READ = /^\s*select\b/i;

/** Holds the lock until the transaction commits, rolls back or closes, whichever comes first. */
function releasedWhenSettled(transaction: Transaction, release: () => void): Transaction {
  let held = true;
  const releaseOnce = () => {
    if (held) {
      held = false;
      release();
    }
  };
  const commit = transaction.commit.bind(transaction);
  const rollback = transaction.rollback.bind(transaction);
  const close = transaction.close.bind(transaction);
  transaction.commit = () => commit().finally(releaseOnce);
  transaction.rollback = () => rollback().finally(releaseOnce);
  transaction.close = () => {
    try {
      close();
    } finally {
      releaseOnce();
    }
  };
  return transaction;
}

const isBusy = (error: unknown) =>
  error instanceof LibsqlError && (error.code === 'SQLITE_BUSY' || /\bdatabase is locked\b/.test(error.message));

/** The same client, with its writes (statements, batches, transactions) one at a time. */
export function oneWriterAtATime(client: Client, timeoutMs: number): Client {
  const lock = createLock(timeoutMs);
  const locked = async <Result>(write: () => Promise<Result>): Promise<Result> => {
    const release = await lock.acquire();
    try {
      return await write();
    } catch (error) {
      // A write refused for another process's lock (a backup's, a server's on the same file) can leave
      // its connection reading an old snapshot for good (@libsql/client, after a deferred batch): every
      // read after it would miss the other processes' writes. Fresh connections, while no write is open.
      if (isBusy(error)) await client.reconnect();
      throw error;
    } finally {
      release();
    }
  };
  const execute = client.execute.bind(client) as (statement: InStatement) => Promise<Awaited<ReturnType<Client['execute']>>>;
  const batch = client.batch.bind(client);
  const migrate = client.migrate.bind(client);
  const executeMultiple = client.executeMultiple.bind(client);
  const transaction = client.transaction.bind(client) as (mode?: TransactionMode) => Promise<Transaction>;

  return Object.assign(client, {
    execute: ((statement: InStatement | string, args?: never) => {
      const whole = typeof statement === 'string' ? { sql: statement, args: args ?? [] } : statement;
      return READ.test(whole.sql) ? execute(whole) : locked(() => execute(whole));
    }) as Client['execute'],
    // A batch or transaction that writes takes SQLite's write lock as it begins (BEGIN IMMEDIATE): a
    // deferred one that read first and met another process's write could only fail (SQLITE_BUSY_SNAPSHOT).
    batch: ((statements, mode) =>
      mode === 'read' ? batch(statements, mode) : locked(() => batch(statements, 'write'))) as Client['batch'],
    migrate: ((statements) => locked(() => migrate(statements))) as Client['migrate'],
    executeMultiple: ((sql) => locked(() => executeMultiple(sql))) as Client['executeMultiple'],
    transaction: (async (mode?: TransactionMode) => {
      if (mode === 'read') return transaction(mode);
      const release = await lock.acquire();
      try {
        return releasedWhenSettled(await transaction('write'), release);
      } catch (error) {
        release();
        throw error;
      }
    }) as Client['transaction'],
  });
}
