/**
 * The replica's answers, kept until its next sync brings frames (issue 52). Only the syncer writes
 * the replica's file, so between two syncs the same read gives the same rows: in a deadline rush
 * every API request reads the jam's row and the caller's session, and three servers' worth of
 * requests read them again many times between two syncs (bench:rush on replicas: 136,000
 * statements a minute on each server, the jam's row alone a quarter of their time).
 *
 * A kept answer is exactly as fresh as the replica: the sync that brings new frames forgets every
 * answer before anyone learns it finished (replica-sync.ts calls `onNewFrames` before a write's
 * refusal is checked again, ADR 047), and a writer whose reads go to the primary never reads here.
 * Statements whose answer depends on more than the rows (the clock, randomness, the connection's last
 * write) and statements with arguments that are not plain values are always run.
 */
import type { Client, InStatement, InValue, ResultSet } from '@libsql/client';

/** Kept answers before all are forgotten at once (a rush keeps far fewer between two syncs). */
export const KEPT_ANSWERS = 2000;

const NOT_REPEATABLE =
  /\b(random|randomblob|unixepoch|datetime|date|time|julianday|strftime|timediff|changes|total_changes|last_insert_rowid)\s*\(|\bcurrent_(time|date|timestamp)\b/i;

const plain = (value: InValue | undefined) =>
  value === null ||
  typeof value === 'string' ||
  typeof value === 'number' ||
  typeof value === 'boolean' ||
  typeof value === 'bigint';

/**
 * Each statement text's number (null: its answer must not be kept), worked out once per text. Keys
 * hold the number, not the text: V8 hashes a string longer than 16,383 characters by its length
 * alone, so the inbox's due query (19,705 characters) put every person's answer in one bucket, and
 * each lookup compared the whole text against all of them (half a replica server's time with no writes).
 */
const statementIds = new Map<string, number | null>();
/** More distinct texts than a site has statements: something builds them with values inside; start again. */
export const MAX_STATEMENT_TEXTS = 10_000;
/** Never given twice, not even after a new start: answers kept under an old number must not answer a new text. */
let nextStatementId = 0;

function statementIdOf(sql: string): number | null {
  let id = statementIds.get(sql);
  if (id === undefined) {
    if (statementIds.size >= MAX_STATEMENT_TEXTS) statementIds.clear();
    id = NOT_REPEATABLE.test(sql) ? null : nextStatementId++;
    statementIds.set(sql, id);
  }
  return id;
}

/** The statement's key, or null when its answer must not be kept. */
export function keyOf(statement: InStatement): string | null {
  const sql = typeof statement === 'string' ? statement : statement.sql;
  const id = statementIdOf(sql);
  if (id === null) return null;
  const args = typeof statement === 'string' ? [] : (statement.args ?? []);
  const values = Array.isArray(args) ? args : Object.entries(args).flat();
  if (!values.every(plain)) return null;
  return `${id}\u0000${values.map((value) => `${typeof value}:${String(value)}`).join('\u0000')}`;
}

export interface KeptReads {
  /** Forgets every kept answer (the replica's file changed). */
  forget(): void;
  readonly stats: { kept: number; ran: number };
}

/**
 * Makes `local`'s `execute` and `batch` answer a read they answered since the last `forget()` from
 * memory, telling `tell` how many were kept and how many ran. Only for the replica's own connection,
 * whose statements are all reads (replica.ts).
 */
export function keepReads(local: Client, tell: (kept: number, ran: number) => void = () => undefined): KeptReads {
  const execute = local.execute.bind(local) as (statement: InStatement) => Promise<ResultSet>;
  const batch = local.batch.bind(local);
  let answers = new Map<string, ResultSet>();
  const stats = { kept: 0, ran: 0 };
  const keep = (key: string | null, result: ResultSet, generation: Map<string, ResultSet>) => {
    // An answer that arrives after a forget() may be older than the file: it is not kept.
    if (key === null || generation !== answers) return;
    if (answers.size >= KEPT_ANSWERS) answers.clear();
    answers.set(key, result);
  };
  Object.assign(local, {
    execute: (async (statement: InStatement | string, args?: never) => {
      const whole: InStatement = typeof statement === 'string' ? { sql: statement, args: args ?? [] } : statement;
      const key = keyOf(whole);
      const kept = key === null ? undefined : answers.get(key);
      if (kept) {
        stats.kept += 1;
        tell(1, 0);
        return kept;
      }
      stats.ran += 1;
      tell(0, 1);
      const generation = answers;
      const result = await execute(whole);
      keep(key, result, generation);
      return result;
    }) as Client['execute'],
    batch: (async (statements: InStatement[], mode?: Parameters<Client['batch']>[1]) => {
      // Reads of several requests travel together (read-batches.ts): only those not kept run.
      const keys = statements.map(keyOf);
      const results = keys.map((key) => (key === null ? undefined : answers.get(key)));
      const missing = results.flatMap((result, index) => (result === undefined ? [index] : []));
      stats.kept += statements.length - missing.length;
      stats.ran += missing.length;
      tell(statements.length - missing.length, missing.length);
      if (missing.length === 0) return results as ResultSet[];
      const generation = answers;
      const ran = await batch(
        missing.map((index) => statements[index]!),
        mode,
      );
      missing.forEach((index, at) => {
        results[index] = ran[at]!;
        keep(keys[index]!, ran[at]!, generation);
      });
      return results as ResultSet[];
    }) as Client['batch'],
  });
  return {
    forget: () => void (answers = new Map()),
    stats,
  };
}
