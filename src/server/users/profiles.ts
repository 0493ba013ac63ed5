/**
 * Public profiles (issue 35 §2): who a Scratcher is on Itinerary, the jams they entered (as the
 * submitter or an accepted co-creator) with their places and medals once the results are public,
 * the jams they manage, and their totals. Everything is read page by page in the database.
 */
import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { type Entry, type Jam, entries, jamManagers, jams, users } from '#db/schema';
import { avatarPath } from '#lib/avatars';
import { resultsArePublic } from '#lib/jam-timing';
import {
  PROFILE_ENTRIES_PER_PAGE,
  PROFILE_MANAGED_LIMIT,
  type ProfileDto,
  type ProfileEntryDto,
  type ProfileRole,
} from '#lib/schemas/profiles';
import { scratchUserUrl } from '#lib/user-url';
import { AppError } from '#server/http/errors';
import { voteCount } from '#server/jams/entry-dto';
import { db } from '#server/platform/db';

export const UNAVAILABLE_MESSAGE = 'This account is not available.';

/** The lookup of a profile: none, a banned account (shown only as unavailable), or the profile under its stored spelling. */
export type ProfileLookup =
  { kind: 'missing' } | { kind: 'banned'; name: string } | { kind: 'found'; profile: ProfileDto; nextMoment: number | null };

/** The person's submitted entries and accepted credits, as one list of (entry, jam, role). */
const theirEntries = (userId: number) => sql`
  select ${entries.id} as entry_id, ${entries.jamId} as jam_id, 'submitter' as role
    from ${entries} where ${entries.submitterId} = ${userId}
  union all
  select entry_id, jam_id, 'co-creator' as role
    from entry_credits where user_id = ${userId} and status = 'accepted'`;

const jamOf = (jam: Pick<Jam, 'slug' | 'name' | 'imageUrl' | 'startsAt' | 'endsAt' | 'votingEndsAt'>) => ({
  slug: jam.slug,
  name: jam.name,
  imageUrl: jam.imageUrl,
  startsAt: jam.startsAt.toISOString(),
  endsAt: jam.endsAt.toISOString(),
  votingEndsAt: jam.votingEndsAt?.toISOString() ?? null,
});

/**
 * An entry's place once its jam's results are public, ranked as the jam page ranks (most votes,
 * then earliest submission, then id; disqualified entries do not count), and whether it is the
 * community's choice: the first of that order that is not the managers' winner, with a vote.
 */
async function placeOf(entry: Entry, votes: number): Promise<{ rank: number; communityChoice: boolean }> {
  const at = entry.submittedAt.getTime();
  const [ahead] = await db()
    .select({ all: count(), notWinners: sql<number>`coalesce(sum(${entries.isWinner} = 0), 0)`.mapWith(Number) })
    .from(entries)
    .where(
      and(
        eq(entries.jamId, entry.jamId),
        ne(entries.review, 'disqualified'),
        sql`(${voteCount} > ${votes} or (${voteCount} = ${votes} and (${entries.submittedAt} < ${at} or (${entries.submittedAt} = ${at} and ${entries.id} < ${entry.id}))))`,
      ),
    );
  return {
    rank: (ahead?.all ?? 0) + 1,
    communityChoice: !entry.isWinner && votes > 0 && (ahead?.notWinners ?? 0) === 0,
  };
}

async function profileEntry(row: { entry: Entry; jam: Jam; votes: number }, role: ProfileRole): Promise<ProfileEntryDto> {
  const { entry, jam } = row;
  const resultsPublic = resultsArePublic(jam);
  const disqualified = entry.review === 'disqualified';
  const place = resultsPublic && !disqualified ? await placeOf(entry, row.votes) : null;
  return {
    jam: jamOf(jam),
    id: entry.id,
    scratchId: entry.scratchId,
    title: entry.title,
    thumbnailUrl: entry.thumbnailUrl,
    authorName: entry.authorName,
    role,
    resultsPublic,
    rank: place?.rank ?? null,
    winner: resultsPublic && entry.isWinner && !disqualified,
    communityChoice: place?.communityChoice ?? false,
    disqualified,
    kudos: jam.feedback === 'off' ? null : entry.kudosCount,
  };
}

/** The profile of `name` (any casing), page `page` of its entries (newest jams first). */
export async function readProfile(name: string, page = 1, now = Date.now()): Promise<ProfileLookup> {
  const database = db();
  const [user] = await database
    .select()
    .from(users)
    .where(eq(sql`lower(${users.name})`, name.toLowerCase()));
  if (!user) return { kind: 'missing' };
  if (user.isBanned) return { kind: 'banned', name: user.name };

  const [totals] = await database.all<{ entries: number; wins: number; kudos: number }>(sql`
    select count(*) as entries,
      coalesce(sum(${entries.isWinner} = 1 and ${entries.review} <> 'disqualified'), 0) as wins,
      coalesce(sum(case when ${jams.feedback} = 'off' then 0 else ${entries.kudosCount} end), 0) as kudos
    from (${theirEntries(user.id)}) as theirs
    join ${entries} on ${entries.id} = theirs.entry_id
    join ${jams} on ${jams.id} = theirs.jam_id`);
  const entryTotal = Number(totals?.entries ?? 0);
  const perPage = PROFILE_ENTRIES_PER_PAGE;
  const totalPages = Math.max(1, Math.ceil(entryTotal / perPage));
  const current = Math.min(Math.max(1, page), totalPages);
  const pageRows = await database.all<{ entry_id: number; role: ProfileRole }>(sql`
    select theirs.entry_id, theirs.role
    from (${theirEntries(user.id)}) as theirs
    join ${jams} on ${jams.id} = theirs.jam_id
    order by ${jams.startsAt} desc, ${jams.id} desc
    limit ${perPage} offset ${(current - 1) * perPage}`);
  const ids = pageRows.map((row) => Number(row.entry_id));
  const details =
    ids.length === 0
      ? []
      : await database
          .select({ entry: entries, jam: jams, votes: voteCount })
          .from(entries)
          .innerJoin(jams, eq(jams.id, entries.jamId))
          .where(inArray(entries.id, ids));
  const byId = new Map(details.map((row) => [row.entry.id, row]));
  const items = await Promise.all(
    pageRows.flatMap((row) => {
      const found = byId.get(Number(row.entry_id));
      return found ? [profileEntry(found, row.role)] : [];
    }),
  );

  const [managedCount] = await database.select({ n: count() }).from(jamManagers).where(eq(jamManagers.userId, user.id));
  const managed = await database
    .select({ jam: jams })
    .from(jamManagers)
    .innerJoin(jams, eq(jams.id, jamManagers.jamId))
    .where(eq(jamManagers.userId, user.id))
    .orderBy(desc(jams.startsAt), desc(jams.id))
    .limit(PROFILE_MANAGED_LIMIT);

  // The page changes without a write when one of its jams' results become public.
  const [moment] = await database.all<{ at: number | null }>(sql`
    select min(coalesce(${jams.votingEndsAt}, ${jams.endsAt})) as at
    from (${theirEntries(user.id)}) as theirs
    join ${jams} on ${jams.id} = theirs.jam_id
    where coalesce(${jams.votingEndsAt}, ${jams.endsAt}) > ${now}`);

  return {
    kind: 'found',
    nextMoment: moment?.at == null ? null : Number(moment.at),
    profile: {
      name: user.name,
      avatarUrl: avatarPath(user.name),
      scratchUrl: scratchUserUrl(user.name),
      joinedAt: user.createdAt.toISOString(),
      totals: {
        entries: entryTotal,
        wins: Number(totals?.wins ?? 0),
        kudos: Number(totals?.kudos ?? 0),
        managed: managedCount?.n ?? 0,
      },
      entries: { items, page: current, perPage, total: entryTotal, totalPages },
      managed: managed.map((row) => jamOf(row.jam)),
    },
  };
}

/** For the API: the profile, or a 404 that says why (unknown, or not available). */
export async function requireProfile(name: string, page = 1): Promise<ProfileDto> {
  const found = await readProfile(name, page);
  if (found.kind === 'missing') throw new AppError(404, 'not_found', 'There is no Itinerary user with that name.');
  if (found.kind === 'banned') throw new AppError(404, 'not_found', UNAVAILABLE_MESSAGE);
  return found.profile;
}
