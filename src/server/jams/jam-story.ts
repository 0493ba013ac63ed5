/**
 * A jam's story in numbers (issue 57, ADR 049): its statistics page's counts, read in one batch (one
 * round trip; with the page's read of the jam, two). What the rules keep back is never read: before
 * a mystery jam starts nothing is, and before the results are public no vote, rating or play.
 */
import { type SQL, type SQLWrapper, and, eq, isNull, sql } from 'drizzle-orm';
import { type Jam, entries, jamParticipants, notes, plays, ratings, votes } from '#db/schema';
import { PLAY_THRESHOLDS, type StoryRules, type StorySpan, cumulative, perBucket, storyRules, storySpan } from '#lib/jam-story';
import { db } from '#server/platform/db';

export interface JamStory {
  rules: StoryRules;
  span: StorySpan;
  /** Running totals per bucket (null: not shown now). */
  signups: number[];
  entries: number[] | null;
  /** Votes in an upvote jam, entries rated (one per person and entry) in a ratings jam. */
  judged: number[] | null;
  plays: number[] | null;
  notes: number[] | null;
  /** New entries per bucket. */
  entriesPerBucket: number[] | null;
  /** How many entries were played at least N times, for each of PLAY_THRESHOLDS; of `entryCount`. */
  playedAtLeast: { times: number; entries: number }[] | null;
  entryCount: number;
}

const bucketOf = (column: SQLWrapper, span: StorySpan): SQL<number> =>
  sql<number>`cast((${column} - ${span.from}) / ${span.step} as integer)`.mapWith(Number);

export async function jamStory(jam: Jam, now = Date.now()): Promise<JamStory> {
  const rules = storyRules(jam, now);
  const span = storySpan(jam, now);
  const empty: JamStory = {
    rules,
    span,
    signups: [],
    entries: null,
    judged: null,
    plays: null,
    notes: null,
    entriesPerBucket: null,
    playedAtLeast: null,
    entryCount: rules.started ? jam.entryCount : 0,
  };
  if (!rules.any) return empty;

  const database = db();
  const counted = (column: SQLWrapper) => ({ bucket: bucketOf(column, span), n: sql<number>`count(*)`.mapWith(Number) });

  const signupsQuery = database
    .select(counted(jamParticipants.joinedAt))
    .from(jamParticipants)
    .where(eq(jamParticipants.jamId, jam.id))
    .groupBy(bucketOf(jamParticipants.joinedAt, span));
  const entriesQuery = database
    .select(counted(entries.submittedAt))
    .from(entries)
    .where(eq(entries.jamId, jam.id))
    .groupBy(bucketOf(entries.submittedAt, span));
  const notesQuery = database
    .select(counted(notes.createdAt))
    .from(notes)
    .where(and(eq(notes.jamId, jam.id), isNull(notes.hiddenAt)))
    .groupBy(bucketOf(notes.createdAt, span));
  const playsQuery = database
    .select(counted(plays.playedAt))
    .from(plays)
    .where(eq(plays.jamId, jam.id))
    .groupBy(bucketOf(plays.playedAt, span));
  // A ratings jam counts each person's first rating of each entry, whatever the criteria.
  const firstRatings = database
    .select({ at: sql<number>`min(${ratings.createdAt})`.as('at') })
    .from(ratings)
    .where(eq(ratings.jamId, jam.id))
    .groupBy(ratings.entryId, ratings.raterId)
    .as('first_ratings');
  const judgedQuery =
    jam.judging === 'ratings'
      ? database.select(counted(firstRatings.at)).from(firstRatings).groupBy(bucketOf(firstRatings.at, span))
      : database
          .select(counted(votes.createdAt))
          .from(votes)
          .where(eq(votes.jamId, jam.id))
          .groupBy(bucketOf(votes.createdAt, span));
  const playedQuery = database
    .select(
      Object.fromEntries(
        PLAY_THRESHOLDS.map((times) => [
          `at${times}`,
          sql<number>`coalesce(sum(${entries.playCount} >= ${times}), 0)`.mapWith(Number),
        ]),
      ),
    )
    .from(entries)
    .where(eq(entries.jamId, jam.id));

  if (!rules.started) {
    const [signups] = await database.batch([signupsQuery]);
    return { ...empty, signups: cumulative(perBucket(signups, span)) };
  }
  if (!rules.results) {
    const [signups, made, written] = await database.batch([signupsQuery, entriesQuery, notesQuery]);
    const perEntry = perBucket(made, span);
    return {
      ...empty,
      signups: cumulative(perBucket(signups, span)),
      entries: cumulative(perEntry),
      entriesPerBucket: perEntry,
      notes: cumulative(perBucket(written, span)),
    };
  }
  const [signups, made, written, played, judged, [share]] = await database.batch([
    signupsQuery,
    entriesQuery,
    notesQuery,
    playsQuery,
    judgedQuery,
    playedQuery,
  ]);
  const perEntry = perBucket(made, span);
  return {
    ...empty,
    signups: cumulative(perBucket(signups, span)),
    entries: cumulative(perEntry),
    entriesPerBucket: perEntry,
    notes: cumulative(perBucket(written, span)),
    plays: cumulative(perBucket(played, span)),
    judged: cumulative(perBucket(judged, span)),
    playedAtLeast: PLAY_THRESHOLDS.map((times) => ({ times, entries: Number(share?.[`at${times}`] ?? 0) })),
  };
}
