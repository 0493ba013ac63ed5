/**
 * Embedded connections keep their prepared statements. @libsql/client prepares every statement
 * anew and asks it twice for its columns: in bench:rush that was 16 % of the server's CPU (prepare
 * 8.1 %, columns 8.3 %). Each `libsql` connection now keeps its last STATEMENTS_PER_CONNECTION
 * statements by SQL text and each statement its columns and modes. Reusing one is safe because the client runs
 * a statement to completion (`all`/`run`) before anything else can use the connection, and SQLite
 * re-prepares a kept statement itself when the schema changes. A schema change empties the cache of
 * its connection, and the columns of a statement that selects `*` are never kept. See ADR 017.
 */
import Database from 'libsql';

export const STATEMENTS_PER_CONNECTION = 300;

const SCHEMA_CHANGE = /^\s*(create|drop|alter)\b/i;
const SELECTS_STAR = /(select|,|\.)\s*\*/i;
const INSTALLED = Symbol.for('itinerary.keptStatements');

type Connection = Database.Database;
type Statement = Database.Statement<unknown[]>;
type Prepare = (this: Connection, sql: string) => Statement;
interface Prototype {
  prepare: Prepare;
  [INSTALLED]?: true;
}

function keepColumns(statement: Statement): void {
  const columns = statement.columns.bind(statement);
  let kept: ReturnType<Statement['columns']> | undefined;
  statement.columns = () => (kept ??= columns());
}

/**
 * The client sets raw mode and safe integers before every run (~3.5 µs of a 15 µs read: a call into
 * libsql each time); a kept statement keeps its modes, so setting one again is skipped. `raw()`
 * throws for a statement that returns no rows (the client tells writes so): that refusal is kept too.
 */
function keepModes(statement: Statement): void {
  const raw = statement.raw.bind(statement);
  const safeIntegers = statement.safeIntegers.bind(statement);
  let rawMode: boolean | undefined;
  let rawRefusal: { error: unknown } | undefined;
  let safeMode: boolean | undefined;
  statement.raw = (on = true) => {
    if (on && rawRefusal) throw rawRefusal.error;
    if (rawMode !== on) {
      try {
        raw(on);
      } catch (error) {
        if (on) rawRefusal = { error };
        throw error;
      }
      rawMode = on;
    }
    return statement;
  };
  statement.safeIntegers = (on = true) => {
    if (safeMode !== on) {
      safeIntegers(on);
      safeMode = on;
    }
    return statement;
  };
}

/** Makes every connection of `prototype` (libsql's Database by default) keep its statements; idempotent. */
export function keepPreparedStatements(prototype: Prototype = Database.prototype as unknown as Prototype): void {
  if (prototype[INSTALLED]) return;
  const prepare = prototype.prepare;
  const caches = new WeakMap<Connection, Map<string, Statement>>();
  prototype.prepare = function prepareOrReuse(sql) {
    if (SCHEMA_CHANGE.test(sql)) {
      caches.delete(this);
      return prepare.call(this, sql);
    }
    let cache = caches.get(this);
    if (!cache) caches.set(this, (cache = new Map()));
    const kept = cache.get(sql);
    if (kept) {
      // Least recently used goes first: a Map iterates in insertion order.
      cache.delete(sql);
      cache.set(sql, kept);
      return kept;
    }
    const statement = prepare.call(this, sql);
    keepModes(statement);
    if (!SELECTS_STAR.test(sql)) keepColumns(statement);
    cache.set(sql, statement);
    if (cache.size > STATEMENTS_PER_CONNECTION) cache.delete(cache.keys().next().value!);
    return statement;
  };
  prototype[INSTALLED] = true;
}
