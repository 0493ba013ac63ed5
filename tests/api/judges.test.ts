/**
 * Judges (issue 42 §2, ADR 040): managers invite judges by Scratch username through the inbox; a jam
 * is judged by the community, by its judges only, or by both with a separate "Judges' choice"; judges
 * leave private feedback that only the entry's team, the jam's managers and its writer read.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, entryCredits, jamJudges, jams, judgeFeedback, notifications, votes } from '#db/schema';
import { type Environment, type TestUser, startEnvironment } from '../helpers/environment';
import { insertEntry, insertJam, insertManager, insertVote } from '../helpers/factories';

const HOUR = 3_600_000;
let env: Environment;
let manager: TestUser, judge: TestUser, second: TestUser, fan: TestUser, owner: TestUser, teammate: TestUser;
let scratchId = 940_000;

beforeAll(async () => {
  env = await startEnvironment();
  manager = await env.login('judges_manager');
  judge = await env.login('judges_judge');
  second = await env.login('judges_second');
  fan = await env.login('judges_fan');
  owner = await env.login('judges_owner');
  teammate = await env.login('judges_mate');
});
afterAll(() => env?.close());

async function judgedJam(extra: Parameters<typeof insertJam>[1] = {}) {
  const jam = await insertJam(env.db, extra);
  await insertManager(env.db, jam.id, manager.id);
  const entry = await insertEntry(env.db, jam.id, owner.id, scratchId++);
  return { jam, entry };
}
const invite = (slug: string, name: string, as = manager) =>
  env.request(`/api/jams/${slug}/judges`, { method: 'POST', as, body: { name } });
const accept = (slug: string, as: TestUser) => env.request(`/api/me/judge-invitations/${slug}`, { method: 'PUT', as });
/** An accepted judge (inviting through the API is tested above; it is rate limited per manager). */
async function seatJudge(slug: string, who: TestUser) {
  const [jam] = await env.db.select().from(jams).where(eq(jams.slug, slug));
  await env.db.insert(jamJudges).values({ jamId: jam!.id, userId: who.id, status: 'accepted', acceptedAt: new Date() });
}
const vote = (slug: string, id: number, as: TestUser) =>
  env.request(`/api/jams/${slug}/entries/${id}/vote`, { method: 'PUT', as });
const feedback = (slug: string, id: number, as: TestUser, text: string) =>
  env.request(`/api/jams/${slug}/entries/${id}/judge-feedback`, { method: 'PUT', as, body: { text } });
const endVoting = (jamId: number) =>
  env.db
    .update(jams)
    .set({ startsAt: new Date(Date.now() - 48 * HOUR), endsAt: new Date(Date.now() - HOUR) })
    .where(eq(jams.id, jamId));

describe('inviting judges', () => {
  it('a manager invites by username; the person is told in the inbox, accepts, and the list shows them as a judge', async () => {
    const { jam } = await judgedJam({ whoJudges: 'judges' });
    const invited = await invite(jam.slug, judge.name);
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({
      judges: [{ name: judge.name, status: 'invited', acceptedAt: null }],
      max: 20,
      whoJudges: 'judges',
    });
    expect((await invite(jam.slug, judge.name)).status).toBe(200);

    const inbox = await env.request('/api/me/notifications', { as: judge });
    expect(inbox.body.items[0]).toMatchObject({
      kind: 'judge-invited',
      actor: manager.name,
      jam: { slug: jam.slug },
      href: '/dashboard#invitations',
    });
    const mine = await env.request('/api/me/judge-invitations', { as: judge });
    expect(mine.body.invitations).toEqual([
      { jam: { slug: jam.slug, name: jam.name }, invitedBy: manager.name, invitedAt: expect.any(String) },
    ]);

    const accepted = await accept(jam.slug, judge);
    expect(accepted.status).toBe(200);
    expect(accepted.body.invitations).toEqual([]);
    const list = await env.request(`/api/jams/${jam.slug}/judges`, { as: manager });
    expect(list.body.judges).toMatchObject([{ name: judge.name, status: 'accepted' }]);
    const told = await env.request('/api/me/notifications', { as: manager });
    expect(told.body.items[0]).toMatchObject({ kind: 'judge-accepted', actor: judge.name });
    const audit = await env.db.select().from(auditLog).where(eq(auditLog.jamId, jam.id));
    expect(audit.map((row) => row.action).sort()).toEqual(['jam.judge.accept', 'jam.judge.invite']);
  });

  it('only the jam’s managers and administrators invite, list and remove judges', async () => {
    const { jam } = await judgedJam();
    const refused = await invite(jam.slug, second.name, fan);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('Only managers of this jam and administrators can do that.');
    expect((await env.request(`/api/jams/${jam.slug}/judges`, { as: fan })).status).toBe(403);
  });

  it('declining tells the manager; withdrawing an invitation takes it out of the person’s inbox', async () => {
    const { jam } = await judgedJam();
    await invite(jam.slug, judge.name);
    const declined = await env.request(`/api/me/judge-invitations/${jam.slug}`, { method: 'DELETE', as: judge });
    expect(declined.status).toBe(200);
    expect((await env.request('/api/me/notifications', { as: manager })).body.items[0]).toMatchObject({
      kind: 'judge-declined',
      actor: judge.name,
    });
    await invite(jam.slug, second.name);
    const withdrawn = await env.request(`/api/jams/${jam.slug}/judges/${second.name}`, { method: 'DELETE', as: manager });
    expect(withdrawn.status).toBe(204);
    const left = await env.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, second.id), eq(notifications.jamId, jam.id)));
    expect(left).toEqual([]);
    const gone = await accept(jam.slug, second);
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toBe('There is no invitation for you to judge this jam (it may have been withdrawn).');
  });

  it('refuses an unknown Scratch name, a full panel and new judges after voting ended, with kind messages', async () => {
    const { jam } = await judgedJam();
    const unknown = await invite(jam.slug, 'nobody_here_xyz');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('Scratch has no user called nobody_here_xyz. Check the spelling and try again.');
    const full = await judgedJam();
    const people = await Promise.all(Array.from({ length: 20 }, (_, i) => env.login(`judges_many_${i}`)));
    await env.db.insert(jamJudges).values(people.map((person) => ({ jamId: full.jam.id, userId: person.id })));
    const over = await invite(full.jam.slug, judge.name);
    expect(over.status).toBe(409);
    expect(over.body.error.message).toBe('A jam can have up to 20 judges. Withdraw an invitation to make room for someone else.');
    const ended = await judgedJam({ status: 'ended' });
    const late = await invite(ended.jam.slug, judge.name);
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe(
      'Voting has ended for this jam, so its judges are settled: the results stay as the judges left them.',
    );
  });

  it('a judge may step down; their votes go with them', async () => {
    const { jam, entry } = await judgedJam({ whoJudges: 'both' });
    await seatJudge(jam.slug, judge);
    expect((await vote(jam.slug, entry.id, judge)).status).toBe(200);
    const stepped = await env.request(`/api/jams/${jam.slug}/judges/${judge.name}`, { method: 'DELETE', as: judge });
    expect(stepped.status).toBe(204);
    expect(await env.db.select().from(votes).where(eq(votes.jamId, jam.id))).toEqual([]);
  });
});

describe('who judges', () => {
  it('in a judges-only jam only accepted judges vote, never on their own entry; everyone else is told kindly', async () => {
    const { jam, entry } = await judgedJam({ whoJudges: 'judges' });
    const refused = await vote(jam.slug, entry.id, fan);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(
      'Only this jam’s judges can vote or rate its entries. You can still play them and cheer the teams on!',
    );
    await seatJudge(jam.slug, judge);
    const cast = await vote(jam.slug, entry.id, judge);
    expect(cast.status).toBe(200);
    expect(cast.body).toMatchObject({ whoJudges: 'judges', judge: true, eligible: true, entryIds: [entry.id] });
    const own = await insertEntry(env.db, jam.id, judge.id, scratchId++);
    const mine = await vote(jam.slug, own.id, judge);
    expect(mine.status).toBe(403);
    expect(mine.body.error.message).toBe('You cannot upvote your own project.');
  });

  it('judges bypass the community’s who-can-vote rule', async () => {
    const { jam, entry } = await judgedJam({ whoJudges: 'both', whoCanVote: 'entrants' });
    expect((await vote(jam.slug, entry.id, fan)).status).toBe(403);
    await seatJudge(jam.slug, judge);
    expect((await vote(jam.slug, entry.id, judge)).status).toBe(200);
  });

  it('in a “both” jam the judges’ votes make the Judges’ choice and do not count in the community’s ranking', async () => {
    const { jam, entry: liked } = await judgedJam({ whoJudges: 'both' });
    const picked = await insertEntry(env.db, jam.id, teammate.id, scratchId++);
    await seatJudge(jam.slug, judge);
    await seatJudge(jam.slug, second);
    await insertVote(env.db, jam.id, liked.id, fan.id);
    await insertVote(env.db, jam.id, picked.id, judge.id);
    await insertVote(env.db, jam.id, picked.id, second.id);
    await endVoting(jam.id);
    const winners = await env.request(`/api/jams/${jam.slug}/winners`);
    expect(winners.body.communityChoice).toMatchObject({ id: liked.id, votes: 1 });
    expect(winners.body.judgesChoice).toMatchObject({ id: picked.id, votes: 2 });
  });

  it('in a judges-only jam the Judges’ choice is the jam’s own first and there is no community’s choice', async () => {
    const { jam, entry } = await judgedJam({ whoJudges: 'judges' });
    await seatJudge(jam.slug, judge);
    await insertVote(env.db, jam.id, entry.id, judge.id);
    await endVoting(jam.id);
    const winners = await env.request(`/api/jams/${jam.slug}/winners`);
    expect(winners.body).toMatchObject({ communityChoice: null, judgesChoice: { id: entry.id, votes: 1 } });
  });

  it('works with ratings: a judges-only ratings jam ranks by the judges’ stars', async () => {
    const { jam, entry } = await judgedJam({ whoJudges: 'judges', judging: 'ratings', minRatings: 1 });
    await seatJudge(jam.slug, judge);
    const refused = await env.request(`/api/jams/${jam.slug}/entries/${entry.id}/rating`, {
      method: 'PUT',
      as: fan,
      body: { stars: { '1': 5 } },
    });
    expect(refused.status).toBe(403);
    const rated = await env.request(`/api/jams/${jam.slug}/entries/${entry.id}/rating`, {
      method: 'PUT',
      as: judge,
      body: { stars: { '1': 4 } },
    });
    expect(rated.status).toBe(200);
    await endVoting(jam.id);
    const winners = await env.request(`/api/jams/${jam.slug}/winners`);
    expect(winners.body.judgesChoice.id).toBe(entry.id);
    expect(winners.body.judgesChoice.criteria[0]).toEqual({ criterionId: 1, name: 'Overall', average: 4, ratings: 1, place: 1 });
  });

  it('whoJudges is a jam option the managers set, fixed once anyone voted', async () => {
    const { jam, entry } = await judgedJam();
    const set = await env.request(`/api/jams/${jam.slug}`, { method: 'PATCH', as: manager, body: { whoJudges: 'both' } });
    expect(set.status).toBe(200);
    expect(set.body.whoJudges).toBe('both');
    await insertVote(env.db, jam.id, entry.id, fan.id);
    const locked = await env.request(`/api/jams/${jam.slug}`, { method: 'PATCH', as: manager, body: { whoJudges: 'judges' } });
    expect(locked.status).toBe(409);
    const bad = await env.request(`/api/jams/${jam.slug}`, { method: 'PATCH', as: manager, body: { whoJudges: 'robots' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('whoJudges must be community, judges or both');
  });
});

describe('private feedback', () => {
  it('a judge leaves one feedback per entry (PUT again replaces it); the team is told; team and managers read it, others do not', async () => {
    const { jam, entry } = await judgedJam({ whoJudges: 'judges' });
    await env.db.insert(entryCredits).values({ entryId: entry.id, userId: teammate.id, jamId: jam.id, status: 'accepted' });
    await seatJudge(jam.slug, judge);
    const first = await feedback(jam.slug, entry.id, judge, 'Great jumps! Try a sound when the cat lands.');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      canWrite: true,
      feedback: [
        { entryId: entry.id, judge: { name: judge.name }, text: 'Great jumps! Try a sound when the cat lands.', mine: true },
      ],
    });
    expect((await feedback(jam.slug, entry.id, judge, 'Great jumps! Try a sound when the cat lands.')).status).toBe(200);
    const changed = await feedback(jam.slug, entry.id, judge, 'Great jumps!');
    expect(changed.body.feedback).toHaveLength(1);
    expect(changed.body.feedback[0].text).toBe('Great jumps!');

    for (const reader of [owner, teammate, manager]) {
      const read = await env.request(`/api/jams/${jam.slug}/entries/${entry.id}/judge-feedback`, { as: reader });
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ canWrite: false, feedback: [{ text: 'Great jumps!', mine: false }] });
    }
    const stranger = await env.request(`/api/jams/${jam.slug}/entries/${entry.id}/judge-feedback`, { as: fan });
    expect(stranger.status).toBe(403);
    expect(stranger.body.error.message).toBe(
      'Judges’ feedback is private: only the entry’s team, the jam’s managers and the judge who wrote it can read it.',
    );
    const told = await env.db
      .select({ userId: notifications.userId, key: notifications.key })
      .from(notifications)
      .where(eq(notifications.kind, 'judge-feedback'));
    expect(
      told
        .filter((row) => row.key === `judge-feedback:${entry.id}:${judge.id}`)
        .map((row) => row.userId)
        .sort(),
    ).toEqual([owner.id, teammate.id].sort());
  });

  it('is in the entry page’s viewer document for those who may read it, never for anyone else', async () => {
    const { jam, entry } = await judgedJam({ whoJudges: 'judges' });
    await seatJudge(jam.slug, judge);
    await feedback(jam.slug, entry.id, judge, 'Lovely colours.');
    const asOwner = await env.request(`/api/jams/${jam.slug}/viewer?entry=${entry.id}`, { as: owner });
    expect(asOwner.body.viewedEntry.judgeFeedback.feedback).toMatchObject([{ text: 'Lovely colours.' }]);
    const asFan = await env.request(`/api/jams/${jam.slug}/viewer?entry=${entry.id}`, { as: fan });
    expect(asFan.body.viewedEntry.judgeFeedback).toBeNull();
    const anonymous = await env.request(`/api/jams/${jam.slug}/viewer?entry=${entry.id}`);
    expect(anonymous.body.viewedEntry.judgeFeedback).toBeNull();
    const page = await env.request(`/jams/${jam.slug}/entries/${entry.id}`);
    expect(String(page.body)).not.toContain('Lovely colours.');
  });

  it('refuses non-judges, a judge’s own entry, unkind or too long texts, and feedback after voting ends', async () => {
    const { jam, entry } = await judgedJam({ whoJudges: 'judges' });
    const notJudge = await feedback(jam.slug, entry.id, fan, 'Nice');
    expect(notJudge.status).toBe(403);
    expect(notJudge.body.error.message).toBe('Only this jam’s judges can leave private feedback on its entries.');
    await seatJudge(jam.slug, judge);
    const own = await insertEntry(env.db, jam.id, judge.id, scratchId++);
    const mine = await feedback(jam.slug, own.id, judge, 'Nice');
    expect(mine.status).toBe(403);
    expect(mine.body.error.message).toBe('You cannot leave judges’ feedback on your own project.');
    const link = await feedback(jam.slug, entry.id, judge, 'See https://example.com/cheats');
    expect(link.status).toBe(400);
    expect(link.body.error.code).toBe('text_refused');
    const long = await feedback(jam.slug, entry.id, judge, 'a'.repeat(1001));
    expect(long.status).toBe(400);
    expect(long.body.error.message).toContain('Feedback can be at most 1000 characters.');
    expect(await env.db.select().from(judgeFeedback).where(eq(judgeFeedback.jamId, jam.id))).toEqual([]);
    await endVoting(jam.id);
    const closed = await feedback(jam.slug, entry.id, judge, 'Nice');
    expect(closed.status).toBe(409);
    expect(closed.body.error.message).toBe('Judges’ feedback closes when voting ends, so it can no longer change.');
  });

  it('DELETE takes the feedback back and is harmless twice; "Download my data" holds the writer’s feedback', async () => {
    const { jam, entry } = await judgedJam({ whoJudges: 'judges' });
    await seatJudge(jam.slug, judge);
    await feedback(jam.slug, entry.id, judge, 'Keep going!');
    const data = await env.request('/api/me/export', { as: judge });
    expect(data.body.judgeFeedback).toContainEqual({
      entry: { id: entry.id, title: entry.title },
      jam: { slug: jam.slug, name: jam.name },
      text: 'Keep going!',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(data.body.judging).toContainEqual(
      expect.objectContaining({ jam: { slug: jam.slug, name: jam.name }, status: 'accepted' }),
    );
    for (let i = 0; i < 2; i++) {
      const removed = await env.request(`/api/jams/${jam.slug}/entries/${entry.id}/judge-feedback`, {
        method: 'DELETE',
        as: judge,
      });
      expect(removed.status).toBe(200);
      expect(removed.body).toEqual({ feedback: [], canWrite: true });
    }
  });
});
