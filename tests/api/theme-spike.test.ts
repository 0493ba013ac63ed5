/**
 * A theme round's vote holds under a spike (issue 43, ADR 043): 500 voters answer round 1 at once,
 * then upvote a finalist at once (half of them twice, moving their vote). Every answer the server
 * acknowledged is in the database exactly once, the counts the triggers keep match the rows, and
 * the leader is the finalist with the most upvotes. At most 100 requests are on the wire at once,
 * as a proxy's pool sends them. A vitest check in the spirit of `bench:spike`.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jams, themeAnswers, themeFinalVotes, themeSuggestions } from '#db/schema';
import { type Environment, type TestUser, startEnvironment } from '../helpers/environment';
import { insertJam } from '../helpers/factories';
import { atMostInFlight } from '../helpers/in-flight';

const VOTERS = 500;
/** Requests on the wire at once: enough to race on every row, few enough for any host's listen queue. */
const IN_FLIGHT = 100;
const HOUR = 3_600_000;
let env: Environment;
const voters: TestUser[] = [];

beforeAll(async () => {
  env = await startEnvironment();
  for (let i = 0; i < VOTERS; i++) voters.push(await env.login(`spike_voter_${i}`));
}, 120_000);
afterAll(() => env?.close());

const at = (hours: number) => new Date(Date.now() + hours * HOUR);

describe('500 voters at once', () => {
  it('keeps every acknowledged answer and upvote once, the counts exact and the leader right', async () => {
    const jam = await insertJam(env.db, {
      themeRounds: true,
      themeFinalists: 2,
      themeSuggestFrom: at(-3),
      themeRound1From: at(-2),
      themeFinalFrom: at(1),
      themeClosesAt: at(2),
      startsAt: at(10),
      endsAt: at(48),
    });
    const [a, b, c] = await env.db
      .insert(themeSuggestions)
      .values(
        ['Orbit', 'Jungle', 'Pixels'].map((text, i) => ({
          jamId: jam.id,
          key: text.toLowerCase(),
          text,
          createdAt: at(-2.5 + i * 0.1),
        })),
      )
      .returning();
    const send = atMostInFlight(IN_FLIGHT);
    const answer = (voter: TestUser, suggestionId: number, body: { answer: string }) =>
      send(() =>
        env.request(`/api/jams/${jam.slug}/theme/suggestions/${suggestionId}/answer`, { method: 'PUT', as: voter, body }),
      );
    // Round 1: every voter answers Orbit and Jungle; Pixels gets only No.
    const round1 = await Promise.all(
      voters.flatMap((voter, i) => [
        answer(voter, a!.id, { answer: i % 2 ? 'yes' : 'no' }),
        answer(voter, b!.id, { answer: 'yes' }),
        answer(voter, c!.id, { answer: 'no' }),
      ]),
    );
    expect(round1.filter((reply) => reply.status !== 200).map((reply) => reply.status)).toEqual([]);
    expect(await env.db.select().from(themeAnswers).where(eq(themeAnswers.jamId, jam.id))).toHaveLength(3 * VOTERS);
    const counts = await env.db
      .select()
      .from(themeSuggestions)
      .where(eq(themeSuggestions.jamId, jam.id))
      .orderBy(themeSuggestions.id);
    expect(counts.map(({ yes, no, looks }) => ({ yes, no, looks }))).toEqual([
      { yes: VOTERS / 2, no: VOTERS / 2, looks: VOTERS },
      { yes: VOTERS, no: 0, looks: VOTERS },
      { yes: 0, no: VOTERS, looks: VOTERS },
    ]);

    await env.db
      .update(jams)
      .set({ themeFinalFrom: at(-1) })
      .where(eq(jams.id, jam.id));
    // The final round: everyone upvotes Jungle; the even half then moves to Orbit, all at once.
    const pick = (voter: TestUser, suggestionId: number) =>
      send(() => env.request(`/api/jams/${jam.slug}/theme/pick`, { method: 'PUT', as: voter, body: { suggestionId } }));
    const picks = await Promise.all(
      voters.map(async (voter, i) => {
        const first = await pick(voter, b!.id);
        return i % 2 ? [first] : [first, await pick(voter, a!.id)];
      }),
    );
    expect(
      picks
        .flat()
        .filter((reply) => reply.status !== 200)
        .map((reply) => reply.status),
    ).toEqual([]);
    const votes = await env.db.select().from(themeFinalVotes).where(eq(themeFinalVotes.jamId, jam.id));
    expect(votes).toHaveLength(VOTERS);
    expect(votes.filter((vote) => vote.suggestionId === a!.id)).toHaveLength(VOTERS / 2);
    // A tie of upvotes (250 each): Jungle's round-1 share (100%) beats Orbit's (50%).
    const [row] = await env.db.select({ leader: jams.themeLeader }).from(jams).where(eq(jams.id, jam.id));
    expect(row!.leader).toBe('Jungle');
  }, 300_000);
});
