/**
 * The one ranking (src/server/judging/ranking.ts): most votes, ties by the earliest submission, then the
 * lowest id; a disqualified entry is never ranked; the community's choice is the first of the ranking
 * that is not the managers' winner and has a vote. Each form the services use (ORDER BY, the place
 * beside an entry, the window over many jams, the community choice as a subquery and from a window)
 * is asked here against the same entries, so they cannot drift apart.
 */
import { type SQL, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EntryReview, entries, jams, users, votes } from '#db/schema';
import {
  communityChoiceOf,
  isCommunityChoiceInWindow,
  isManagersWinner,
  isRanked,
  isRankedReview,
  notWinnersAhead,
  placeInWindow,
  placeOf,
  rankedEntries,
  rankedFirstOrder,
  rankingOrder,
} from '#server/judging/ranking';
import { type TestDatabase, createTestDatabase } from '../helpers/database';

const T = Date.UTC(2026, 0, 1);
const MINUTE = 60_000;

type Planned = { id: number; votes: number; at: number; review?: EntryReview; winner?: boolean };

/** Jam 1: ties on votes and on the submission time, a disqualified entry with the most votes, a winner, no votes. */
const LIVELY: Planned[] = [
  { id: 1, votes: 2, at: 10 }, // earliest id, but submitted last of the two-vote entries
  { id: 20, votes: 2, at: 5 }, // same votes and time as id 10: after it
  { id: 10, votes: 2, at: 5 },
  { id: 4, votes: 5, at: 1, review: 'disqualified' },
  { id: 5, votes: 3, at: 7, winner: true },
  { id: 6, votes: 0, at: 0 },
  { id: 7, votes: 1, at: 3, review: 'checked' },
];
const LIVELY_RANKING = [5, 10, 20, 1, 7, 6];

/** Jam 2: the winner has the only vote, so there is no community choice. */
const QUIET: Planned[] = [
  { id: 30, votes: 0, at: 0 },
  { id: 31, votes: 1, at: 2, winner: true },
  { id: 32, votes: 0, at: 1 },
];

/** Jam 3: the most voted entry is disqualified and the winner; the next one is the community's choice. */
const REVOKED: Planned[] = [
  { id: 40, votes: 4, at: 0, review: 'disqualified', winner: true },
  { id: 41, votes: 1, at: 1 },
];

let test: TestDatabase;

beforeAll(async () => {
  test = await createTestDatabase();
  const database = test.database;
  const voters = await database
    .insert(users)
    .values(Array.from({ length: 5 }, (_, i) => ({ name: `ranking_voter_${i}` })))
    .returning();
  const plans = [LIVELY, QUIET, REVOKED];
  await database.insert(jams).values(
    plans.map((_, i) => ({
      id: i + 1,
      slug: `ranking-${i + 1}`,
      name: `Ranking ${i + 1}`,
      startsAt: new Date(T),
      endsAt: new Date(T + 60 * MINUTE),
    })),
  );
  for (const [i, planned] of plans.entries()) {
    const jamId = i + 1;
    const submitters = await database
      .insert(users)
      .values(planned.map((entry) => ({ name: `ranking_submitter_${entry.id}` })))
      .returning();
    await database.insert(entries).values(
      planned.map((entry, n) => ({
        id: entry.id,
        jamId,
        scratchId: 1000 + entry.id,
        submitterId: submitters[n]!.id,
        title: `Entry ${entry.id}`,
        authorName: submitters[n]!.name,
        submittedAt: new Date(T + entry.at * MINUTE),
        review: entry.review ?? 'open',
        isWinner: entry.winner ?? false,
      })),
    );
    const cast = planned.flatMap((entry) =>
      voters.slice(0, entry.votes).map((voter) => ({ entryId: entry.id, voterId: voter.id, jamId })),
    );
    if (cast.length > 0) await database.insert(votes).values(cast);
  }
}, 60_000);
afterAll(() => test?.cleanup());

const idsOf = async (query: SQL) => (await test.database.all<{ id: number }>(query)).map((row) => Number(row.id));

const rankedIds = (jamId: number) =>
  idsOf(sql`select ${entries.id} as id from ${entries}
    where ${entries.jamId} = ${jamId} and ${isRanked(rankedEntries)}
    order by ${sql.join(rankingOrder(rankedEntries), sql`, `)}`);

describe('the ranking', () => {
  it('orders by most votes, ties by the earliest submission, then the lowest id, and leaves the disqualified out', async () => {
    expect(await rankedIds(1)).toEqual(LIVELY_RANKING);
  });

  it('lists a whole jam as the ranking followed by the disqualified entries', async () => {
    const listed = await idsOf(sql`select ${entries.id} as id from ${entries} where ${entries.jamId} = 1
      order by ${sql.join(rankedFirstOrder(rankedEntries), sql`, `)}`);
    expect(listed).toEqual([...LIVELY_RANKING, 4]);
  });

  it('gives each entry its place beside it (placeOf) and in the window over every jam (placeInWindow), none to the disqualified', async () => {
    const placesOf = (ids: number[]) => ids.map((id, i): [number, number | null] => [id, i + 1]);
    const beside = await test.database.all<{ id: number; place: number | null }>(
      sql`select ${entries.id} as id, ${placeOf(rankedEntries)} as place from ${entries} where ${entries.jamId} = 1`,
    );
    expect(new Map(beside.map((row) => [Number(row.id), row.place === null ? null : Number(row.place)]))).toEqual(
      new Map([...placesOf(LIVELY_RANKING), [4, null]]),
    );

    const windowed = await test.database.all<{ id: number; place: number }>(
      sql`select ${entries.id} as id, ${placeInWindow(rankedEntries)} as place from ${entries} where ${isRanked(rankedEntries)}`,
    );
    expect(new Map(windowed.map((row) => [Number(row.id), Number(row.place)]))).toEqual(
      new Map([...placesOf(LIVELY_RANKING), ...placesOf([31, 30, 32]), ...placesOf([41])]),
    );
  });

  it('never ranks a disqualified entry, and never calls one the winner', async () => {
    expect(isRankedReview('disqualified')).toBe(false);
    expect(isRankedReview('checked')).toBe(true);
    expect(isRankedReview('open')).toBe(true);
    const winners = await idsOf(
      sql`select ${entries.id} as id from ${entries} where ${isManagersWinner(rankedEntries)} order by id`,
    );
    expect(winners).toEqual([5, 31]);
  });
});

describe("the community's choice", () => {
  const choiceOf = async (jamId: number) =>
    (await test.database.all<{ id: number | null }>(sql`select ${communityChoiceOf(sql`${jamId}`)} as id`))[0]!.id;

  /** The same rule read from a window over the jam's ranked entries, as profiles read it. */
  const choiceInWindowOf = async (jamId: number) => {
    const rows = await test.database.all<{ id: number; isWinner: number; score: number; notWinnersAhead: number }>(sql`
      select ${entries.id} as id, ${entries.isWinner} as isWinner, ${rankedEntries.score} as score,
        ${notWinnersAhead(rankedEntries)} as notWinnersAhead
      from ${entries} where ${entries.jamId} = ${jamId} and ${isRanked(rankedEntries)}`);
    const chosen = rows.filter((row) => isCommunityChoiceInWindow({ ...row, isWinner: Boolean(row.isWinner) }));
    expect(chosen.length).toBeLessThanOrEqual(1);
    return chosen[0] ? Number(chosen[0].id) : null;
  };

  it("is the first of the ranking that is not the managers' winner (skipping the disqualified)", async () => {
    expect(await choiceOf(1)).toBe(10);
    expect(await choiceInWindowOf(1)).toBe(10);
  });

  it('needs at least one vote: none when only the winner has votes', async () => {
    expect(await choiceOf(2)).toBeNull();
    expect(await choiceInWindowOf(2)).toBeNull();
  });

  it('passes over a disqualified entry with the most votes', async () => {
    expect(await choiceOf(3)).toBe(41);
    expect(await choiceInWindowOf(3)).toBe(41);
  });

  it('is the top entry when it is not the winner', async () => {
    await test.database.update(entries).set({ isWinner: false }).where(eq(entries.id, 5));
    try {
      expect(await choiceOf(1)).toBe(5);
      expect(await choiceInWindowOf(1)).toBe(5);
    } finally {
      await test.database.update(entries).set({ isWinner: true }).where(eq(entries.id, 5));
    }
  });
});
