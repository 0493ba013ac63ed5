/**
 * Ratings by criteria (issue 42 §1, ADR 039): 1–5 stars per criterion under the rules of upvotes,
 * one atomic upsert; results per criterion with a minimum of ratings; the jam's own order is the
 * first criterion's.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryCredits, jamParticipants, plays, ratings, users } from '#db/schema';
import { type Environment, type TestUser, startEnvironment } from '../helpers/environment';
import { insertEntry, insertJam, insertVote } from '../helpers/factories';

const HOUR = 3_600_000;
let env: Environment;
let rater: TestUser, other: TestUser, owner: TestUser, admin: TestUser;
let scratchId = 930_000;

beforeAll(async () => {
  env = await startEnvironment();
  rater = await env.login('ratings_rater');
  other = await env.login('ratings_other');
  owner = await env.login('ratings_owner');
  admin = await env.login('ratings_admin', { isAdmin: true });
});
afterAll(() => env?.close());

const rate = (slug: string, id: number, as: TestUser, stars: unknown) =>
  env.request(`/api/jams/${slug}/entries/${id}/rating`, { method: 'PUT', as, body: { stars } });
const starsOf = async (entryId: number, raterId: number) =>
  env.db
    .select({ criterionId: ratings.criterionId, stars: ratings.stars })
    .from(ratings)
    .where(and(eq(ratings.entryId, entryId), eq(ratings.raterId, raterId)))
    .orderBy(ratings.criterionId);

async function ratingsJam(extra: Parameters<typeof insertJam>[1] = {}) {
  const jam = await insertJam(env.db, { judging: 'ratings', ...extra });
  const entry = await insertEntry(env.db, jam.id, owner.id, scratchId++);
  return { jam, entry };
}

describe('rating an entry', () => {
  it('stores stars per criterion, answers your own ratings, and PUT again with the same stars changes nothing', async () => {
    const { jam, entry } = await ratingsJam();
    const first = await rate(jam.slug, entry.id, rater, { '1': 4, '3': 2 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      judging: 'ratings',
      ratings: [
        { entryId: entry.id, criterionId: 1, stars: 4 },
        { entryId: entry.id, criterionId: 3, stars: 2 },
      ],
    });
    const again = await rate(jam.slug, entry.id, rater, { '1': 4, '3': 2 });
    expect(again.status).toBe(200);
    expect(again.body.ratings).toEqual(first.body.ratings);
    expect(await starsOf(entry.id, rater.id)).toEqual([
      { criterionId: 1, stars: 4 },
      { criterionId: 3, stars: 2 },
    ]);
  });

  it('changes one criterion and keeps the others; DELETE takes back all of them', async () => {
    const { jam, entry } = await ratingsJam();
    await rate(jam.slug, entry.id, rater, { '1': 2, '2': 3 });
    expect((await rate(jam.slug, entry.id, rater, { '2': 5 })).status).toBe(200);
    expect(await starsOf(entry.id, rater.id)).toEqual([
      { criterionId: 1, stars: 2 },
      { criterionId: 2, stars: 5 },
    ]);
    const mine = await env.request(`/api/jams/${jam.slug}/my-votes`, { as: rater });
    expect(mine.body.ratings).toHaveLength(2);
    const removed = await env.request(`/api/jams/${jam.slug}/entries/${entry.id}/rating`, { method: 'DELETE', as: rater });
    expect(removed.status).toBe(200);
    expect(removed.body.ratings).toEqual([]);
    expect(await starsOf(entry.id, rater.id)).toEqual([]);
  });

  it('refuses bad stars and unknown criteria with a clear message, storing nothing', async () => {
    const { jam, entry } = await ratingsJam();
    const cases: [unknown, string][] = [
      [{ '1': 6 }, 'Stars are a whole number from 1 to 5.'],
      [{ '1': 0 }, 'Stars are a whole number from 1 to 5.'],
      [{ '1': 2.5 }, 'Stars are a whole number from 1 to 5.'],
      [{}, 'Rate at least one criterion.'],
      [{ '9': 3 }, 'This jam has no criterion 9.'],
    ];
    for (const [stars, message] of cases) {
      const reply = await rate(jam.slug, entry.id, rater, stars);
      expect(reply.status, JSON.stringify(stars)).toBe(400);
      expect(reply.body.error.message).toContain(message);
    }
    expect(await starsOf(entry.id, rater.id)).toEqual([]);
  });

  it("refuses your own and your team's entry, like upvotes", async () => {
    const { jam, entry } = await ratingsJam();
    const own = await rate(jam.slug, entry.id, owner, { '1': 5 });
    expect(own.status).toBe(403);
    expect(own.body.error).toEqual({ status: 403, code: 'forbidden', message: 'You cannot rate your own project.' });
    await env.db.insert(entryCredits).values({ entryId: entry.id, userId: other.id, jamId: jam.id, status: 'accepted' });
    const team = await rate(jam.slug, entry.id, other, { '1': 5 });
    expect(team.status).toBe(403);
    expect(team.body.error.message).toBe('You cannot rate your own project.');
  });

  it('follows "Who can vote", "Play before you vote" and the voting period', async () => {
    const { jam, entry } = await ratingsJam({ whoCanVote: 'participants', playBeforeVote: true });
    const notJoined = await rate(jam.slug, entry.id, rater, { '1': 3 });
    expect(notJoined.status).toBe(403);
    expect(notJoined.body.error.message).toBe('Only participants of this jam can vote.');
    await env.db.insert(jamParticipants).values({ jamId: jam.id, userId: rater.id });
    const unplayed = await rate(jam.slug, entry.id, rater, { '1': 3 });
    expect(unplayed.status).toBe(403);
    expect(unplayed.body.error.message).toBe(
      'Play this entry before you rate it: this jam counts ratings only for entries the rater has opened.',
    );
    await env.db.insert(plays).values({ entryId: entry.id, playerId: rater.id, jamId: jam.id });
    expect((await rate(jam.slug, entry.id, rater, { '1': 3 })).status).toBe(200);

    const now = Date.now();
    const over = await ratingsJam({ startsAt: new Date(now - 48 * HOUR), endsAt: new Date(now - HOUR) });
    const late = await rate(over.jam.slug, over.entry.id, rater, { '1': 3 });
    expect(late.status).toBe(409);
    expect(late.body.error).toEqual({ status: 409, code: 'conflict', message: 'Voting is only open while the jam is ongoing.' });
  });

  it('is refused on an upvotes jam, and upvotes are refused on a ratings jam', async () => {
    const upvotes = await insertJam(env.db);
    const entry = await insertEntry(env.db, upvotes.id, owner.id, scratchId++);
    const rated = await rate(upvotes.slug, entry.id, rater, { '1': 3 });
    expect(rated.status).toBe(409);
    expect(rated.body.error).toEqual({
      status: 409,
      code: 'conflict',
      message: 'This jam is judged by upvotes, not star ratings: upvote the entry instead.',
    });
    const { jam, entry: ratedEntry } = await ratingsJam();
    const upvoted = await env.request(`/api/jams/${jam.slug}/entries/${ratedEntry.id}/vote`, { method: 'PUT', as: rater });
    expect(upvoted.status).toBe(409);
    expect(upvoted.body.error.message).toBe('This jam is judged by star ratings, not upvotes: rate the entry instead.');
  });
});

describe("a ratings jam's options", () => {
  const created = (body: Record<string, unknown>) =>
    env.request('/api/jams', {
      method: 'POST',
      as: admin,
      body: {
        name: `Ratings options ${scratchId++}`,
        description: 'Stars for everything.',
        startsAt: '2030-01-01T10:00:00.000Z',
        endsAt: '2030-01-08T10:00:00.000Z',
        ...body,
      },
    });

  it('starts with the default criteria and a minimum of 3 ratings, and numbers new criteria', async () => {
    const plain = await created({ judging: 'ratings' });
    expect(plain.status).toBe(201);
    expect(plain.body).toMatchObject({
      judging: 'ratings',
      minRatings: 3,
      criteria: [
        { id: 1, name: 'Overall' },
        { id: 2, name: 'Fun' },
        { id: 3, name: 'Art' },
        { id: 4, name: 'Sound' },
        { id: 5, name: 'Theme' },
      ],
    });
    const own = await created({ judging: 'ratings', criteria: [{ name: 'Overall' }, { name: 'Creativity' }], minRatings: 0 });
    expect(own.body).toMatchObject({
      minRatings: 0,
      criteria: [
        { id: 1, name: 'Overall' },
        { id: 2, name: 'Creativity' },
      ],
    });
  });

  it('refuses no criteria, more than 6, the same name twice, and minRatings out of range', async () => {
    const seven = Array.from({ length: 7 }, (_, i) => ({ name: `C${i}` }));
    const cases: [Record<string, unknown>, string][] = [
      [{ criteria: [] }, 'Name between 1 and 6 criteria.'],
      [{ criteria: seven }, 'Name between 1 and 6 criteria.'],
      [{ criteria: [{ name: 'Fun' }, { name: 'fun' }] }, 'Two criteria have the same name.'],
      [{ criteria: [{ name: 'x'.repeat(41) }] }, 'At most 40 characters.'],
      [{ minRatings: 1001 }, 'minRatings must be a whole number from 0 to 1000.'],
      [{ judging: 'stars' }, 'judging must be upvotes or ratings'],
    ];
    for (const [body, message] of cases) {
      const reply = await created(body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.error.message).toContain(message);
    }
  });

  it('keeps ratings when a criterion is renamed, refuses removing a rated one, and refuses changing the judging once rated', async () => {
    const { jam, entry } = await ratingsJam();
    await rate(jam.slug, entry.id, rater, { '2': 4 });
    const patch = (body: Record<string, unknown>) => env.request(`/api/jams/${jam.slug}`, { method: 'PATCH', as: admin, body });

    const renamed = await patch({ criteria: [{ id: 1, name: 'Overall' }, { id: 2, name: 'Gameplay' }, { name: 'Story' }] });
    expect(renamed.status).toBe(200);
    expect(renamed.body.criteria).toEqual([
      { id: 1, name: 'Overall' },
      { id: 2, name: 'Gameplay' },
      { id: 6, name: 'Story' },
    ]);
    expect(await starsOf(entry.id, rater.id)).toEqual([{ criterionId: 2, stars: 4 }]);

    const removed = await patch({ criteria: [{ id: 1, name: 'Overall' }] });
    expect(removed.status).toBe(409);
    expect(removed.body.error.message).toBe(
      '“Gameplay” already has ratings, so it cannot be removed. You can rename it instead.',
    );
    // Removing an unrated one is fine.
    expect(
      (
        await patch({
          criteria: [
            { id: 1, name: 'Overall' },
            { id: 2, name: 'Gameplay' },
          ],
        })
      ).status,
    ).toBe(200);

    const switched = await patch({ judging: 'upvotes' });
    expect(switched.status).toBe(409);
    expect(switched.body.error.message).toBe(
      'How the jam is judged cannot change once people have voted or rated: clear the votes first, or keep it as it is.',
    );
  });

  it('clears its ratings when an administrator clears all votes, and may then switch to upvotes', async () => {
    const { jam, entry } = await ratingsJam();
    await rate(jam.slug, entry.id, rater, { '1': 3, '2': 4 });
    const cleared = await env.request(`/api/jams/${jam.slug}/votes`, { method: 'DELETE', as: admin });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toEqual({ removed: 2 });
    expect(await starsOf(entry.id, rater.id)).toEqual([]);
    const switched = await env.request(`/api/jams/${jam.slug}`, { method: 'PATCH', as: admin, body: { judging: 'upvotes' } });
    expect(switched.status).toBe(200);
  });

  it('lets an unvoted jam switch to ratings, but not a voted one', async () => {
    const fresh = await insertJam(env.db);
    const ok = await env.request(`/api/jams/${fresh.slug}`, { method: 'PATCH', as: admin, body: { judging: 'ratings' } });
    expect(ok.status).toBe(200);
    expect(ok.body.judging).toBe('ratings');
    const voted = await insertJam(env.db);
    const entry = await insertEntry(env.db, voted.id, owner.id, scratchId++);
    await insertVote(env.db, voted.id, entry.id, rater.id);
    const refused = await env.request(`/api/jams/${voted.slug}`, { method: 'PATCH', as: admin, body: { judging: 'ratings' } });
    expect(refused.status).toBe(409);
  });
});

describe("a ratings jam's results", () => {
  it('show per criterion the average, the number of ratings and the place, with "not enough ratings" as no place', async () => {
    const now = Date.now();
    const jam = await insertJam(env.db, {
      judging: 'ratings',
      minRatings: 2,
      criteria: [
        { id: 1, name: 'Overall' },
        { id: 2, name: 'Fun' },
      ],
      startsAt: new Date(now - 48 * HOUR),
      endsAt: new Date(now - HOUR),
    });
    const people = await env.db
      .insert(users)
      .values([1, 2, 3].map((n) => ({ name: `ratings_judge_${jam.id}_${n}` })))
      .returning();
    // a: Overall 4,4 (ranked 2nd), Fun 5 (one rating: not enough); b: Overall 5,4 (1st), Fun 2,2; c: Overall 5 only.
    const a = await insertEntry(env.db, jam.id, owner.id, scratchId++, { submittedAt: new Date(now - 40 * HOUR) });
    const b = await insertEntry(env.db, jam.id, people[2]!.id, scratchId++, { submittedAt: new Date(now - 30 * HOUR) });
    const c = await insertEntry(env.db, jam.id, rater.id, scratchId++, { submittedAt: new Date(now - 20 * HOUR) });
    const row = (entryId: number, raterId: number, criterionId: number, stars: number) => ({
      entryId,
      raterId,
      criterionId,
      stars,
      jamId: jam.id,
    });
    await env.db
      .insert(ratings)
      .values([
        row(a.id, people[0]!.id, 1, 4),
        row(a.id, people[1]!.id, 1, 4),
        row(a.id, people[0]!.id, 2, 5),
        row(b.id, people[0]!.id, 1, 5),
        row(b.id, people[1]!.id, 1, 4),
        row(b.id, people[0]!.id, 2, 2),
        row(b.id, people[1]!.id, 2, 2),
        row(c.id, people[0]!.id, 1, 5),
      ]);

    const list = await env.request(`/api/jams/${jam.slug}/entries`);
    const listed = (id: number) => list.body.entries.find((entry: { id: number }) => entry.id === id);
    expect(listed(a.id).criteria).toEqual([
      { criterionId: 1, name: 'Overall', average: 4, ratings: 2, place: 2 },
      { criterionId: 2, name: 'Fun', average: 5, ratings: 1, place: null },
    ]);
    expect(listed(a.id).rank).toBe(2);
    expect(listed(b.id).criteria).toEqual([
      { criterionId: 1, name: 'Overall', average: 4.5, ratings: 2, place: 1 },
      { criterionId: 2, name: 'Fun', average: 2, ratings: 2, place: 1 },
    ]);
    // The jam's own order is Overall's; c has too few ratings to be ranked, so it comes last, unranked.
    expect(list.body.entries.map((entry: { id: number; rank: number | null }) => [entry.id, entry.rank])).toEqual([
      [b.id, 1],
      [a.id, 2],
      [c.id, null],
    ]);
    // The community's choice is the first of that order.
    const winners = await env.request(`/api/jams/${jam.slug}/winners`);
    expect(winners.body.communityChoice.id).toBe(b.id);
    // Winners show their places per criterion.
    expect(winners.body.communityChoice.criteria.map((result: { place: number | null }) => result.place)).toEqual([1, 1]);
    // Profiles show the places per criterion.
    const profile = await env.request(`/api/user/${owner.name}/profile`);
    const shown = profile.body.entries.items.find((item: { id: number }) => item.id === a.id);
    expect(shown).toMatchObject({
      rank: 2,
      criteria: [
        { name: 'Overall', place: 2 },
        { name: 'Fun', place: null },
      ],
    });
  });

  it('keeps who rated what private: results only after voting, never the raters', async () => {
    const { jam, entry } = await ratingsJam({ minRatings: 0 });
    await rate(jam.slug, entry.id, rater, { '1': 5 });
    const list = await env.request(`/api/jams/${jam.slug}/entries`);
    expect(list.body.entries[0].criteria).toBeNull();
    expect(JSON.stringify(list.body)).not.toContain(rater.name);
    const theirs = await env.request(`/api/jams/${jam.slug}/my-votes`, { as: other });
    expect(theirs.body.ratings).toEqual([]);
    // The rater's own data download holds them.
    const download = await env.request('/api/me/export', { as: rater });
    expect(download.body.ratings).toContainEqual(
      expect.objectContaining({ entry: { id: entry.id, title: entry.title }, criterion: 'Overall', stars: 5 }),
    );
  });
});
