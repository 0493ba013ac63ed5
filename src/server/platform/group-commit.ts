/**
 * Group commit for a libSQL server, where one process serves every request (the Node host, ADR 052).
 *
 * A libSQL server commits one write transaction at a time, and each commit costs it a few
 * milliseconds however small the write (sqld here: 7 ms for one insert, 3.4 ms for a batch of ten).
 * In a deadline rush the writes of a process therefore queue behind each other's commits. Writes
 * that wait for a turn (at most `limit` are at the server at once) travel together: when a turn
 * frees, every write waiting goes out as ONE batch, which is one transaction and one commit. Each
 * write is still answered only after that commit, with its own statements' results.
 *
 * A batch is all or nothing, so one write's failure (a unique key, a failed check) rolls the
 * group back: the batch names the statement, so the group's other writes are sent again together
 * without its write, and once they committed that write is answered with its failure — the answer
 * it got against the database and the writes before it, which are now committed. Its writes had no
 * effect, so those after it ran as they would have. A failure the batch does not place (a failed
 * commit) sends the writes again one by one. A failure that is not a statement's (the server or the
 * connection) is every write's: the group may or may not have committed, so nothing is sent again.
 * Running the group's writes in one transaction, one after another, is a valid order of the same
 * writes sent at once: each sees the ones before it, as it would have after their commits.
 *
 * Workers keep `gatedWrites` (load-retries.ts): workerd refuses a request's promise settled by
 * another request's I/O, and a group is sent by one of them.
 */
import {
  type Client,
  type InStatement,
  LibsqlBatchError,
  LibsqlError,
  type ResultSet,
  type TransactionMode,
} from '@libsql/client';
import { isPlainRead } from './statement-kind';

/** A group stops growing at this many statements (a batch is one request body and one transaction). */
const MOST_STATEMENTS = 256;

interface Waiting {
  statements: InStatement[];
  /** From `execute`: sent alone it stays a statement (autocommit), not a batch. */
  single: boolean;
  resolve(results: ResultSet[]): void;
  reject(error: unknown): void;
}

/** The server ran the batch and one of its statements failed: the transaction rolled back, nothing was written. */
function isStatementFailure(error: unknown): boolean {
  return (
    error instanceof LibsqlError &&
    error.code.startsWith('SQLITE_') &&
    error.code !== 'SQLITE_BUSY' &&
    !/\bdatabase is locked\b/.test(error.message)
  );
}

/** Which write of the group holds the statement the batch failed on (-1: not told, as a failed commit). */
function failingWrite(group: Waiting[], error: unknown): number {
  if (!(error instanceof LibsqlBatchError)) return -1;
  let end = 0;
  for (const [index, write] of group.entries()) {
    end += write.statements.length;
    if (error.statementIndex < end) return index;
  }
  return -1;
}

/** The group's batch error as the write's own batch would have given it (its statement's index in its own batch). */
function asItsOwn(error: LibsqlBatchError, before: Waiting[]): LibsqlBatchError {
  const offset = before.reduce((sum, write) => sum + write.statements.length, 0);
  const cause = error.cause instanceof Error ? error.cause : undefined;
  return new LibsqlBatchError(error.message, error.statementIndex - offset, error.code, error.extendedCode, error.rawCode, cause);
}

/** `client` with its writes grouped and sent on `writer` (by default `client` itself); its reads go straight on. */
export function groupedWrites(client: Client, limit: number, writer: Client = client): Client {
  const read = client.execute.bind(client) as (statement: InStatement) => Promise<ResultSet>;
  const readBatch = client.batch.bind(client) as (statements: InStatement[], mode?: TransactionMode) => Promise<ResultSet[]>;
  const execute = writer.execute.bind(writer) as (statement: InStatement) => Promise<ResultSet>;
  const batch = writer.batch.bind(writer) as (statements: InStatement[], mode?: TransactionMode) => Promise<ResultSet[]>;
  const queue: Waiting[] = [];
  let running = 0;

  const alone = async (write: Waiting): Promise<void> => {
    try {
      write.resolve(write.single ? [await execute(write.statements[0]!)] : await batch(write.statements, 'write'));
    } catch (error) {
      write.reject(error);
    }
  };

  /** Sends the writes as one batch; a statement's failure is its own write's (the others are sent again). */
  async function together(group: Waiting[]): Promise<void> {
    if (group.length === 0) return;
    if (group.length === 1) return alone(group[0]!);
    let results: ResultSet[];
    try {
      results = await batch(
        group.flatMap((write) => write.statements),
        'write',
      );
    } catch (error) {
      if (!isStatementFailure(error)) {
        for (const write of group) write.reject(error);
        return;
      }
      const failed = failingWrite(group, error);
      if (failed === -1) {
        for (const write of group) await alone(write);
        return;
      }
      // It failed on what the database and the writes before it held: the others go again without
      // it, and once they committed (they ran before and after it) it is answered with its failure.
      await together([...group.slice(0, failed), ...group.slice(failed + 1)]);
      group[failed]!.reject(asItsOwn(error as LibsqlBatchError, group.slice(0, failed)));
      return;
    }
    let at = 0;
    for (const write of group) {
      write.resolve(results.slice(at, at + write.statements.length));
      at += write.statements.length;
    }
  }

  function takeGroup(): Waiting[] {
    const group = [queue.shift()!];
    let statements = group[0]!.statements.length;
    while (queue.length > 0 && statements + queue[0]!.statements.length <= MOST_STATEMENTS) {
      const next = queue.shift()!;
      statements += next.statements.length;
      group.push(next);
    }
    return group;
  }

  function sendWhatWaits(): void {
    while (running < limit && queue.length > 0) {
      const group = takeGroup();
      running += 1;
      void together(group).finally(() => {
        running -= 1;
        sendWhatWaits();
      });
    }
  }

  const write = (statements: InStatement[], single: boolean) =>
    new Promise<ResultSet[]>((resolve, reject) => {
      queue.push({ statements, single, resolve, reject });
      sendWhatWaits();
    });

  const close = client.close.bind(client);
  return Object.assign(client, {
    close() {
      close();
      if (writer !== client) writer.close();
    },
    execute: ((statement: InStatement | string, args?: never) => {
      const whole: InStatement = typeof statement === 'string' ? { sql: statement, args: args ?? [] } : statement;
      return isPlainRead(whole) ? read(whole) : write([whole], true).then((results) => results[0]!);
    }) as Client['execute'],
    batch: ((statements: InStatement[], mode?: TransactionMode) =>
      mode === 'read' ? readBatch(statements, mode) : write(statements, false)) as Client['batch'],
  });
}
