/** Lists of game jams: the list planner behind /explore, the API's list and the home page's rows. */
import { type SQL, and, asc, count, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { type Jam, jamCount, jams } from '#db/schema';
import { DEFAULT_JAM_SORT, type JamListDto, type JamListQuery } from '#lib/schemas/jams';
import { containsText, db } from '#server/platform/db';
import { toJamDto } from './jams';

/** `+starts_at` keeps SQLite from walking the start index: "not over yet" (ends_at) is the short range. */
function statusCondition(status: JamListQuery['status'], now: Date): SQL | undefined {
  if (status === 'upcoming') return gt(jams.startsAt, now);
  if (status === 'ongoing') return and(sql`+${jams.startsAt} <= ${now.getTime()}`, gt(jams.endsAt, now));
  if (status === 'ended') return lte(jams.endsAt, now);
  return undefined;
}

/**
 * Counting 100,000 index entries takes milliseconds, so the big lists ("ended", "not featured")
 * are counted as differences of small ones: all jams (one row kept by triggers, `jam_count`),
 * featured jams and jams not ended yet are few.
 */
function countExpression(status: JamListQuery['status'], featured: boolean | undefined, now: Date): SQL {
  if (featured === false) return sql`(${countExpression(status, undefined, now)} - ${countExpression(status, true, now)})`;
  const onlyFeatured = featured ? eq(jams.featured, true) : undefined;
  if (status === 'ended') {
    const notOver = and(gt(jams.endsAt, now), onlyFeatured);
    return sql`(${countExpression(undefined, featured, now)} - (select count(*) from ${jams} where ${notOver}))`;
  }
  const where = and(statusCondition(status, now), onlyFeatured);
  if (!where) return sql`(select ${jamCount.n} from ${jamCount} where ${jamCount.id} = 1)`;
  return sql`(select count(*) from ${jams} where ${where})`;
}

async function countJams(query: JamListQuery, where: SQL | undefined, now: Date): Promise<number> {
  const database = db();
  if (query.q) {
    const [row] = await database.select({ n: count() }).from(jams).where(where);
    return row?.n ?? 0;
  }
  const [row] = await database.all<{ n: number }>(sql`select ${countExpression(query.status, query.featured, now)} as n`);
  return Number(row?.n ?? 0);
}

/** One ordered run of the list: the rows matching `where`, in `keys` order; `size` of them. */
interface Segment {
  where: SQL | undefined;
  /** Sort keys, each ascending (`asc`) or descending (`desc`) within the segment. */
  keys: { column: SQL | SQLiteColumn; direction: 'asc' | 'desc' }[];
  size: number;
}

const byKeys = (keys: Segment['keys'], reversed: boolean) =>
  keys.map(({ column, direction }) => ((direction === 'asc') !== reversed ? asc(column) : desc(column)));

/**
 * Rows [offset, offset + size) of a segment, in its order. Their ids come from the index alone;
 * pages past the middle are walked from the far end, so the last of 10,000 pages costs about as
 * little as the first. Only the page's own rows are read whole, and sorted again (a few rows).
 */
async function segmentRows(segment: Segment, offset: number, size: number): Promise<Jam[]> {
  const fromFarEnd = offset + size / 2 > segment.size / 2;
  const pageIds = db()
    .select({ id: jams.id })
    .from(jams)
    .where(segment.where)
    .orderBy(...byKeys(segment.keys, fromFarEnd))
    .limit(size) // exactly what is left, so the walk stops as soon as the page is full
    .offset(fromFarEnd ? segment.size - offset - size : offset);
  return await db()
    .select()
    .from(jams)
    .where(inArray(jams.id, pageIds))
    .orderBy(...byKeys(segment.keys, false));
}

const nameKey = sql`${jams.name} collate nocase`;

/** How many rows match `where` (the list's own filters are few rows: jams not started or not over yet). */
async function countWhere(where: SQL | undefined): Promise<number> {
  const [row] = await db().select({ n: count() }).from(jams).where(where);
  return row?.n ?? 0;
}

/**
 * The list as ordered runs. "Soonest" sorts are two: what is still to come (nearest first), then
 * what already happened (most recent first); the first is short (jams not started or not over
 * yet) and counted, the second is the rest. A status that rules one run out has no count. Returns
 * the runs once the counts are in; the counts start at once, beside the list's total.
 */
function segmentsFor(query: JamListQuery, where: SQL | undefined, now: Date): (total: number) => Promise<Segment[]> {
  const sort = query.sort ?? DEFAULT_JAM_SORT;
  const single = (keys: Segment['keys']) => (total: number) => Promise.resolve([{ where, keys, size: total }]);
  if (sort === 'newest')
    return single([
      { column: jams.startsAt, direction: 'desc' },
      { column: jams.id, direction: 'desc' },
    ]);
  if (sort === 'name')
    return single([
      { column: nameKey, direction: 'asc' },
      { column: jams.id, direction: 'asc' },
    ]);
  if (sort === 'most-entries')
    return single([jams.entryCount, jams.startsAt, jams.id].map((column) => ({ column, direction: 'desc' as const })));
  const column = sort === 'ending-soonest' ? jams.endsAt : jams.startsAt;
  // Which runs a status leaves: "ended" has nothing left to end, "ongoing"/"ended" nothing left to start.
  const noFuture = sort === 'ending-soonest' ? query.status === 'ended' : query.status === 'ongoing' || query.status === 'ended';
  const noPast =
    sort === 'ending-soonest' ? query.status === 'upcoming' || query.status === 'ongoing' : query.status === 'upcoming';
  const futureWhere = and(where, gt(column, now));
  const futureCount = noFuture || noPast ? undefined : countWhere(futureWhere);
  futureCount?.catch(() => undefined); // awaited only when the page reaches the runs; its failure is reported there
  return async (total) => {
    const future = noFuture ? 0 : noPast ? total : await futureCount!;
    return [
      {
        where: futureWhere,
        keys: [
          { column, direction: 'asc' },
          { column: jams.id, direction: 'asc' },
        ],
        size: future,
      },
      {
        where: and(where, lte(column, now)),
        keys: [
          { column, direction: 'desc' },
          { column: jams.id, direction: 'desc' },
        ],
        size: total - future,
      },
    ];
  };
}

/**
 * One page of jams in the chosen order (newest start first unless `sort` says otherwise); an
 * out-of-range page is clamped to the last one. Every order is walked in an index (see the
 * jam_sorts migration), so any page of 100,000 jams reads only the rows it shows. Two steps on a
 * remote database: the counts, then the page's rows (each run's at once).
 */
export async function listJams(query: JamListQuery, now = new Date()): Promise<JamListDto> {
  const where = and(
    statusCondition(query.status, now),
    query.featured === undefined ? undefined : eq(jams.featured, query.featured),
    query.q ? containsText(jams.name, query.q) : undefined,
  );
  const counted = countJams(query, where, now);
  const segments = segmentsFor(query, where, now);
  const total = await counted;
  const totalPages = Math.max(1, Math.ceil(total / query.perPage));
  const page = Math.min(query.page, totalPages);
  const offset = (page - 1) * query.perPage;
  const end = Math.min(offset + query.perPage, total);
  const runs: Promise<Jam[]>[] = [];
  let start = 0;
  for (const segment of end > offset ? await segments(total) : []) {
    const from = Math.max(offset, start);
    const to = Math.min(end, start + segment.size);
    if (to > from) runs.push(segmentRows(segment, from - start, to - from));
    start += segment.size;
  }
  const rows = (await Promise.all(runs)).flat();
  return {
    jams: rows.map((jam) => {
      const { body: _body, bodyHidden: _hidden, ...card } = toJamDto(jam, { hideBody: true });
      return card;
    }),
    page,
    perPage: query.perPage,
    total,
    totalPages,
  };
}

/** The next moment any jam starts or ends: lists of jams may change then without a write. */
export async function nextJamMoment(now = new Date()): Promise<number | null> {
  const at = now.getTime();
  const [row] = await db().all<{ start: number | null; end: number | null }>(sql`select
    (select min(${jams.startsAt}) from ${jams} where ${jams.startsAt} > ${at}) as start,
    (select min(${jams.endsAt}) from ${jams} where ${jams.endsAt} > ${at}) as end`);
  const moments = [row?.start, row?.end].filter((moment) => typeof moment === 'number');
  return moments.length ? Math.min(...moments) : null;
}

/** How many jams the home page's "Happening now" and "Starting soon" rows show (one row of three on desktops). */
const HOME_ROW_LENGTH = 3;

/** What the home page shows: the featured jams, a few running and a few upcoming ones, and whether any jam exists. */
export async function homeJams(now = new Date()) {
  const list = (query: Partial<JamListQuery>, perPage: number) => listJams({ page: 1, perPage, q: undefined, ...query }, now);
  const [featured, happening, upcoming, any] = await Promise.all([
    list({ featured: true }, 12),
    list({ status: 'ongoing', sort: 'ending-soonest' }, HOME_ROW_LENGTH),
    list({ status: 'upcoming', sort: 'starting-soonest' }, HOME_ROW_LENGTH),
    list({}, 1),
  ]);
  return { featured: featured.jams, happening: happening.jams, upcoming: upcoming.jams, anyJams: any.total > 0 };
}
