/** Entries (Scratch projects submitted to a jam): submitting, listing, removing, exporting. */
import { type SQL, and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { type Entry, type Jam, entries, entryCredits, users, votes } from '#db/schema';
import { jamStatus } from '#lib/jam-timing';
import {
  ENTRIES_PER_PAGE,
  type EntryDetailDto,
  type EntryDto,
  type EntryListDto,
  type EntrySort,
  MAX_ENTRY_SEED,
  effectiveEntrySort,
} from '#lib/schemas/entries';
import { parseScratchProjectUrl } from '#lib/scratch-url';
import { recordAudit } from '#server/activity/audit';
import { notifyWith } from '#server/inbox/notify';
import { bannedError } from '#server/auth/require';
import { announceChange } from '#server/cache/changes';
import { entryFlags } from './flags';
import { coCreatorsOf, isOnTeam, isOneEntryViolation } from './co-creators';
import type { CoCreatorDto } from '#lib/schemas/credits';
import { joinInside } from './participants';
import { containsText, db, preparedQuery } from '#server/platform/db';
import { AppError, badRequest, conflict, notFound } from '#server/http/errors';
import { type JamRef, requireJam, resolveJam } from './jams';
import { can } from '#server/auth/permissions';
import { type RateLimit, createRateLimiter } from '#server/http/rate-limit';
import { fetchScratchProjectWithParent } from '#server/platform/scratch';
import { historyFields, refuseOldProject } from './flags';
import type { SessionUser } from '#server/auth/session';

/**
 * Per user, checked before Scratch is asked: the deadline rush (a retry or two each) passes,
 * a script that floods Scratch through us does not.
 */
export const SUBMIT_RATE_LIMIT: RateLimit = { capacity: 10, perMs: 60_000 };
export const submitLimiter = createRateLimiter('submissions', SUBMIT_RATE_LIMIT);

export { resultsArePublic } from '#lib/jam-timing';
import { resultsArePublic } from '#lib/jam-timing';

/** An entry with its votes and (issue 35) its credited co-creators; left out, none. */
type EntryRow = Entry & { votes: number; coCreators?: CoCreatorDto[] };

export interface EntryDtoOptions {
  /** The entry's jam: flags are read against its start and submission end. */
  jam: Pick<Jam, 'startsAt' | 'endsAt' | 'feedback'>;
  resultsPublic: boolean;
  rank?: number | null;
  /** Managers and admins of the jam: flags of checked entries and play counts before the results. */
  forManager?: boolean;
}

export function toEntryDto(row: EntryRow, options: EntryDtoOptions): EntryDto {
  const disqualified = row.review === 'disqualified';
  const flagsShown = options.forManager || row.review !== 'checked';
  return {
    id: row.id,
    scratchId: row.scratchId,
    title: row.title,
    thumbnailUrl: row.thumbnailUrl,
    authorName: row.authorName,
    coCreators: row.coCreators ?? [],
    submittedAt: row.submittedAt.toISOString(),
    isWinner: row.isWinner,
    votes: options.resultsPublic ? row.votes : null,
    rank: options.resultsPublic && !disqualified ? (options.rank ?? null) : null,
    flags: flagsShown ? entryFlags(row, options.jam) : [],
    disqualified,
    plays: options.resultsPublic || options.forManager ? row.playCount : null,
    kudos: options.jam.feedback === 'off' ? null : row.kudosCount,
  };
}

/** An entry's votes, as a column of a query over `entries`. */
export const voteCount = sql<number>`(select count(*) from ${votes} where ${votes.entryId} = ${entries.id})`.mapWith(Number);

/** A disqualified entry, as an SQL condition (1 or 0): never ranked, and listed after the ranked ones. */
const isDisqualified = sql`(${entries.review} = 'disqualified')`;

/** The prime of the random order's hash (2³¹ − 1): every product below stays inside SQLite's 64-bit integers. */
const HASH_PRIME = 2_147_483_647;

/**
 * A random order that is the same for one seed and another for another: the entry's id and the seed
 * mixed by two rounds of squaring modulo a prime, in SQL, so the database pages through it. Ties (rare)
 * go by id, so the order is total.
 */
export function randomOrder(seed: number): SQL {
  const x0 = sql`((${entries.id} % ${HASH_PRIME}) * 48271 + ${seed}) % ${HASH_PRIME}`;
  const x1 = sql`((${x0}) * (${x0}) + ${seed}) % ${HASH_PRIME}`;
  return sql`((${x1}) * (${x1}) + 12345) % ${HASH_PRIME}`;
}

/** Without a seed in the address, a random order is still a fixed one (the same page for everyone, so cacheable). */
export const defaultSeed = (jamId: number) => (jamId % MAX_ENTRY_SEED) + 1;

/** The ranking: most votes first, ties by earliest submission, then id; disqualified entries after all the others. */
const rankingOrder = () => [asc(isDisqualified), desc(voteCount), asc(entries.submittedAt), asc(entries.id)];

function orderOf(sort: EntrySort, seed: number): SQL[] {
  switch (sort) {
    case 'most-votes':
      return rankingOrder();
    case 'fewest-plays':
      return [asc(entries.playCount), asc(entries.submittedAt), asc(entries.id)];
    case 'newest':
      return [desc(entries.submittedAt), desc(entries.id)];
    case 'random':
      return [asc(randomOrder(seed)), asc(entries.id)];
    case 'submitted':
      return [asc(entries.submittedAt), asc(entries.id)];
  }
}

export interface EntryListOptions {
  page?: number;
  perPage?: number;
  /** Left out: the default (submission order while voting is open, the ranking once the results are public). */
  sort?: EntrySort;
  /** The seed of a random order (left out: a fixed one per jam). */
  seed?: number;
  /** Managers and admins of the jam see the play counts before the results. */
  forManager?: boolean;
  /** Only entries whose title, author or an accepted co-creator's name contains this (any case). */
  q?: string | undefined;
}

/**
 * Entries of jam `jamId` whose title, author or accepted (and not banned) co-creator's name contains
 * `text`, any case, `%` and `_` taken literally. The co-creators are one lookup for the whole jam
 * (a correlated `exists` per entry cost 2.5× as much); the rest is a scan of the jam's entries through
 * its index: `npm run bench:search` measures it.
 */
export function entrySearch(text: string, jamId: number): SQL {
  const credited = sql`${entries.id} in (select ${entryCredits.entryId} from ${entryCredits}
    join ${users} on ${users.id} = ${entryCredits.userId}
    where ${entryCredits.jamId} = ${jamId} and ${entryCredits.status} = 'accepted' and ${users.isBanned} = 0
    and ${containsText(users.name, text)})`;
  return sql`(${containsText(entries.title, text)} or ${containsText(entries.authorName, text)} or ${credited})`;
}

/**
 * One page of a jam's entries in the order asked for, paged by the database. While voting is open
 * vote counts stay private and the default is submission order; once the results are public, the
 * default is the ranking (most votes; disqualified entries last and unranked) and every sort shows
 * each entry's rank.
 */
export async function listEntries(ref: JamRef, options: EntryListOptions = {}): Promise<EntryListDto> {
  const { page = 1, perPage = ENTRIES_PER_PAGE, forManager = false } = options;
  const jam = await resolveJam(ref);
  const database = db();
  const resultsPublic = resultsArePublic(jam);
  const sort = effectiveEntrySort(options.sort, resultsPublic);
  const seed = sort === 'random' ? (options.seed ?? defaultSeed(jam.id)) : null;
  const q = options.q?.trim() || null;
  // Vote counts are read only when they may be shown (the ranking needs them for its order).
  const votesColumn = resultsPublic ? voteCount : sql<number>`0`.mapWith(Number);
  let total = jam.entryCount;
  let current = 1;
  let rows: { entry: Entry; votes: number }[];
  if (q) {
    // A search reads the jam's entries once: one page of the matches' ids in order, each with the
    // number of matches (a window over them, counted in the database), then that page's rows by id.
    const where = and(eq(entries.jamId, jam.id), entrySearch(q, jam.id));
    const matchPage = (n: number) =>
      database
        .select({ id: entries.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(entries)
        .where(where)
        .orderBy(...orderOf(sort, seed ?? 0))
        .limit(perPage)
        .offset((n - 1) * perPage);
    current = Math.max(1, page);
    let matches = await matchPage(current);
    if (matches.length === 0 && current > 1) {
      // Past the last page: count the matches and show the last page instead.
      const [counted] = await database.select({ n: count() }).from(entries).where(where);
      current = Math.max(1, Math.ceil((counted?.n ?? 0) / perPage));
      matches = await matchPage(current);
    }
    total = matches[0]?.total ?? 0;
    const ids = matches.map((match) => match.id);
    const found =
      ids.length === 0
        ? []
        : await database.select({ entry: entries, votes: votesColumn }).from(entries).where(inArray(entries.id, ids));
    const byId = new Map(found.map((row) => [row.entry.id, row]));
    rows = ids.flatMap((id) => byId.get(id) ?? []);
  } else {
    current = Math.min(Math.max(1, page), Math.max(1, Math.ceil(total / perPage)));
    rows = await database
      .select({ entry: entries, votes: votesColumn })
      .from(entries)
      .where(eq(entries.jamId, jam.id))
      .orderBy(...orderOf(sort, seed ?? 0))
      .limit(perPage)
      .offset((current - 1) * perPage);
  }
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  const firstRank = (current - 1) * perPage + 1;
  const coCreators = await coCreatorsOf(rows.map((row) => row.entry.id));
  // In the ranking, a ranked entry's place is its rank (the disqualified come after them all); other sorts and searches look theirs up.
  const ranks =
    !resultsPublic || (sort === 'most-votes' && !q)
      ? null
      : await ranksOf(
          jam.id,
          rows.map((row) => row.entry.id),
        );
  return {
    entries: rows.map((row, index) =>
      toEntryDto(
        { ...row.entry, votes: row.votes, coCreators: coCreators.get(row.entry.id) },
        { jam, resultsPublic, forManager, rank: ranks ? (ranks.get(row.entry.id) ?? null) : firstRank + index },
      ),
    ),
    page: current,
    perPage,
    total,
    totalPages,
    resultsPublic,
    sort,
    seed,
    q,
  };
}

/** The ranks of some entries of an ended jam, counting only the entries that are not disqualified. */
async function ranksOf(jamId: number, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db().all<{ id: number; rank: number }>(sql`
    select id, rank from (
      select ${entries.id} as id, row_number() over (order by ${voteCount} desc, ${entries.submittedAt}, ${entries.id}) as rank
      from ${entries}
      where ${entries.jamId} = ${jamId} and ${entries.review} <> 'disqualified'
    ) where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  return new Map(rows.map((row) => [Number(row.id), Number(row.rank)]));
}

const isUniqueViolation = (error: unknown, index: string) =>
  error instanceof Error &&
  /UNIQUE constraint failed/i.test(`${error.message} ${String((error as { cause?: unknown }).cause ?? '')}`) &&
  new RegExp(index.replaceAll('.', '\\.'), 'i').test(`${error.message} ${String((error as { cause?: unknown }).cause ?? '')}`);

/** Checks the project with Scratch (exists, shared, owned by the submitter) and stores it once. */
export async function submitEntry(user: SessionUser, slug: string, url: string): Promise<EntryDto> {
  if (user.isBanned) throw bannedError(user.name);
  const jam = await requireJam(slug);
  if (jamStatus(jam) !== 'ongoing') throw new AppError(409, 'conflict', 'This jam is currently not accepting submissions.');
  const scratchId = parseScratchProjectUrl(url);
  if (scratchId === null) throw badRequest('The URL entered is invalid!');

  const database = db();
  const [existing] = await database
    .select({ submitterId: entries.submitterId, scratchId: entries.scratchId })
    .from(entries)
    .where(and(eq(entries.jamId, jam.id), sql`(${entries.submitterId} = ${user.id} or ${entries.scratchId} = ${scratchId})`));
  if (existing?.submitterId === user.id) throw conflict('You have already entered this game jam.');
  if (existing) throw conflict('This project has already been submitted to this jam.');
  if (await isCreditedInJam(jam.id, user.id)) throw conflict(CREDITED_ELSEWHERE_MESSAGE);

  const project = await fetchScratchProjectWithParent(scratchId);
  if (!project) throw notFound('That project could not be found on Scratch. Make sure it exists and is shared.');
  if (project.authorName.toLowerCase() !== user.name.toLowerCase()) {
    throw new AppError(403, 'forbidden', 'You can only submit projects you own');
  }
  refuseOldProject(jam, project.history.created);

  try {
    // Submitting joins the jam, in the same transaction (a join already there stays as it is).
    const row = await database.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(entries)
        .values({
          jamId: jam.id,
          scratchId,
          submitterId: user.id,
          title: project.title,
          thumbnailUrl: project.thumbnailUrl,
          authorName: project.authorName,
          instructions: project.instructions,
          notes: project.notes,
          ...historyFields(project, new Date()),
        })
        .returning();
      await joinInside(tx, jam.id, user.id);
      return inserted;
    });
    announceChange({ kind: 'entries', jamId: jam.id });
    return toEntryDto({ ...row!, votes: 0 }, { jam, resultsPublic: false });
  } catch (error) {
    // A concurrent request can win the race between the check above and this insert.
    if (isUniqueViolation(error, 'entries.submitter_id')) throw conflict('You have already entered this game jam.');
    if (isUniqueViolation(error, 'entries.scratch_id')) throw conflict('This project has already been submitted to this jam.');
    // Accepting a team invitation in this jam meanwhile (migration 0016's trigger).
    if (isOneEntryViolation(error)) throw conflict(CREDITED_ELSEWHERE_MESSAGE);
    throw error;
  }
}

/** Issue 35: one entry per person per jam, as submitter or credited co-creator. */
export const CREDITED_ELSEWHERE_MESSAGE =
  'You are already credited as a co-creator of an entry in this jam. Everyone can be part of one entry per jam.';

async function isCreditedInJam(jamId: number, userId: number): Promise<boolean> {
  const [row] = await db()
    .select({ n: count() })
    .from(entryCredits)
    .where(and(eq(entryCredits.jamId, jamId), eq(entryCredits.userId, userId), eq(entryCredits.status, 'accepted')));
  return (row?.n ?? 0) > 0;
}

const entryOfJam = preparedQuery((database) =>
  database
    .select()
    .from(entries)
    .where(and(eq(entries.id, sql.placeholder('entryId')), eq(entries.jamId, sql.placeholder('jamId'))))
    .prepare(),
);

export async function requireEntry(jam: Jam, entryId: number): Promise<Entry> {
  const entry = await entryOfJam().get({ entryId, jamId: jam.id });
  if (!entry) throw notFound('That entry is not part of this jam.');
  return entry;
}

/**
 * The submitter, a manager of the jam or an admin may remove an entry; its votes (and reports) go
 * with it. `auditDetails` adds to the audit entry (e.g. how many reports the removal answered).
 */
export async function removeEntry(
  actor: SessionUser,
  slug: string,
  entryId: number,
  auditDetails: Record<string, unknown> = {},
): Promise<void> {
  if (actor.isBanned) throw bannedError(actor.name);
  const jam = await requireJam(slug);
  const entry = await requireEntry(jam, entryId);
  if (!(await can(actor, 'entry:remove', { jamId: jam.id, onTeam: await isOnTeam(entry, actor.id) }))) {
    throw new AppError(
      403,
      'forbidden',
      'Only the people credited on an entry, managers of this jam and administrators can remove an entry.',
    );
  }
  const database = db();
  // Removed by anyone but its submitter (a co-creator too): audited, and the submitter hears of it.
  await database.transaction((tx) =>
    deleteEntryInside(tx, actor, entry, { audit: entry.submitterId !== actor.id, details: auditDetails }),
  );
  announceChange({ kind: 'entry', jamId: jam.id, entryId: entry.id });
}

type Transaction = Parameters<Parameters<Awaited<ReturnType<typeof db>>['transaction']>[0]>[0];

/**
 * The removal itself, inside the caller's transaction (banning a reported author can remove the
 * entry in the same one); the caller checked who may, and announces the change once committed.
 */
export async function deleteEntryInside(
  tx: Transaction,
  actor: SessionUser,
  entry: Entry,
  { audit, details = {} }: { audit: boolean; details?: Record<string, unknown> },
): Promise<void> {
  await tx.delete(entries).where(eq(entries.id, entry.id));
  if (!audit) return;
  // Removed by someone else (a manager, an administrator, moderation): the submitter hears of it. The
  // entry row is gone, so its title goes in the event; the jam is joined when the inbox is read.
  await notifyWith(tx, {
    userId: entry.submitterId,
    kind: 'entry-removed',
    key: `removed:${entry.jamId}:${entry.scratchId}:${Date.now()}`,
    jamId: entry.jamId,
    actorId: actor.id,
    data: { title: entry.title, reported: typeof details.reports === 'number' && details.reports > 0 },
  });
  await recordAudit(tx, actor, {
    action: 'entry.remove',
    jamId: entry.jamId,
    targetUserId: entry.submitterId,
    details: { scratchId: entry.scratchId, title: entry.title, ...details },
  });
}

/** All entries with their votes, for the managers' CSV download. */
export async function entriesForExport(jam: Jam): Promise<EntryRow[]> {
  const rows = await db()
    .select({ entry: entries, votes: voteCount })
    .from(entries)
    .where(eq(entries.jamId, jam.id))
    .orderBy(asc(entries.submittedAt), asc(entries.id));
  return rows.map((row) => ({ ...row.entry, votes: row.votes }));
}

/** Per user: refreshing asks Scratch each time, so a few a minute are plenty. */
export const REFRESH_RATE_LIMIT: RateLimit = { capacity: 5, perMs: 60_000 };
export const refreshLimiter = createRateLimiter('refreshes', REFRESH_RATE_LIMIT);

export interface EntryPage {
  entry: EntryDetailDto;
  resultsPublic: boolean;
  /** The neighbours in submission order (the order the jam page lists entries while it runs). */
  previous: { id: number; title: string } | null;
  next: { id: number; title: string } | null;
}

export function toEntryDetailDto(row: EntryRow, options: EntryDtoOptions): EntryDetailDto {
  return { ...toEntryDto(row, options), instructions: row.instructions, notes: row.notes };
}

/**
 * One entry with what its page shows. Votes and rank only once the results are public, as on
 * the jam page; null when the entry is not part of this jam.
 */
export async function readEntryPage(jam: Jam, entryId: number): Promise<EntryPage | null> {
  const database = db();
  const [row] = await database
    .select({ entry: entries, votes: voteCount })
    .from(entries)
    .where(and(eq(entries.id, entryId), eq(entries.jamId, jam.id)));
  if (!row) return null;
  const resultsPublic = resultsArePublic(jam);
  let rank: number | null = null;
  if (resultsPublic && row.entry.review !== 'disqualified') {
    // Ranked like the jam page's list: most votes first, ties by earliest submission, then id; disqualified entries do not count.
    const { submittedAt, id } = row.entry;
    const [ahead] = await database
      .select({ n: count() })
      .from(entries)
      .where(
        and(
          eq(entries.jamId, jam.id),
          ne(entries.review, 'disqualified'),
          sql`(${voteCount} > ${row.votes} or (${voteCount} = ${row.votes} and (${entries.submittedAt} < ${submittedAt.getTime()} or (${entries.submittedAt} = ${submittedAt.getTime()} and ${entries.id} < ${id}))))`,
        ),
      );
    rank = (ahead?.n ?? 0) + 1;
  }
  const neighbour = async (direction: 'previous' | 'next') => {
    const { submittedAt, id } = row.entry;
    const at = submittedAt.getTime();
    const [found] = await database
      .select({ id: entries.id, title: entries.title })
      .from(entries)
      .where(
        and(
          eq(entries.jamId, jam.id),
          direction === 'previous'
            ? sql`(${entries.submittedAt} < ${at} or (${entries.submittedAt} = ${at} and ${entries.id} < ${id}))`
            : sql`(${entries.submittedAt} > ${at} or (${entries.submittedAt} = ${at} and ${entries.id} > ${id}))`,
        ),
      )
      .orderBy(
        ...(direction === 'previous'
          ? [desc(entries.submittedAt), desc(entries.id)]
          : [asc(entries.submittedAt), asc(entries.id)]),
      )
      .limit(1);
    return found ?? null;
  };
  return {
    entry: toEntryDetailDto(
      { ...row.entry, votes: row.votes, coCreators: (await coCreatorsOf([row.entry.id])).get(row.entry.id) },
      { jam, resultsPublic, rank },
    ),
    resultsPublic,
    previous: await neighbour('previous'),
    next: await neighbour('next'),
  };
}

/**
 * Fetches the project from Scratch again (title, thumbnail, instructions, notes and credits): by
 * its submitter, a manager of the jam or an admin. Audited; answers the refreshed entry.
 */
export async function refreshEntry(actor: SessionUser, slug: string, entryId: number): Promise<EntryDetailDto> {
  if (actor.isBanned) throw bannedError(actor.name);
  const jam = await requireJam(slug);
  const entry = await requireEntry(jam, entryId);
  if (!(await can(actor, 'entry:refresh', { jamId: jam.id, onTeam: await isOnTeam(entry, actor.id) }))) {
    throw new AppError(
      403,
      'forbidden',
      'Only the people credited on an entry, managers of this jam and administrators can refresh an entry.',
    );
  }
  const project = await fetchScratchProjectWithParent(entry.scratchId);
  if (!project) throw notFound('That project could not be found on Scratch. Make sure it exists and is shared.');
  const fields = {
    title: project.title,
    thumbnailUrl: project.thumbnailUrl,
    instructions: project.instructions,
    notes: project.notes,
    // Its history comes along: a refresh never hides a change made after the deadline.
    ...historyFields(project, new Date()),
  };
  const database = db();
  await database.transaction(async (tx) => {
    await tx.update(entries).set(fields).where(eq(entries.id, entry.id));
    await recordAudit(tx, actor, {
      action: 'entry.refresh',
      jamId: jam.id,
      targetUserId: entry.submitterId,
      details: { entryId: entry.id, scratchId: entry.scratchId, title: project.title },
    });
  });
  announceChange({ kind: 'entry', jamId: jam.id, entryId: entry.id });
  const page = await readEntryPage(jam, entry.id);
  if (!page) throw notFound('That entry is not part of this jam.');
  return page.entry;
}
