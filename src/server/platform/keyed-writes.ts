/**
 * An `Idempotency-Key` is written with the request's own write (ADR 047): the endpoint leaves its
 * claim (an insert into `idempotency_keys`) in the request's context, and the request's first write
 * carries it — a statement becomes a batch of two, a batch gets it first, a transaction runs it
 * first. The key is therefore stored if and only if the write is: a server killed between the
 * commit and the answer leaves the key behind, and the retry finds it instead of writing again. Two
 * requests with one key at once: the second write fails on the key's primary key and writes nothing.
 * Any write that succeeds marks its request as having written (`wrote`).
 */
import type { Client, InStatement, ResultSet, Transaction, TransactionMode } from '@libsql/client';
import { host } from './host';
import { isPlainRead as isRead } from './statement-kind';

/** The request's claim when it has not been sent with a write yet; marks it as on its way. */
function takeClaim(): { statement: InStatement; done(ok: boolean): void } | null {
  const claim = host().requestContext?.getStore()?.claim;
  if (!claim || claim.state !== 'waiting') return null;
  claim.state = 'sending';
  return {
    statement: { sql: claim.sql, args: claim.args },
    done: (ok) => void (claim.state = ok ? 'written' : 'waiting'),
  };
}

async function carrying<T>(claim: ReturnType<typeof takeClaim>, write: Promise<T>): Promise<T> {
  try {
    const result = await write;
    claim?.done(true);
    const state = host().requestContext?.getStore();
    if (state) state.wrote = true;
    return result;
  } catch (error) {
    claim?.done(false);
    throw error;
  }
}

export function claimsKeys(client: Client): Client {
  const execute = client.execute.bind(client) as (statement: InStatement) => Promise<ResultSet>;
  const batch = client.batch.bind(client);
  const transaction = client.transaction.bind(client) as (mode?: TransactionMode) => Promise<Transaction>;
  return Object.assign(client, {
    execute: ((statement: InStatement | string, args?: never) => {
      const whole: InStatement = typeof statement === 'string' ? { sql: statement, args: args ?? [] } : statement;
      if (isRead(whole)) return execute(whole);
      const claim = takeClaim();
      if (!claim) return carrying(null, execute(whole));
      return carrying(
        claim,
        batch([claim.statement, whole], 'write').then((results) => results[1]!),
      );
    }) as Client['execute'],
    batch: ((statements: InStatement[], mode?: TransactionMode) => {
      if (mode === 'read' || statements.every(isRead)) return batch(statements, mode);
      const claim = takeClaim();
      if (!claim) return carrying(null, batch(statements, mode));
      return carrying(
        claim,
        batch([claim.statement, ...statements], mode).then((results) => results.slice(1)),
      );
    }) as Client['batch'],
    transaction: (async (mode?: TransactionMode) => {
      const opened = await transaction(mode);
      if (mode === 'read') return opened;
      const claim = takeClaim();
      if (!claim) {
        const commit = opened.commit.bind(opened);
        opened.commit = () => carrying(null, commit());
      } else {
        // Rolled back with the transaction; written if and only if it commits.
        const commit = opened.commit.bind(opened);
        const rollback = opened.rollback.bind(opened);
        try {
          await opened.execute(claim.statement);
        } catch (error) {
          claim.done(false);
          opened.close();
          throw error;
        }
        opened.commit = () => carrying(claim, commit());
        opened.rollback = () => {
          claim.done(false);
          return rollback();
        };
      }
      return opened;
    }) as Client['transaction'],
  });
}
