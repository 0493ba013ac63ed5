/** The whole database as comparable data: "changed nothing" means equal snapshots. */
import { expect } from 'vitest';
import type { Environment } from '../helpers/environment';

type Client = Environment['db']['$client'];

/** Each table's rows, SQLite's `quote()` of every column, in rowid order, one string per table. */
export type Snapshot = Record<string, string>;

/** Between two rows of a table's string (the ASCII record separator). */
const ROW_SEPARATOR = '\x1e';

export async function tableNames(client: Client): Promise<string[]> {
  const result = await client.execute(
    // Ordinary tables only: a search index's virtual and shadow tables mirror the entries table, which is in the snapshot.
    "select name from pragma_table_list where schema = 'main' and type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%' order by name",
  );
  return result.rows.map((row) => String(row.name));
}

/** Columns a snapshot leaves out, by table. */
export type LeftOut = Readonly<Record<string, readonly string[]>>;

/**
 * The copy of each entry's Scratch history, which a read may refresh in the background (the check
 * after a jam's end starts on the first request that follows it): what Scratch says, not a write of
 * the request. The fuzz leaves it out; the authorization matrix and CSRF suites keep it, so a refused
 * "Check entries now" that checked anyway still shows.
 */
export const SCRATCH_MIRROR: LeftOut = {
  jams: ['entries_checked_at'],
  entries: [
    'project_created_at',
    'project_modified_at',
    'project_shared_at',
    'remix_parent_id',
    'remix_root_id',
    'remix_parent_title',
    'history_checked_at',
  ],
};

/** Tables keep their columns while tests run (migrations come first): asked once per table, client and left-out set. */
const rowExpressions = new WeakMap<Client, Map<string, Promise<string>>>();

function rowExpression(client: Client, table: string, leftOut: LeftOut): Promise<string> {
  let known = rowExpressions.get(client);
  if (!known) rowExpressions.set(client, (known = new Map()));
  const skipped = leftOut[table] ?? [];
  const key = `${table}:${skipped.join(',')}`;
  let expression = known.get(key);
  if (!expression) {
    expression = client.execute(`select name from pragma_table_info('${table}')`).then((result) =>
      result.rows
        .map((row) => String(row.name))
        .filter((name) => !skipped.includes(name))
        .map((name) => `quote("${name}")`)
        .join(" || ',' || "),
    );
    known.set(key, expression);
  }
  return expression;
}

/**
 * The database written out by SQLite itself: with thousands of rows (the authorization matrix adds a
 * scene per cell) turning every row into a JavaScript object took most of those tests' time.
 */
export async function snapshot(client: Client, leftOut: LeftOut = {}): Promise<Snapshot> {
  const tables: Snapshot = {};
  for (const name of await tableNames(client)) {
    const row = await rowExpression(client, name, leftOut);
    const result = await client.execute(`select group_concat(${row}, char(30) order by rowid) as rows from "${name}"`);
    tables[name] = String(result.rows[0]?.rows ?? '');
  }
  return tables;
}

export interface TableChange {
  table: string;
  gained: string[];
  lost: string[];
}

/** What the database gained and lost since `before`, table by table; empty when it reads the same. */
export async function changesSince(client: Client, before: Snapshot, leftOut: LeftOut = {}): Promise<TableChange[]> {
  const after = await snapshot(client, leftOut);
  const rows = (table: string | undefined) => (table ? table.split(ROW_SEPARATOR) : []);
  return Object.keys({ ...before, ...after })
    .filter((table) => before[table] !== after[table])
    .map((table) => {
      const [was, is] = [rows(before[table]), rows(after[table])];
      return { table, gained: is.filter((row) => !was.includes(row)), lost: was.filter((row) => !is.includes(row)) };
    });
}

/** Expects the database to read exactly as `before` did; a failure lists the rows each table gained and lost. */
export async function expectUnchanged(client: Client, before: Snapshot): Promise<void> {
  expect(await changesSince(client, before)).toEqual([]);
}
