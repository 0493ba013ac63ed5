/**
 * Public profiles (issue 35 §2): who a Scratcher is on Itinerary, the jams they entered (as the
 * submitter or an accepted co-creator) with their places and medals once the results are public,
 * the jams they manage, and their totals. Everything is read page by page in the database.
 */
import { type SQL, and, desc, eq, sql } from 'drizzle-orm';
import { type Entry, type Jam, entries, jamManagers, jams, users } from '#db/schema';
import { avatarPath } from '#lib/avatars';
import { entriesAreHiddenSql, entriesAreShownSql } from '#lib/entries-hidden';
import { resultsArePublic, resultsArePublicSql, resultsPublicAtSql } from '#lib/results-public';
import {
  PROFILE_ENTRIES_PER_PAGE,
  PROFILE_MANAGED_LIMIT,
  type ProfileDto,
  type ProfileEntryDto,
  type ProfileRole,
} from '#lib/schemas/profiles';
import { scratchUserUrl } from '#lib/user-url';
import { AppError } from '#server/platform/errors';
import { teamEntries } from '#server/teams/co-creators';
import {
  isCommunityChoiceInWindow,
  isManagersWinner,
  isRanked,
  isRankedReview,
  notWinnersAhead,
  placeInWindow,
  criterionResultsOf,
  parseCriterionResults,
  rankedEntries,
  scoreColumn,
} from '#server/judging/ranking';
import { db } from '#server/platform/db';
import { keptPage, onKeptPage } from '#server/platform/sql-pages';

export const UNAVAILABLE_MESSAGE = 'This account is not available.';

/** The lookup of a profile: none, a banned account (shown only as unavailable), or the profile under its stored spelling. */
export type ProfileLookup =
  { kind: 'missing' } | { kind: 'banned'; name: string } | { kind: 'found'; profile: ProfileDto; nextMoment: number | null };

/** The id of the person named `name` in any casing (through the lower(name) index), as a subquery. */
const idOf = (name: string) => sql`(select ${users.id} from ${users} where lower(${users.name}) = ${name.toLowerCase()})`;

/** The person's submitted entries and accepted credits, as one list of (entry, jam, role). */
const theirEntries = (userId: SQL) => teamEntries(userId, { withJamAndRole: true });

/** The ids of the entries on page `page` of the list (newest jams first), kept within its pages. */
function pageOfEntries(userId: SQL, page: number, now: number): SQL {
  return sql`(select listed.entry_id from (
      select theirs.entry_id, count(*) over () as total,
        row_number() over (order by ${jams.startsAt} desc, ${jams.id} desc) as n
      from (${theirEntries(userId)}) as theirs
      join ${jams} on ${jams.id} = theirs.jam_id
      where ${entryIsShown(now)}) as listed
    where ${onKeptPage(sql`listed.n`, sql`listed.total`, page, PROFILE_ENTRIES_PER_PAGE)})`;
}

/** A profile is public: an entry of a jam with hidden entries waits for the submission end (ADR 041). */
const entryIsShown = (now: number) => entriesAreShownSql(jams, now);

const jamOf = (jam: Pick<Jam, 'slug' | 'name' | 'imageUrl' | 'startsAt' | 'endsAt' | 'votingEndsAt'>) => ({
  slug: jam.slug,
  name: jam.name,
  imageUrl: jam.imageUrl,
  startsAt: jam.startsAt.toISOString(),
  endsAt: jam.endsAt.toISOString(),
  votingEndsAt: jam.votingEndsAt?.toISOString() ?? null,
});

/**
 * The places in the jams of `shown` whose results are public, ranked as the jam page ranks
 * (src/server/judging/ranking.ts), with how many entries ahead are not the managers' winner (for the community's choice).
 */
function placesIn(shown: SQL, now: number) {
  return db()
    .select({
      id: entries.id,
      score: sql<number | null>`${scoreColumn}`.as('score'),
      rank: sql<number>`${placeInWindow(rankedEntries)}`.as('rank'),
      notWinnersAhead: sql<number>`${notWinnersAhead(rankedEntries)}`.as('not_winners_ahead'),
    })
    .from(entries)
    .where(
      and(
        sql`${entries.jamId} in (select ${jams.id} from ${entries} join ${jams} on ${jams.id} = ${entries.jamId}
          where ${entries.id} in ${shown} and ${resultsArePublicSql(jams, now)})`,
        isRanked(rankedEntries),
      ),
    )
    .as('places');
}

type ShownEntry = Pick<
  Entry,
  'id' | 'submitterId' | 'scratchId' | 'title' | 'thumbnailUrl' | 'authorName' | 'isWinner' | 'review' | 'kudosCount'
>;
type ShownJam = Pick<
  Jam,
  | 'slug'
  | 'name'
  | 'imageUrl'
  | 'startsAt'
  | 'endsAt'
  | 'votingEndsAt'
  | 'feedback'
  | 'results'
  | 'resultsPublishedAt'
  | 'entryCount'
>;
type Place = { score: number | null; rank: number; notWinnersAhead: number } | null;

function profileEntry(
  entry: ShownEntry,
  jam: ShownJam,
  place: Place,
  role: ProfileRole,
  now: number,
  criteria: string | null,
): ProfileEntryDto {
  const resultsPublic = resultsArePublic(jam, now);
  const disqualified = !isRankedReview(entry.review);
  const ranked = resultsPublic && !disqualified ? place : null;
  return {
    jam: jamOf(jam),
    id: entry.id,
    scratchId: entry.scratchId,
    title: entry.title,
    thumbnailUrl: entry.thumbnailUrl,
    authorName: entry.authorName,
    role,
    resultsPublic,
    rank: ranked ? Number(ranked.rank) : null,
    rankOf: ranked ? jam.entryCount : null,
    winner: resultsPublic && entry.isWinner && !disqualified,
    communityChoice: ranked ? isCommunityChoiceInWindow({ isWinner: entry.isWinner, ...ranked }) : false,
    criteria: resultsPublic ? parseCriterionResults(criteria) : null,
    disqualified,
    kudos: jam.feedback === 'off' ? null : entry.kudosCount,
  };
}

/**
 * The profile of `name` (any casing), page `page` of its entries (newest jams first). Every part is
 * keyed by the name, so the person, the totals, the page of entries with their places and the jams
 * they manage are read together, in one round trip.
 */
export async function readProfile(name: string, page = 1, now = Date.now()): Promise<ProfileLookup> {
  const database = db();
  const userId = idOf(name);
  const shown = pageOfEntries(userId, page, now);
  const places = placesIn(shown, now);
  // `at`: the page changes without a write when one of its jams' results or hidden entries become public.
  const [[user], [totals], shownRows, managed] = await Promise.all([
    database
      .select()
      .from(users)
      .where(eq(sql`lower(${users.name})`, name.toLowerCase())),
    database.all<{ entries: number; wins: number; kudos: number; managed: number; at: number | null }>(sql`
      select count(case when ${entryIsShown(now)} then 1 end) as entries,
        coalesce(sum(case when ${entryIsShown(now)} and ${resultsArePublicSql(jams, now)} then ${isManagersWinner(rankedEntries)} else 0 end), 0) as wins,
        coalesce(sum(case when ${jams.feedback} = 'off' or not ${entryIsShown(now)} then 0 else ${entries.kudosCount} end), 0) as kudos,
        (select count(*) from ${jamManagers} where ${jamManagers.userId} = ${userId}) as managed,
        min(case when ${entriesAreHiddenSql(jams, now)} then ${jams.endsAt}
          when ${resultsPublicAtSql(jams)} > ${now} then ${resultsPublicAtSql(jams)} end) as at
      from (${theirEntries(userId)}) as theirs
      join ${entries} on ${entries.id} = theirs.entry_id
      join ${jams} on ${jams.id} = theirs.jam_id`),
    database
      .select({
        entry: {
          id: entries.id,
          submitterId: entries.submitterId,
          scratchId: entries.scratchId,
          title: entries.title,
          thumbnailUrl: entries.thumbnailUrl,
          authorName: entries.authorName,
          isWinner: entries.isWinner,
          review: entries.review,
          kudosCount: entries.kudosCount,
        },
        jam: {
          slug: jams.slug,
          name: jams.name,
          imageUrl: jams.imageUrl,
          startsAt: jams.startsAt,
          endsAt: jams.endsAt,
          votingEndsAt: jams.votingEndsAt,
          feedback: jams.feedback,
          results: jams.results,
          resultsPublishedAt: jams.resultsPublishedAt,
          entryCount: jams.entryCount,
        },
        score: places.score,
        rank: places.rank,
        criteria: sql<string | null>`case when ${jams.judging} = 'ratings' then ${criterionResultsOf(entries)} end`,
        notWinnersAhead: places.notWinnersAhead,
      })
      .from(entries)
      .innerJoin(jams, eq(jams.id, entries.jamId))
      .leftJoin(places, eq(places.id, entries.id))
      .where(sql`${entries.id} in ${shown}`)
      .orderBy(desc(jams.startsAt), desc(jams.id)),
    database
      .select({ jam: jams })
      .from(jamManagers)
      .innerJoin(jams, eq(jams.id, jamManagers.jamId))
      .where(eq(jamManagers.userId, userId))
      .orderBy(desc(jams.startsAt), desc(jams.id))
      .limit(PROFILE_MANAGED_LIMIT),
  ]);
  if (!user) return { kind: 'missing' };
  if (user.isBanned) return { kind: 'banned', name: user.name };

  const entryTotal = Number(totals?.entries ?? 0);
  const perPage = PROFILE_ENTRIES_PER_PAGE;
  const { page: current, totalPages } = keptPage(page, entryTotal, perPage);
  const items = shownRows.map((row) =>
    profileEntry(
      row.entry,
      row.jam,
      row.rank == null ? null : { score: row.score, rank: row.rank, notWinnersAhead: row.notWinnersAhead },
      row.entry.submitterId === user.id ? 'submitter' : 'co-creator',
      now,
      row.criteria,
    ),
  );

  return {
    kind: 'found',
    nextMoment: totals?.at == null ? null : Number(totals.at),
    profile: {
      name: user.name,
      avatarUrl: avatarPath(user.name),
      scratchUrl: scratchUserUrl(user.name),
      joinedAt: user.createdAt.toISOString(),
      totals: {
        entries: entryTotal,
        wins: Number(totals?.wins ?? 0),
        kudos: Number(totals?.kudos ?? 0),
        managed: Number(totals?.managed ?? 0),
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
