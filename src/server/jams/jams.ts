/** Game jams: reading, listing and running them. Permission checks happen here, once. */
import { type SQL, and, asc, count, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { type Jam, entries, jamCount, jamSlugRedirects, jams, votes } from '#db/schema';
import { jamPhase, jamStatus, resultsArePublic } from '#lib/jam-timing';
import {
  DEFAULT_JAM_SORT,
  type JamCreate,
  type JamDto,
  type JamListDto,
  type JamListQuery,
  type JamUpdate,
  VOTING_END_AFTER_END_MESSAGE,
  votingEndAfterEnd,
} from '#lib/schemas/jams';
import { recordAudit } from '#server/activity/audit';
import { announceChange } from '#server/cache/changes';
import { type Database, containsText, db, preparedQuery } from '#server/platform/db';
import { AppError, conflict, notFound } from '#server/http/errors';
import { can, requireJamPermission } from '#server/auth/permissions';
import type { SessionUser } from '#server/auth/session';
import { uniqueSlug } from './slugs';

export type JamLookup = { jam: Jam; canonicalSlug: string } | null;

/** Finds a jam by its slug or by a slug it had before a rename. */
const jamBySlug = preparedQuery((database) =>
  database
    .select()
    .from(jams)
    .where(eq(jams.slug, sql.placeholder('slug')))
    .prepare(),
);

export async function findJam(slug: string): Promise<JamLookup> {
  const jam = await jamBySlug().get({ slug });
  if (jam) return { jam, canonicalSlug: jam.slug };
  const [old] = await db()
    .select({ jam: jams })
    .from(jamSlugRedirects)
    .innerJoin(jams, eq(jams.id, jamSlugRedirects.jamId))
    .where(eq(jamSlugRedirects.slug, slug));
  return old ? { jam: old.jam, canonicalSlug: old.jam.slug } : null;
}

export async function requireJam(slug: string): Promise<Jam> {
  const found = await findJam(slug);
  if (!found) throw notFound('There is no game jam at this address.');
  return found.jam;
}

/** A jam the caller already resolved, or the slug of one: services resolve a jam once per request. */
export type JamRef = Jam | string;

export async function resolveJam(ref: JamRef): Promise<Jam> {
  return typeof ref === 'string' ? requireJam(ref) : ref;
}

/** Mystery mode (spec §4): before the start, only those who may `jam:read-mystery` (managers, admins) see the body. */
export function bodyIsHidden(jam: Jam, readsMystery: boolean, now = Date.now()): boolean {
  return jam.mystery && jamStatus(jam, now) === 'upcoming' && !readsMystery;
}

/** `entryCount` is the jam's `entry_count`, which triggers keep equal to its entries (migration 0007). */
export function toJamDto(jam: Jam, options: { hideBody: boolean }): JamDto {
  return {
    id: jam.id,
    slug: jam.slug,
    name: jam.name,
    description: jam.description,
    body: options.hideBody ? null : jam.body,
    bodyHidden: options.hideBody,
    imageUrl: jam.imageUrl,
    startsAt: jam.startsAt.toISOString(),
    endsAt: jam.endsAt.toISOString(),
    status: jamStatus(jam),
    votingEndsAt: jam.votingEndsAt?.toISOString() ?? null,
    phase: jamPhase(jam),
    resultsPublic: resultsArePublic(jam),
    whoCanVote: jam.whoCanVote,
    refuseOldProjects: jam.refuseOldProjects,
    playBeforeVote: jam.playBeforeVote,
    feedback: jam.feedback,
    featured: jam.featured,
    mystery: jam.mystery,
    entryCount: jam.entryCount,
    participantCount: jam.participantCount,
    createdAt: jam.createdAt.toISOString(),
    updatedAt: jam.updatedAt.toISOString(),
  };
}

export async function readJam(slug: string, viewer: SessionUser | null): Promise<JamDto> {
  const jam = await requireJam(slug);
  return toJamDto(jam, { hideBody: bodyIsHidden(jam, await can(viewer, 'jam:read-mystery', { jamId: jam.id })) });
}

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
 * The ids of rows [offset, offset + size) of a segment, from its index alone. Pages past the middle
 * are walked from the far end, so the last of 10,000 pages costs about as little as the first.
 */
async function segmentIds(segment: Segment, offset: number, size: number): Promise<number[]> {
  if (size <= 0) return [];
  const fromFarEnd = offset + size / 2 > segment.size / 2;
  const rows = await db()
    .select({ id: jams.id })
    .from(jams)
    .where(segment.where)
    .orderBy(...byKeys(segment.keys, fromFarEnd))
    .limit(size) // exactly what is left, so the walk stops as soon as the page is full
    .offset(fromFarEnd ? segment.size - offset - size : offset);
  const ids = rows.map((row) => row.id);
  return fromFarEnd ? ids.reverse() : ids;
}

const nameKey = sql`${jams.name} collate nocase`;

async function countWhere(where: SQL | undefined): Promise<number> {
  const [row] = await db().select({ n: count() }).from(jams).where(where);
  return row?.n ?? 0;
}

/**
 * The list as ordered runs. "Soonest" sorts are two: what is still to come (nearest first), then
 * what already happened (most recent first); the first is short (jams not started or not over
 * yet) and counted, the second is the rest. A status that rules one run out skips its query.
 */
async function segmentsFor(query: JamListQuery, where: SQL | undefined, total: number, now: Date): Promise<Segment[]> {
  const sort = query.sort ?? DEFAULT_JAM_SORT;
  if (sort === 'newest')
    return [
      {
        where,
        keys: [
          { column: jams.startsAt, direction: 'desc' },
          { column: jams.id, direction: 'desc' },
        ],
        size: total,
      },
    ];
  if (sort === 'name')
    return [
      {
        where,
        keys: [
          { column: nameKey, direction: 'asc' },
          { column: jams.id, direction: 'asc' },
        ],
        size: total,
      },
    ];
  if (sort === 'most-entries') {
    const keys = [jams.entryCount, jams.startsAt, jams.id].map((column) => ({ column, direction: 'desc' as const }));
    return [{ where, keys, size: total }];
  }
  const column = sort === 'ending-soonest' ? jams.endsAt : jams.startsAt;
  // Which runs a status leaves: "ended" has nothing left to end, "ongoing"/"ended" nothing left to start.
  const noFuture = sort === 'ending-soonest' ? query.status === 'ended' : query.status === 'ongoing' || query.status === 'ended';
  const noPast =
    sort === 'ending-soonest' ? query.status === 'upcoming' || query.status === 'ongoing' : query.status === 'upcoming';
  const futureWhere = and(where, gt(column, now));
  const future = noFuture ? 0 : noPast ? total : await countWhere(futureWhere);
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
}

/**
 * One page of jams in the chosen order (newest start first unless `sort` says otherwise); an
 * out-of-range page is clamped to the last one. Every order is walked in an index (see the
 * jam_sorts migration), so any page of 100,000 jams reads only the rows it shows.
 */
export async function listJams(query: JamListQuery, now = new Date()): Promise<JamListDto> {
  const database = db();
  const where = and(
    statusCondition(query.status, now),
    query.featured === undefined ? undefined : eq(jams.featured, query.featured),
    query.q ? containsText(jams.name, query.q) : undefined,
  );
  const total = await countJams(query, where, now);
  const totalPages = Math.max(1, Math.ceil(total / query.perPage));
  const page = Math.min(query.page, totalPages);
  const offset = (page - 1) * query.perPage;
  const end = Math.min(offset + query.perPage, total);
  const ids: number[] = [];
  let start = 0;
  for (const segment of end > offset ? await segmentsFor(query, where, total, now) : []) {
    const from = Math.max(offset, start);
    const to = Math.min(end, start + segment.size);
    ids.push(...(await segmentIds(segment, from - start, to - from)));
    start += segment.size;
  }
  const rows = ids.length === 0 ? [] : await database.select().from(jams).where(inArray(jams.id, ids));
  const position = new Map(ids.map((id, index) => [id, index]));
  rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
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

/** The jam's fields as the create form has them (a request's, once approved, are the same). */
/** A jam request carries the jam's main fields only; fair judging's options then have their defaults. */
export type NewJam = Pick<JamCreate, 'name' | 'description' | 'body' | 'imageUrl' | 'startsAt' | 'endsAt' | 'mystery'> &
  Partial<Pick<JamCreate, 'votingEndsAt' | 'whoCanVote' | 'refuseOldProjects' | 'playBeforeVote' | 'feedback'>>;

/**
 * Creating a jam inside the caller's transaction: a free slug from the name, the row and its audit
 * entry (`details` adds to it, e.g. the request it came from). The caller has checked who may.
 */
export async function insertNewJam(
  tx: Pick<Database, 'select' | 'insert'>,
  actor: SessionUser,
  input: NewJam,
  details: Record<string, unknown> = {},
) {
  const slug = await uniqueSlug(tx, input.name);
  const { name, description, body, imageUrl, startsAt, endsAt, mystery } = input;
  const judging = {
    votingEndsAt: input.votingEndsAt ?? null,
    whoCanVote: input.whoCanVote ?? 'anyone',
    refuseOldProjects: input.refuseOldProjects ?? false,
    playBeforeVote: input.playBeforeVote ?? false,
    feedback: input.feedback ?? 'notes',
  };
  const [created] = await tx
    .insert(jams)
    .values({
      name,
      description,
      body,
      imageUrl,
      startsAt,
      endsAt,
      mystery,
      ...judging,
      slug,
      createdBy: actor.id,
      updatedBy: actor.id,
    })
    .returning();
  await recordAudit(tx, actor, { action: 'jam.create', jamId: created!.id, details: { slug, ...details } });
  return created!;
}

/** Two jams given the same slug at once: the second insert fails on the slug's unique index. */
export const isSlugTaken = (error: unknown) =>
  error instanceof Error &&
  /UNIQUE constraint failed: jams\.slug/i.test(`${error.message} ${String((error as { cause?: unknown }).cause ?? '')}`);

export const slugTakenConflict = (name: string) =>
  conflict(`Another jam took the address for “${name}” at the same moment. Please try again.`);

export async function createJam(user: SessionUser, input: JamCreate): Promise<JamDto> {
  await requireJamPermission(user, null, 'jam:create');
  const database = db();
  const jam = await database.transaction((tx) => insertNewJam(tx, user, input));
  announceChange({ kind: 'jam', jamId: jam.id });
  return toJamDto(jam, { hideBody: false });
}

/**
 * Changes only the fields in `input` (PATCH: what was not sent stays as it is). Renaming moves the
 * slug; the old one keeps redirecting and nothing attached to the jam changes.
 */
export async function updateJam(user: SessionUser, slug: string, input: JamUpdate): Promise<JamDto> {
  const jam = await requireJam(slug);
  await requireJamPermission(user, jam.id, 'jam:edit');
  if (Object.keys(input).length === 0) return toJamDto(jam, { hideBody: false });
  const merged = {
    startsAt: input.startsAt ?? jam.startsAt,
    endsAt: input.endsAt ?? jam.endsAt,
    votingEndsAt: input.votingEndsAt === undefined ? jam.votingEndsAt : input.votingEndsAt,
  };
  if (merged.endsAt.getTime() <= merged.startsAt.getTime()) {
    throw new AppError(400, 'invalid_input', 'The end must be after the start.');
  }
  if (!votingEndAfterEnd(merged)) throw new AppError(400, 'invalid_input', VOTING_END_AFTER_END_MESSAGE);
  const database = db();
  const updated = await database.transaction(async (tx) => {
    let newSlug = jam.slug;
    if (input.name !== undefined && input.name !== jam.name) {
      newSlug = await uniqueSlug(tx, input.name, jam.id);
      if (newSlug !== jam.slug) {
        await tx.delete(jamSlugRedirects).where(eq(jamSlugRedirects.slug, newSlug));
        await tx.insert(jamSlugRedirects).values({ slug: jam.slug, jamId: jam.id }).onConflictDoNothing();
      }
    }
    const [row] = await tx
      .update(jams)
      .set({ ...input, slug: newSlug, updatedAt: new Date(), updatedBy: user.id })
      .where(eq(jams.id, jam.id))
      .returning();
    await recordAudit(tx, user, {
      action: 'jam.update',
      jamId: jam.id,
      details: { fields: Object.keys(input), ...(newSlug !== jam.slug ? { from: jam.slug, to: newSlug } : {}) },
    });
    return row!;
  });
  announceChange({ kind: 'jam', jamId: jam.id });
  return toJamDto(updated, { hideBody: false });
}

export async function deleteJam(user: SessionUser, slug: string): Promise<void> {
  const jam = await requireJam(slug);
  await requireJamPermission(user, jam.id, 'jam:delete');
  const database = db();
  await database.transaction(async (tx) => {
    await recordAudit(tx, user, { action: 'jam.delete', details: { jamId: jam.id, slug: jam.slug, name: jam.name } });
    // Entries, votes, managers and old slugs go with it (ON DELETE CASCADE).
    await tx.delete(jams).where(eq(jams.id, jam.id));
  });
  announceChange({ kind: 'jam', jamId: jam.id });
}

async function setFlag(
  user: SessionUser,
  slug: string,
  action: 'jam:feature' | 'jam:advanced',
  set: Partial<Pick<Jam, 'featured' | 'mystery'>>,
) {
  const jam = await requireJam(slug);
  await requireJamPermission(user, jam.id, action);
  const database = db();
  const updated = await database.transaction(async (tx) => {
    const [row] = await tx
      .update(jams)
      .set({ ...set, updatedAt: new Date(), updatedBy: user.id })
      .where(eq(jams.id, jam.id))
      .returning();
    await recordAudit(tx, user, {
      action: action === 'jam:feature' ? 'jam.feature' : 'jam.advanced',
      jamId: jam.id,
      details: set,
    });
    return row!;
  });
  announceChange({ kind: 'jam', jamId: jam.id });
  return toJamDto(updated, { hideBody: false });
}

export const setFeatured = (user: SessionUser, slug: string, featured: boolean) =>
  setFlag(user, slug, 'jam:feature', { featured });
export const setAdvancedOptions = (user: SessionUser, slug: string, options: { mystery: boolean }) =>
  setFlag(user, slug, 'jam:advanced', { mystery: options.mystery });

/** Clears every vote or every entry (with its votes) of a jam, in one audited transaction. */
async function clearAll(user: SessionUser, slug: string, what: 'votes' | 'submissions'): Promise<{ removed: number }> {
  const jam = await requireJam(slug);
  await requireJamPermission(user, jam.id, what === 'votes' ? 'jam:clear-votes' : 'jam:clear-submissions');
  const table = what === 'votes' ? votes : entries;
  const removed = await db().transaction(async (tx) => {
    const deleted = await tx.delete(table).where(eq(table.jamId, jam.id)).returning({ jamId: table.jamId });
    await recordAudit(tx, user, { action: `jam.clear-${what}`, jamId: jam.id, details: { removed: deleted.length } });
    return deleted.length;
  });
  announceChange(
    what === 'votes'
      ? { kind: 'votes', jamId: jam.id, resultsPublic: resultsArePublic(jam) }
      : { kind: 'entries', jamId: jam.id },
  );
  return { removed };
}

export const clearVotes = (user: SessionUser, slug: string) => clearAll(user, slug, 'votes');
export const clearSubmissions = (user: SessionUser, slug: string) => clearAll(user, slug, 'submissions');
