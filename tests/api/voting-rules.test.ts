/**
 * Fair judging §2: a voting period after the submission end, "Who can vote" and "Play before you
 * vote", all enforced by the vote's one INSERT … SELECT.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jamParticipants, plays, users, votes } from '#db/schema';
import type { WhoCanVote } from '#lib/judging';
import { type Environment, type TestUser, startEnvironment } from '../helpers/environment';
import { insertEntry, insertJam } from '../helpers/factories';

const HOUR = 3_600_000;
let env: Environment;
let voter: TestUser, entrant: TestUser, joiner: TestUser, admin: TestUser;

beforeAll(async () => {
  env = await startEnvironment();
  voter = await env.login('rules_voter');
  entrant = await env.login('rules_entrant');
  joiner = await env.login('rules_joiner');
  admin = await env.login('rules_admin', { isAdmin: true });
});
afterAll(() => env?.close());

const vote = (slug: string, id: number, as: TestUser, method = 'PUT') =>
  env.request(`/api/jams/${slug}/entries/${id}/vote`, { method, as });
const votesOf = async (voterId: number) =>
  (await env.db.select({ n: count() }).from(votes).where(eq(votes.voterId, voterId)))[0]!.n;

/** A jam with two entries by others, plus `entrant`'s own entry (entering joins too). */
async function jamWithRule(whoCanVote: WhoCanVote, extra: Parameters<typeof insertJam>[1] = {}) {
  const jam = await insertJam(env.db, { whoCanVote, ...extra });
  const others = [];
  for (let i = 0; i < 2; i++) {
    const [owner] = await env.db
      .insert(users)
      .values({ name: `rules_owner_${jam.id}_${i}` })
      .returning();
    others.push(await insertEntry(env.db, jam.id, owner!.id, 810_000 + jam.id * 10 + i));
  }
  await insertEntry(env.db, jam.id, entrant.id, 810_000 + jam.id * 10 + 9);
  await env.db.insert(jamParticipants).values({ jamId: jam.id, userId: entrant.id });
  await env.db.insert(jamParticipants).values({ jamId: jam.id, userId: joiner.id });
  return { jam, entries: others };
}

describe('a voting period', () => {
  it('keeps voting open after the submission end until the voting end, and refuses votes after it', async () => {
    const now = Date.now();
    const inVoting = await insertJam(env.db, {
      startsAt: new Date(now - 48 * HOUR),
      endsAt: new Date(now - HOUR),
      votingEndsAt: new Date(now + HOUR),
    });
    const [owner] = await env.db.insert(users).values({ name: 'rules_period_owner' }).returning();
    const entry = await insertEntry(env.db, inVoting.id, owner!.id, 820_001);

    const jamReply = await env.request(`/api/jams/${inVoting.slug}`);
    expect(jamReply.body).toMatchObject({ status: 'ended', phase: 'voting', resultsPublic: false });
    expect((await vote(inVoting.slug, entry.id, voter)).status).toBe(200);
    // Counts stay private during the voting period.
    const list = await env.request(`/api/jams/${inVoting.slug}/entries`);
    expect(list.body.resultsPublic).toBe(false);
    expect(list.body.entries[0].votes).toBeNull();
    // Submissions are closed.
    const submit = await env.request(`/api/jams/${inVoting.slug}/entries`, {
      method: 'POST',
      body: { url: 'https://scratch.mit.edu/projects/100000001' },
      as: voter,
    });
    expect(submit.status).toBe(409);
    expect(submit.body.error.message).toBe('This jam is currently not accepting submissions.');

    // Winners wait for the end of voting: results (and the winners API) stay private until then.
    const early = await env.request(`/api/jams/${inVoting.slug}/entries/${entry.id}/winner`, { method: 'PUT', as: admin });
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe('Winners can be chosen once the jam is over.');
    expect((await env.request(`/api/jams/${inVoting.slug}/winners`)).body).toEqual({
      winner: null,
      communityChoice: null,
      judgesChoice: null,
    });

    const over = await insertJam(env.db, {
      startsAt: new Date(now - 48 * HOUR),
      endsAt: new Date(now - 2 * HOUR),
      votingEndsAt: new Date(now - HOUR),
    });
    const late = await insertEntry(env.db, over.id, owner!.id, 820_002);
    const refused = await vote(over.slug, late.id, voter);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({ status: 409, code: 'conflict', message: 'Voting has ended for this jam.' });
    expect((await env.request(`/api/jams/${over.slug}`)).body).toMatchObject({ phase: 'ended', resultsPublic: true });
  });

  it('is set and cleared through the API, and must come after the submission end', async () => {
    const created = await env.request('/api/jams', {
      method: 'POST',
      as: admin,
      body: {
        name: 'Voting Period Jam',
        description: 'Has a week of voting.',
        startsAt: '2030-01-01T10:00:00.000Z',
        endsAt: '2030-01-08T10:00:00.000Z',
        votingEndsAt: '2030-01-15T10:00:00.000Z',
        whoCanVote: 'entrants',
        refuseOldProjects: true,
        playBeforeVote: true,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      votingEndsAt: '2030-01-15T10:00:00.000Z',
      whoCanVote: 'entrants',
      refuseOldProjects: true,
      playBeforeVote: true,
      phase: 'upcoming',
    });
    const slug = created.body.slug as string;

    const before = await env.request(`/api/jams/${slug}`, {
      method: 'PATCH',
      as: admin,
      body: { votingEndsAt: '2030-01-05T10:00:00.000Z' },
    });
    expect(before.status).toBe(400);
    expect(before.body.error.message).toBe('The voting end must be after the end.');
    // Moving the end past the stored voting end is refused the same way (PATCH checks what is stored).
    const endLater = await env.request(`/api/jams/${slug}`, {
      method: 'PATCH',
      as: admin,
      body: { endsAt: '2030-01-20T10:00:00.000Z' },
    });
    expect(endLater.status).toBe(400);
    expect(endLater.body.error.message).toBe('The voting end must be after the end.');

    // PATCH changes only what is sent.
    const cleared = await env.request(`/api/jams/${slug}`, { method: 'PATCH', as: admin, body: { votingEndsAt: null } });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ votingEndsAt: null, whoCanVote: 'entrants', playBeforeVote: true });

    const badRule = await env.request(`/api/jams/${slug}`, { method: 'PATCH', as: admin, body: { whoCanVote: 'everyone' } });
    expect(badRule.status).toBe(400);
    expect(badRule.body.error.message).toContain('whoCanVote must be anyone, participants or entrants');
  });

  it('appears in the calendar as its own event and in the feeds', async () => {
    const now = Date.now();
    const jam = await insertJam(env.db, {
      name: 'Calendar Voting Jam',
      startsAt: new Date(now + 24 * HOUR),
      endsAt: new Date(now + 48 * HOUR),
      votingEndsAt: new Date(now + 72 * HOUR),
    });
    const calendar = await env.request(`/jams/${jam.slug}.ics`);
    const text = String(calendar.body);
    expect(text).toContain(`UID:jam-${jam.id}@`);
    expect(text).toContain(`UID:jam-${jam.id}-voting@`);
    expect(text).toContain('SUMMARY:Voting: Calendar Voting Jam');
    const feed = await env.request('/feed.json');
    const item = (feed.body.items as { title: string; content_text: string; _itinerary: Record<string, unknown> }[]).find(
      (candidate) => candidate.title === 'Calendar Voting Jam',
    )!;
    expect(item.content_text).toContain('Voting ends');
    expect(item._itinerary).toMatchObject({ voting_ends_at: new Date(now + 72 * HOUR).toISOString(), phase: 'upcoming' });
  });
});

describe('who can vote', () => {
  it('lets anyone logged in vote by default', async () => {
    const { jam, entries } = await jamWithRule('anyone');
    expect((await vote(jam.slug, entries[0]!.id, voter)).status).toBe(200);
  });

  it.each([
    ['participants', 'Only participants of this jam can vote.', [true, true]],
    ['entrants', 'Only entrants of this jam can vote.', [false, true]],
  ] as const)('with %s, refuses others with "%s" and writes nothing', async (rule, message, [joinerMay, entrantMay]) => {
    const { jam, entries } = await jamWithRule(rule);
    const before = await votesOf(voter.id);
    const refused = await vote(jam.slug, entries[0]!.id, voter);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({ status: 403, code: 'forbidden', message });
    expect(await votesOf(voter.id)).toBe(before);
    const state = await env.request(`/api/jams/${jam.slug}/my-votes`, { as: voter });
    expect(state.body).toMatchObject({ whoCanVote: rule, eligible: false });

    expect((await vote(jam.slug, entries[0]!.id, joiner)).status).toBe(joinerMay ? 200 : 403);
    expect((await vote(jam.slug, entries[0]!.id, entrant)).status).toBe(entrantMay ? 200 : 403);
  });

  it('refuses every one of many votes sent at once by someone who never joined', async () => {
    const { jam, entries } = await jamWithRule('participants');
    const [late] = await env.db
      .insert(users)
      .values({ name: `rules_late_${jam.id}` })
      .returning();
    const lateUser = await env.login(late!.name);
    const replies = await Promise.all(entries.map((entry) => vote(jam.slug, entry.id, lateUser)));
    expect(replies.every((reply) => reply.status === 403)).toBe(true);
    expect(await votesOf(lateUser.id)).toBe(0);
  });
});

describe('play before you vote', () => {
  it('counts an upvote only for an entry the voter has opened', async () => {
    const { jam, entries } = await jamWithRule('anyone', { playBeforeVote: true });
    const refused = await vote(jam.slug, entries[0]!.id, voter);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(
      'Play this entry before you upvote it: this jam counts votes only for entries the voter has opened.',
    );
    await env.db.insert(plays).values({ entryId: entries[0]!.id, playerId: voter.id, jamId: jam.id });
    const state = await env.request(`/api/jams/${jam.slug}/my-votes`, { as: voter });
    expect(state.body).toMatchObject({ playBeforeVote: true, playedEntryIds: [entries[0]!.id] });
    const counted = await vote(jam.slug, entries[0]!.id, voter);
    expect(counted.status).toBe(200);
    expect(counted.body.entryIds).toEqual([entries[0]!.id]);
    // Taking a vote back never needs anything.
    expect((await vote(jam.slug, entries[0]!.id, voter, 'DELETE')).status).toBe(200);
    const rows = await env.db
      .select()
      .from(votes)
      .where(and(eq(votes.jamId, jam.id), eq(votes.voterId, voter.id)));
    expect(rows).toEqual([]);
  });
});
