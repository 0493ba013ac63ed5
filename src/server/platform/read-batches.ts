/**
 * Reads that a request starts in the same turn of the event loop travel to a remote database together,
 * as one `batch` (one round trip) instead of one request each (ADR 033). A service writes its
 * independent reads side by side (`Promise.all`) and they cost one round trip; what depends on an
 * earlier answer waits for the next turn, so a page costs as many round trips as its reads have
 * steps, not as many as it has reads. Writes, transactions and explicit batches go straight through.
 *
 * A host that serves several requests in one isolate and forbids one request to settle another's
 * I/O (workerd) installs a request scope; reads are then grouped per request, and a read outside any
 * request (a cron) runs alone. Without a scope (the Node server) one group serves the whole process.
 */
import type { Client, InStatement, ResultSet } from '@libsql/client';
import { host } from './host';

const READ = /^\s*select\b/i;

interface Waiting {
  statement: InStatement;
  resolve(result: ResultSet): void;
  reject(error: unknown): void;
}

/** After every microtask of this turn has run (so reads started after an `await` still join). */
const nextTurn: (run: () => void) => void =
  typeof setImmediate === 'function' ? (run) => void setImmediate(run) : (run) => void setTimeout(run, 0);

const PROCESS_WIDE = {};

export function batchedReads(client: Client): Client {
  const execute = client.execute.bind(client) as (statement: InStatement) => Promise<ResultSet>;
  const batch = client.batch.bind(client);
  const groups = new WeakMap<object, Waiting[]>();

  async function send(waiting: Waiting[]) {
    if (waiting.length === 1) {
      const [only] = waiting as [Waiting];
      return execute(only.statement).then(only.resolve, only.reject);
    }
    let results: ResultSet[];
    try {
      results = await batch(
        waiting.map((read) => read.statement),
        'read',
      );
    } catch {
      // One failing statement fails its whole batch: each read then runs alone and gets its own answer.
      for (const read of waiting) execute(read.statement).then(read.resolve, read.reject);
      return;
    }
    waiting.forEach((read, index) => read.resolve(results[index]!));
  }

  function enqueue(statement: InStatement): Promise<ResultSet> {
    const scope = host().requestScope;
    const key = scope ? scope.current() : PROCESS_WIDE;
    if (!key) return execute(statement);
    return new Promise((resolve, reject) => {
      let group = groups.get(key);
      if (!group) {
        groups.set(key, (group = []));
        nextTurn(() => {
          groups.delete(key);
          void send(group!);
        });
      }
      group.push({ statement, resolve, reject });
    });
  }

  return Object.assign(client, {
    execute: ((statement: InStatement | string, args?: never) => {
      const whole = typeof statement === 'string' ? { sql: statement, args: args ?? [] } : statement;
      return READ.test(whole.sql) ? enqueue(whole) : execute(whole);
    }) as Client['execute'],
  });
}
