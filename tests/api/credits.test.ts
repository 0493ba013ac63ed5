import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, entries, entryCredits, jams, kudos, notifications, users, votes } from '#db/schema';
import { type Environment, type TestUser, startEnvironment } from '../helpers/environment';
import { insertEntry, insertJam, insertManager } from '../helpers/factories';

let env: Environment;
let lead: TestUser, mate: TestUser, shy: TestUser, stranger: TestUser, banned: TestUser, manager: TestUser;
let scratchIds = 960_000;

beforeAll(async () => {
  env = await startEnvironment();
  lead = await env.login('credits_lead');
  mate = await env.login('credits_mate');
  shy = await env.login('credits_shy');
  stranger = await env.login('credits_stranger');
  banned = await env.login('credits_banned', { isBanned: true });
  manager = await env.login('credits_manager');
});
afterAll(() => env?.close());

let leads = 0;
/** A jam with an entry; each has its own submitter, so the invitation rate limit is never in the way. */
async function teamEntry(status: 'ongoing' | 'ended' = 'ongoing') {
  const submitter = await env.login(`credits_lead_${(leads += 1)}`);
  lead = submitter;
  const jam = await insertJam(env.db, { status, feedback: 'notes' });
  const entry = await insertEntry(env.db, jam.id, submitter.id, (scratchIds += 1), {
    title: 'Leaf Catcher',
    authorName: submitter.name,
  });
  return { jam, entry, lead: submitter, path: `/api/jams/${jam.slug}/entries/${entry.id}/credits` };
}
const invite = (path: string, name: string, as: TestUser | null = lead) =>
  env.request(path, { method: 'POST', body: { name }, as });
const accept = (entryId: number, as: TestUser) => env.request(`/api/me/invitations/${entryId}`, { method: 'PUT', as });
const decline = (entryId: number, as: TestUser) => env.request(`/api/me/invitations/${entryId}`, { method: 'DELETE', as });
const takeOff = (path: string, name: string, as: TestUser) => env.request(`${path}/${name}`, { method: 'DELETE', as });
const eventsOf = (userId: number, entryId: number) =>
  env.db
    .select({ kind: notifications.kind, key: notifications.key, actorId: notifications.actorId, readAt: notifications.readAt })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.entryId, entryId)));

describe('inviting co-creators', () => {
  it('invites by username, lists the invitation for the invitee, and credits them once they accept', async () => {
    const { jam, entry, path } = await teamEntry();
    const invited = await invite(path, 'CREDITS_MATE');
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({
      entryId: entry.id,
      submitter: { name: lead.name, avatar: `/api/user/${lead.name}/picture` },
      credits: [{ name: 'credits_mate', avatar: '/api/user/credits_mate/picture', status: 'invited', acceptedAt: null }],
      max: 4,
      open: true,
      role: 'submitter',
    });
    // Not credited yet: visitors see nobody, the cards show nobody.
    expect((await env.request(path)).body.credits).toEqual([]);
    const mine = await env.request('/api/me/invitations', { as: mate });
    expect(mine.body.invitations).toEqual([
      {
        entryId: entry.id,
        entryTitle: 'Leaf Catcher',
        thumbnailUrl: null,
        jam: { slug: jam.slug, name: jam.name },
        invitedBy: lead.name,
        invitedAt: expect.any(String),
      },
    ]);

    const accepted = await accept(entry.id, mate);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ invitations: [] });
    expect((await accept(entry.id, mate)).status).toBe(200);
    const team = await env.request(path);
    expect(team.body.credits).toEqual([
      {
        name: 'credits_mate',
        avatar: '/api/user/credits_mate/picture',
        status: 'accepted',
        invitedAt: expect.any(String),
        acceptedAt: expect.any(String),
      },
    ]);
    const list = await env.request(`/api/jams/${jam.slug}/entries`);
    expect(list.body.entries[0].coCreators).toEqual([{ name: 'credits_mate', avatar: '/api/user/credits_mate/picture' }]);
    const page = (await env.request(`/jams/${jam.slug}/entries/${entry.id}`)).body as string;
    expect(page).toContain('href="/users/credits_mate"');
  });

  it('answers the same invitation when inviting someone twice, and refuses yourself', async () => {
    const { path } = await teamEntry();
    expect((await invite(path, 'credits_shy')).status).toBe(201);
    const again = await invite(path, 'credits_shy');
    expect(again.status).toBe(200);
    expect(again.body.credits).toHaveLength(1);
    const self = await invite(path, lead.name.toUpperCase());
    expect(self.status).toBe(400);
    expect(self.body.error.message).toBe(
      'You are already on this entry as its submitter. Invite the people who made it with you.',
    );
  });

  it('creates the account of a Scratcher who never logged in, and says when Scratch has no such user', async () => {
    const { path } = await teamEntry();
    const invited = await invite(path, 'team_newcomer');
    expect(invited.status).toBe(201);
    expect(invited.body.credits[0].name).toBe('Team_Newcomer');
    const [row] = await env.db.select().from(users).where(eq(users.name, 'Team_Newcomer'));
    expect(row).toBeDefined();
    const unknown = await invite(path, 'nobody_by_that_name');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('Scratch has no user called nobody_by_that_name. Check the spelling and try again.');
    const invalid = await invite(path, 'not a name!');
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.message).toBe('name: That is not a valid Scratch username.');
  });

  it('lets only the submitter invite, refuses banned users and visitors', async () => {
    const { path } = await teamEntry();
    const byStranger = await invite(path, 'credits_shy', stranger);
    expect(byStranger.status).toBe(403);
    expect(byStranger.body.error.message).toBe('Only the person who submitted this entry can invite co-creators.');
    expect((await invite(path, 'credits_shy', null)).status).toBe(401);
    const bannedInvitee = await invite(path, 'credits_banned');
    expect(bannedInvitee.status).toBe(409);
    expect(bannedInvitee.body.error.message).toBe('credits_banned can’t be credited on entries right now.');
    expect((await invite(path, 'credits_shy', banned)).status).toBe(403);
  });

  it('credits at most four co-creators, invited and accepted together, even with requests at once', async () => {
    const { path } = await teamEntry();
    const names = ['cr_four_a', 'cr_four_b', 'cr_four_c', 'cr_four_d', 'cr_four_e', 'cr_four_f'];
    for (const name of names) await env.login(name);
    const answers = await Promise.all(names.map((name) => invite(path, name)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(4);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(refused).toHaveLength(2);
    expect(refused[0]!.body.error.message).toBe(
      'An entry can credit up to 4 co-creators. Take back an invitation to make room for someone else.',
    );
  });

  it('cuts a flood of invitations after 10 a minute with 429, before Scratch is asked', async () => {
    const { path } = await teamEntry();
    for (let n = 0; n < 10; n++) expect((await invite(path, `cr_ghost_${n}`)).status).toBe(404);
    const cut = await invite(path, 'cr_ghost_10');
    expect(cut.status).toBe(429);
    const wait = Number(cut.headers.get('retry-after'));
    expect(cut.body.error).toEqual({
      status: 429,
      code: 'rate_limited',
      message: `Too many invitations. Please wait ${wait} ${wait === 1 ? 'second' : 'seconds'} and try again.`,
      retryAfter: wait,
    });
  });

  it('freezes the team once the jam stops taking submissions, and says so', async () => {
    const { path } = await teamEntry('ended');
    const late = await invite(path, 'credits_mate');
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe(
      'Submissions for this jam have closed, so its teams are settled and can no longer change.',
    );
  });
});

describe('one entry per person per jam', () => {
  it('refuses to invite someone who already submitted or is credited in the jam', async () => {
    const { jam, path } = await teamEntry();
    const submitter = await env.login('cr_has_entry');
    await insertEntry(env.db, jam.id, submitter.id, (scratchIds += 1));
    const refused = await invite(path, 'cr_has_entry');
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      'cr_has_entry already has an entry in this jam. Everyone can be part of one entry per jam, so they can’t join this team.',
    );
  });

  it('refuses to accept once you submitted your own entry to the jam (invited first, submitted after)', async () => {
    const { jam, entry, path } = await teamEntry();
    const both = await env.login('cr_both_orders');
    await invite(path, 'cr_both_orders');
    await insertEntry(env.db, jam.id, both.id, (scratchIds += 1));
    const refused = await accept(entry.id, both);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      'You already have an entry in this jam. Everyone can be part of one entry per jam, so you can’t join this team too.',
    );
  });

  it('refuses to submit an entry once you are credited on one in the jam', async () => {
    const { jam, entry, path } = await teamEntry();
    const credited = await env.login('pixel_pioneer');
    await invite(path, 'pixel_pioneer');
    expect((await accept(entry.id, credited)).status).toBe(200);
    const submitted = await env.request(`/api/jams/${jam.slug}/entries`, {
      method: 'POST',
      as: credited,
      body: { url: 'https://scratch.mit.edu/projects/900000101' },
    });
    expect(submitted.status).toBe(409);
    expect(submitted.body.error.message).toBe(
      'You are already credited as a co-creator of an entry in this jam. Everyone can be part of one entry per jam.',
    );
  });

  it('lets only one of two invitations in a jam be accepted, even at once', async () => {
    const first = await teamEntry();
    const otherLead = await env.login('cr_other_lead');
    const second = await insertEntry(env.db, first.jam.id, otherLead.id, (scratchIds += 1));
    const secondPath = `/api/jams/${first.jam.slug}/entries/${second.id}/credits`;
    const wanted = await env.login('cr_wanted');
    await invite(first.path, 'cr_wanted');
    await invite(secondPath, 'cr_wanted', otherLead);
    const answers = await Promise.all([accept(first.entry.id, wanted), accept(second.id, wanted)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const credited = await env.db
      .select()
      .from(entryCredits)
      .where(and(eq(entryCredits.userId, wanted.id), eq(entryCredits.status, 'accepted')));
    expect(credited).toHaveLength(1);
  });

  it('lets the database refuse a second credit in a jam whatever the services check', async () => {
    const { jam, entry } = await teamEntry();
    const other = await insertEntry(env.db, jam.id, stranger.id, (scratchIds += 1));
    const person = await env.login('cr_db_rule');
    await env.db.insert(entryCredits).values({ entryId: entry.id, userId: person.id, jamId: jam.id, status: 'accepted' });
    await expect(
      env.db.insert(entryCredits).values({ entryId: other.id, userId: person.id, jamId: jam.id, status: 'accepted' }),
    ).rejects.toThrow();
  });
});

describe('answering and taking back', () => {
  it('declines: the invitation goes and the submitter is told once', async () => {
    const { entry, path } = await teamEntry();
    await invite(path, 'credits_shy');
    const declined = await decline(entry.id, shy);
    expect(declined.status).toBe(200);
    expect(declined.body.invitations.map((invitation: { entryId: number }) => invitation.entryId)).not.toContain(entry.id);
    expect((await decline(entry.id, shy)).status).toBe(404);
    expect((await env.request(path, { as: lead })).body.credits).toEqual([]);
    expect(await eventsOf(lead.id, entry.id)).toEqual([
      {
        kind: 'credit-declined',
        key: expect.stringMatching(`^credit-declined:${entry.id}:${shy.id}:`),
        actorId: shy.id,
        readAt: null,
      },
    ]);
    // The invitation's own event is marked read, so nobody is asked twice.
    const [invited] = await eventsOf(shy.id, entry.id);
    expect(invited).toMatchObject({ kind: 'credit-invited', actorId: lead.id, readAt: expect.any(Date) });
  });

  it('takes an invitation back: it is gone from the invitee’s dashboard and inbox, and cannot be accepted', async () => {
    const { entry, path } = await teamEntry();
    await invite(path, 'credits_mate');
    expect(await eventsOf(mate.id, entry.id)).toHaveLength(1);
    const back = await takeOff(path, 'credits_mate', lead);
    expect(back.status).toBe(200);
    expect(back.body.credits).toEqual([]);
    expect(await eventsOf(mate.id, entry.id)).toEqual([]);
    expect((await env.request('/api/me/invitations', { as: mate })).body.invitations).toEqual([]);
    const late = await accept(entry.id, mate);
    expect(late.status).toBe(404);
    expect(late.body.error.message).toBe('There is no invitation for you on this entry (it may have been taken back).');
  });

  it('tells the submitter once when someone accepts, and the invitee once when invited', async () => {
    const { entry, path } = await teamEntry();
    await invite(path, 'credits_mate');
    await invite(path, 'credits_mate');
    await accept(entry.id, mate);
    await accept(entry.id, mate);
    expect(await eventsOf(lead.id, entry.id)).toEqual([
      {
        kind: 'credit-accepted',
        key: expect.stringMatching(`^credit-accepted:${entry.id}:${mate.id}:`),
        actorId: mate.id,
        readAt: null,
      },
    ]);
    const invited = await eventsOf(mate.id, entry.id);
    expect(invited).toEqual([
      {
        kind: 'credit-invited',
        key: expect.stringMatching(`^credit-invited:${entry.id}:${mate.id}:\\d+$`),
        actorId: lead.id,
        readAt: expect.any(Date),
      },
    ]);
    const inbox = await env.request('/api/me/notifications', { as: mate });
    expect(inbox.body.items[0]).toMatchObject({ kind: 'credit-invited', href: '/dashboard#invitations' });
  });

  it('lets a co-creator leave, and the submitter remove a co-creator; strangers may not', async () => {
    const { entry, path } = await teamEntry();
    await invite(path, 'credits_mate');
    await invite(path, 'credits_shy');
    await accept(entry.id, mate);
    await accept(entry.id, shy);
    const refused = await takeOff(path, 'credits_mate', stranger);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('Only the entry’s submitter can change its team; co-creators can leave it.');
    const left = await takeOff(path, 'credits_mate', mate);
    expect(left.status).toBe(200);
    expect(left.body).toMatchObject({ role: 'none', credits: [{ name: 'credits_shy', status: 'accepted' }] });
    expect((await takeOff(path, 'credits_shy', lead)).body.credits).toEqual([]);
    const missing = await takeOff(path, 'credits_shy', lead);
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('credits_shy is not invited to or credited on this entry.');
    const actions = await env.db
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.jamId, entry.jamId));
    expect(actions.map((row) => `${row.action}:${(row.details as { reason?: string }).reason ?? ''}`)).toEqual([
      'entry.credit.invite:',
      'entry.credit.invite:',
      'entry.credit.accept:',
      'entry.credit.accept:',
      'entry.credit.remove:leave',
      'entry.credit.remove:remove',
    ]);
  });

  it('shows pending invitations to the team and the jam’s managers, never to others', async () => {
    const { jam, entry, path } = await teamEntry();
    await insertManager(env.db, jam.id, manager.id);
    await invite(path, 'credits_mate');
    await invite(path, 'credits_shy');
    await accept(entry.id, mate);
    expect((await env.request(path, { as: mate })).body).toMatchObject({ role: 'co-creator', credits: [{}, {}] });
    expect((await env.request(path, { as: manager })).body).toMatchObject({ role: 'manager', credits: [{}, {}] });
    expect((await env.request(path, { as: shy })).body).toMatchObject({ role: 'invited', credits: [{ name: 'credits_mate' }] });
    expect((await env.request(path, { as: stranger })).body).toMatchObject({ role: 'none', credits: [{ name: 'credits_mate' }] });
  });
});

describe('what credited co-creators may do', () => {
  async function credited() {
    const made = await teamEntry();
    await invite(made.path, 'credits_mate');
    expect((await accept(made.entry.id, mate)).status).toBe(200);
    return made;
  }

  it('refuses a co-creator’s vote and kudos for their own entry, and calls it their own', async () => {
    const { jam, entry } = await credited();
    const vote = await env.request(`/api/jams/${jam.slug}/entries/${entry.id}/vote`, { method: 'PUT', as: mate });
    expect(vote.status).toBe(403);
    expect(vote.body.error.message).toBe('You cannot upvote your own project.');
    const sticker = await env.request(`/api/jams/${jam.slug}/entries/${entry.id}/kudos/fun`, { method: 'PUT', as: mate });
    expect(sticker.status).toBe(403);
    expect(sticker.body.error.message).toBe('You can’t give kudos to your own entry, but you can see what others gave it.');
    expect((await env.request(`/api/jams/${jam.slug}/entries/${entry.id}/kudos`, { as: mate })).body.own).toBe(true);
  });

  it('takes back a vote and kudos the invitee gave the entry before accepting', async () => {
    const { entry, path } = await teamEntry();
    const [jam] = await env.db.select().from(jams).where(eq(jams.id, entry.jamId));
    expect((await env.request(`/api/jams/${jam!.slug}/entries/${entry.id}/vote`, { method: 'PUT', as: shy })).status).toBe(200);
    expect((await env.request(`/api/jams/${jam!.slug}/entries/${entry.id}/kudos/art`, { method: 'PUT', as: shy })).status).toBe(
      200,
    );
    await invite(path, 'credits_shy');
    await accept(entry.id, shy);
    expect(await env.db.select().from(votes).where(eq(votes.entryId, entry.id))).toEqual([]);
    expect(await env.db.select().from(kudos).where(eq(kudos.entryId, entry.id))).toEqual([]);
  });

  it('lets a co-creator refresh the entry from Scratch and withdraw it; the submitter hears of it', async () => {
    const jam = await insertJam(env.db, { status: 'ongoing' });
    const entry = await insertEntry(env.db, jam.id, lead.id, 900000101, { title: 'Old title', authorName: lead.name });
    const path = `/api/jams/${jam.slug}/entries/${entry.id}/credits`;
    await invite(path, 'credits_mate');
    await accept(entry.id, mate);
    const refreshed = await env.request(`/api/jams/${jam.slug}/entries/${entry.id}/refresh`, { method: 'POST', as: mate });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.title).toBe('Orbit Runner');
    const removed = await env.request(`/api/jams/${jam.slug}/entries/${entry.id}`, { method: 'DELETE', as: mate });
    expect(removed.status).toBe(204);
    expect(await env.db.select().from(entries).where(eq(entries.id, entry.id))).toEqual([]);
    expect(await env.db.select().from(entryCredits).where(eq(entryCredits.entryId, entry.id))).toEqual([]);
    const [told] = await env.db
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(and(eq(notifications.userId, lead.id), eq(notifications.kind, 'entry-removed'), eq(notifications.jamId, jam.id)));
    expect(told).toEqual({ kind: 'entry-removed' });
  });

  it('lists the entry among the jams a co-creator entered on their dashboard', async () => {
    const { jam } = await credited();
    const page = (await env.request('/dashboard', { as: mate })).body as string;
    expect(page).toContain(jam.name);
    expect(page).toContain('Leaf Catcher');
  });

  it('hides a banned co-creator from the entry, and deleting a user removes their credits', async () => {
    const { jam, entry, path } = await teamEntry();
    const gone = await env.login('cr_to_delete');
    const hidden = await env.login('cr_to_ban');
    await invite(path, 'cr_to_delete');
    await invite(path, 'cr_to_ban');
    await accept(entry.id, gone);
    await accept(entry.id, hidden);
    const names = async () =>
      ((await env.request(`/api/jams/${jam.slug}/entries`)).body.entries[0].coCreators as { name: string }[]).map((c) => c.name);
    expect(await names()).toEqual(['cr_to_delete', 'cr_to_ban']);
    await env.db.update(users).set({ isBanned: true }).where(eq(users.id, hidden.id));
    expect((await env.request(path)).body.credits.map((c: { name: string }) => c.name)).toEqual(['cr_to_delete']);
    await env.db.delete(users).where(eq(users.id, gone.id));
    expect(await env.db.select().from(entryCredits).where(eq(entryCredits.userId, gone.id))).toEqual([]);
    expect((await env.request(path)).body.credits).toEqual([]);
  });
});
