/**
 * SQL pieces for writes sent as one batch (`db().batch([...])`: one round trip to a remote database,
 * one transaction, ADR 033). A statement in a batch cannot wait for an earlier one's answer, so what it
 * needs from them it asks the database as it runs: a new row's id, how many rows a change touches,
 * whether the change happened at all.
 */
import { SQL, is, sql } from 'drizzle-orm';

/** A value, or SQL that works it out as the statement runs. */
export type Computed<T> = T | SQL;

/**
 * An object as JSON text to store (as drizzle stores a `{ mode: 'json' }` column). Values given as
 * SQL are worked out by the database as the statement runs; `json_set` keeps the keys in their order.
 */
export function jsonWith(value: Record<string, unknown> | null | undefined): SQL | string | null {
  if (value == null) return null;
  const computed = Object.entries(value).filter((entry): entry is [string, SQL] => is(entry[1], SQL));
  if (computed.length === 0) return JSON.stringify(value);
  const plain = JSON.stringify(
    Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, is(inner, SQL) ? null : inner])),
  );
  const paths = computed.map(([key, expression]) => sql`, ${`$.${key}`}, ${expression}`);
  return sql`json_set(${plain}${sql.join(paths)})`;
}

/**
 * True when the statement just before this one in the batch inserted, updated or deleted a row
 * (SQLite's `changes()`: the last statement completed on the connection, which in a batch is the one
 * before). For a write that follows an insert whose row it cannot name any other way.
 */
export const previousStatementWrote: SQL = sql`changes() > 0`;
