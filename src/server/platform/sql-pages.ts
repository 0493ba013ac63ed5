/**
 * A page of a list whose length is not known yet, read in the same round trip as its total. Either
 * the rows are numbered and counted in one statement (`row_number() over (…)`, `count(*) over ()`)
 * and `onKeptPage` keeps the requested page; or, for a long list read from an index in order, the
 * page's offset counts the rows itself (`keptOffset`) beside a statement that counts them for the
 * answer. Both move a page past the end to the last page, as `keptPage` does once the total is known.
 */
import { type SQL, sql } from 'drizzle-orm';

/** The page shown for `requested` of a list of `total` rows: between 1 and the last page (1 when empty). */
export function keptPage(requested: number, total: number, perPage: number): { page: number; totalPages: number } {
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  return { page: Math.min(Math.max(1, requested), totalPages), totalPages };
}

/** The rows before the page `keptPage` keeps, `total` an SQL expression (a column, or a count subquery). */
export function keptOffset(total: SQL, requested: number, perPage: number): SQL {
  // Bound numbers can travel as floats: cast, so the division is an integer one.
  const per = sql`cast(${perPage} as integer)`;
  return sql`(min(max(1, cast(${requested} as integer)), max(1, (${total} + ${per} - 1) / ${per})) - 1) * ${per}`;
}

/** `keptOffset` for drizzle's `.offset()`, which types an offset as a number but writes any SQL it is given. */
export const keptOffsetArg = (total: SQL, requested: number, perPage: number): number =>
  keptOffset(total, requested, perPage) as unknown as number;

/** The SQL condition "row `n` (numbered from 1) of `total` is on the page `keptPage` keeps". */
export function onKeptPage(n: SQL, total: SQL, requested: number, perPage: number): SQL {
  const skipped = keptOffset(total, requested, perPage);
  return sql`${n} > ${skipped} and ${n} <= ${skipped} + cast(${perPage} as integer)`;
}
