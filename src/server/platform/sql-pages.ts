/**
 * A page of a list whose length is not known yet: the rows are numbered and counted in the same
 * statement (`row_number() over (…)`, `count(*) over ()`) and this condition keeps the requested
 * page, moved to the last page when it is past the end, as `keptPage` moves it once the total is
 * known. So a page and its total are read in one round trip, not a count and then a page.
 */
import { type SQL, sql } from 'drizzle-orm';

/** The page shown for `requested` of a list of `total` rows: between 1 and the last page (1 when empty). */
export function keptPage(requested: number, total: number, perPage: number): { page: number; totalPages: number } {
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  return { page: Math.min(Math.max(1, requested), totalPages), totalPages };
}

/** The SQL condition "row `n` (numbered from 1) of `total` is on the page `keptPage` keeps". */
export function onKeptPage(n: SQL, total: SQL, requested: number, perPage: number): SQL {
  // Bound numbers can travel as floats: cast, so the division is an integer one.
  const per = sql`cast(${perPage} as integer)`;
  const skipped = sql`(min(max(1, cast(${requested} as integer)), max(1, (${total} + ${per} - 1) / ${per})) - 1) * ${per}`;
  return sql`${n} > ${skipped} and ${n} <= ${skipped} + ${per}`;
}
