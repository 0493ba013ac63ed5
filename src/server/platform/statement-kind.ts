/**
 * Whether a statement is a plain read (`select` or `with`, and no insert, update, delete or replace
 * anywhere in it): the replica's router sends anything else to the primary (src/server/node/replica.ts),
 * and an `Idempotency-Key` rides with anything else (keyed-writes.ts). Asked of every statement, the
 * 5 KB ones included, so each text is looked at once (the texts are the prepared statements' few).
 */
import type { InStatement } from '@libsql/client';

const READ = /^\s*(select|with)\b/i;
const WRITES = /\b(insert|update|delete|replace)\b/i;
/** Texts remembered at most; past it the memo starts afresh (only built statements could fill it). */
const REMEMBERED = 2000;

const known = new Map<string, boolean>();

export function isPlainReadSql(sql: string): boolean {
  let read = known.get(sql);
  if (read === undefined) {
    read = READ.test(sql) && !WRITES.test(sql);
    if (known.size >= REMEMBERED) known.clear();
    known.set(sql, read);
  }
  return read;
}

type AnyStatement = InStatement | [string, unknown?];

export const isPlainRead = (statement: AnyStatement): boolean =>
  isPlainReadSql(typeof statement === 'string' ? statement : Array.isArray(statement) ? statement[0] : statement.sql);
