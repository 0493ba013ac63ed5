/**
 * Reads and batches whose results are read by name, not by their place in a tuple (issue 55 §4):
 * `const { entry, rows } = await readTogether({ entry: requireEntry(…), rows: rowsOf(…) })` rather
 * than `const [entry, , , rows] = await Promise.all([…])`. Nothing changes for the database: the reads
 * still start in the same tick (read-batches.ts sends them together), and a batch still runs its
 * statements in order, in one transaction and one round trip (ADR 033).
 */
import type { BatchItem } from 'drizzle-orm/batch';
import type { Database } from './database-handle';

type Awaited_<Reads> = { -readonly [Name in keyof Reads]: Awaited<Reads[Name]> };

/** Awaits every value side by side (as `Promise.all` does) and answers each under its name. */
export async function readTogether<Reads extends Record<string, unknown>>(reads: Reads): Promise<Awaited_<Reads>> {
  const names = Object.keys(reads);
  const results = await Promise.all(names.map((name) => reads[name]));
  return Object.fromEntries(names.map((name, index) => [name, results[index]])) as Awaited_<Reads>;
}

type Statements = Record<string, BatchItem<'sqlite'> | undefined>;
type ResultOf<Statement> = Statement extends BatchItem<'sqlite'> ? Statement['_']['result'] : undefined;
type BatchResults<Batch extends Statements> = { -readonly [Name in keyof Batch]: ResultOf<Batch[Name]> };

/**
 * Sends the statements as one batch, in the order they are written (a statement may depend on the
 * one before, as `changes()` does), and answers each result under its statement's name; a name
 * whose statement is undefined (not sent this time) answers undefined. Names must not be numbers:
 * JavaScript would put those first.
 */
export async function batchNamed<Batch extends Statements>(
  database: Pick<Database, 'batch'>,
  statements: Batch,
): Promise<BatchResults<Batch>> {
  const names = Object.keys(statements).filter((name) => statements[name] !== undefined);
  if (names.some((name) => /^\d+$/.test(name)))
    throw new Error(`A batch's statements need names, not numbers: ${names.join(', ')}`);
  const list = names.map((name) => statements[name]!) as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]];
  const results = (await database.batch(list)) as unknown[];
  return Object.fromEntries(names.map((name, index) => [name, results[index]])) as BatchResults<Batch>;
}
