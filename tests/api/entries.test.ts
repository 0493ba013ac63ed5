import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries, jams, users, votes } from '#db/schema';
import { startApp } from '../helpers/app';
import { type Environment, type TestUser, startEnvironment } from '../helpers/environment';
import { insertEntry, insertJam, insertManager, insertVote } from '../helpers/factories';
import { freePort } from '../helpers/ports';

let env: Environment;
let pixel: TestUser, cat: TestUser, griff: TestUser, admin: TestUser, manager: TestUser, banned: TestUser;

beforeAll(async () => {
  env = await startEnvironment();
  pixel = await env.login('pixel_pioneer');
  cat = await env.login('cat_coder');
  griff = await env.login('GriffTheGreat');
  admin = await env.login('entries_admin', { isAdmin: true });
  manager = await env.login('entries_manager');
  banned = await env.login('MixedCase_Maker', { isBanned: true });
});
afterAll(() => env?.close());

const submit = (slug: string, url: string, as: TestUser | null) =>
  env.request(`/api/jams/${slug}/entries`, { method: 'POST', body: { url }, as });
const entryCount = async (jamId: number) =>
  (await env.db.select({ n: count() }).from(entries).where(eq(entries.jamId, jamId)))[0]!.n;

describe('submitting a project', () => {
  it('stores the title, thumbnail and author from Scratch and shows the entry as entered', async () => {
    const jam = await insertJam(env.db);
    const reply = await submit(jam.slug, 'https://scratch.mit.edu/projects/100000001/fullscreen?x=1#y', pixel);
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      scratchId: 100000001,
      title: 'Pixel Quest',
      authorName: 'pixel_pioneer',
      thumbnailUrl: 'https://cdn2.scratch.mit.edu/get_image/project/100000001_480x360.png',
      votes: null,
    });
    const viewer = await env.request(`/api/jams/${jam.slug}/viewer`, { as: pixel });
    expect(viewer.body.entry).toMatchObject({ scratchId: 100000001 });
  });

  it.each([
    ['https://scratch.mit.edu/users/pixel_pioneer', 400, 'url: The URL entered is invalid!'],
    ['', 400, 'url: Please fill in the required fields!'],
    ['https://scratch.mit.edu/projects/100000002', 403, 'You can only submit projects you own'],
    [
      'https://scratch.mit.edu/projects/100000003',
      404,
      'That project could not be found on Scratch. Make sure it exists and is shared.',
    ],
    [
      'https://scratch.mit.edu/projects/999999999',
      404,
      'That project could not be found on Scratch. Make sure it exists and is shared.',
    ],
  ])('refuses %s with %i and writes nothing', async (url, status, message) => {
    const jam = await insertJam(env.db);
    const reply = await submit(jam.slug, url, pixel);
    expect(reply.status).toBe(status);
    expect(reply.body.error.message).toBe(message);
    expect(await entryCount(jam.id)).toBe(0);
  });

  it('matches the owner case-insensitively (Scratch names are)', async () => {
    const jam = await insertJam(env.db);
    const reply = await submit(jam.slug, 'https://scratch.mit.edu/projects/100000004', griff);
    expect(reply.status).toBe(201);
  });

  it('takes one entry per user and each project once per jam', async () => {
    const jam = await insertJam(env.db);
    expect((await submit(jam.slug, 'https://scratch.mit.edu/projects/100000001', pixel)).status).toBe(201);
    const second = await submit(jam.slug, 'https://scratch.mit.edu/projects/100000001', pixel);
    expect(second.status).toBe(409);
    expect(second.body.error.message).toBe('You have already entered this game jam.');
    await env.db
      .insert(entries)
      .values({ jamId: jam.id, scratchId: 100000002, submitterId: griff.id, title: 'x', authorName: 'x' });
    const taken = await submit(jam.slug, 'https://scratch.mit.edu/projects/100000002', cat);
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe('This project has already been submitted to this jam.');
  });

  it.each(['upcoming', 'ended'] as const)('refuses entries while the jam is %s', async (status) => {
    const jam = await insertJam(env.db, { status });
    const reply = await submit(jam.slug, 'https://scratch.mit.edu/projects/100000001', pixel);
    expect(reply.status).toBe(409);
    expect(reply.body.error.message).toBe('This jam is currently not accepting submissions.');
  });

  it('refuses anonymous and banned users', async () => {
    const jam = await insertJam(env.db);
    expect((await submit(jam.slug, 'https://scratch.mit.edu/projects/100000005', null)).status).toBe(401);
    const reply = await submit(jam.slug, 'https://scratch.mit.edu/projects/100000005', banned);
    expect(reply.status).toBe(403);
    expect(reply.body.error.code).toBe('banned');
    expect(await entryCount(jam.id)).toBe(0);
  });

  it('says the servers could not reach Scratch when its API is down, and writes nothing', async () => {
    const deadPort = await freePort();
    const app = await startApp({ DATABASE_URL: env.databaseUrl, SCRATCH_API_URL: `http://127.0.0.1:${deadPort}` });
    try {
      const jam = await insertJam(env.db);
      const response = await fetch(`${app.url}/api/jams/${jam.slug}/entries`, {
        method: 'POST',
        headers: { ...pixel.headers, origin: app.url, 'content-type': 'application/json' },
        body: JSON.stringify({ url: 'https://scratch.mit.edu/projects/100000001' }),
      });
      expect(response.status).toBe(502);
      expect((await response.json()).error.message).toBe(
        'The servers could not communicate with the auth provider and/or the Scratch API. Please try again later.',
      );
      expect(await entryCount(jam.id)).toBe(0);
    } finally {
      await app.stop();
    }
  });
});

describe('upvotes', () => {
  async function jamWithEntries(n: number, status: 'ongoing' | 'ended' = 'ongoing') {
    const jam = await insertJam(env.db, { status });
    const entries = [];
    for (let i = 0; i < n; i++) {
      const [owner] = await env.db
        .insert(users)
        .values({ name: `owner_${jam.id}_${i}` })
        .returning();
      entries.push(await insertEntry(env.db, jam.id, owner!.id, 700_000 + jam.id * 100 + i));
    }
    return { jam, entries };
  }
  const vote = (slug: string, id: number, as: TestUser | null, method = 'PUT') =>
    env.request(`/api/jams/${slug}/entries/${id}/vote`, { method, as });

  it('counts down the remaining votes and refuses the fourth', async () => {
    const { jam, entries } = await jamWithEntries(4);
    expect((await env.request(`/api/jams/${jam.slug}/my-votes`, { as: cat })).body).toEqual({
      judging: 'upvotes',
      limit: 3,
      used: 0,
      remaining: 3,
      entryIds: [],
      whoCanVote: 'anyone',
      eligible: true,
      whoJudges: 'community',
      judge: false,
      playBeforeVote: false,
      playedEntryIds: [],
      ratings: [],
    });
    for (const [index, entry] of entries.slice(0, 3).entries()) {
      const reply = await vote(jam.slug, entry.id, cat);
      expect(reply.status).toBe(200);
      expect(reply.body.remaining).toBe(2 - index);
    }
    const fourth = await vote(jam.slug, entries[3]!.id, cat);
    expect(fourth.status).toBe(409);
    expect(fourth.body.error.message).toBe('You have used all 3 of your votes in this jam.');
    const back = await vote(jam.slug, entries[0]!.id, cat, 'DELETE');
    expect(back.body.remaining).toBe(1);
    expect((await vote(jam.slug, entries[3]!.id, cat)).status).toBe(200);
  });

  it('stores exactly 3 votes when one user sends 50 votes at once', async () => {
    const { jam, entries } = await jamWithEntries(10);
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) => vote(jam.slug, entries[i % entries.length]!.id, griff)),
    );
    expect(replies.every((reply) => reply.status === 200 || reply.status === 409)).toBe(true);
    const [row] = await env.db.select({ n: count() }).from(votes).where(eq(votes.voterId, griff.id));
    const inJam = await env.db.select().from(votes).where(eq(votes.jamId, jam.id));
    expect(inJam.filter((v) => v.voterId === griff.id)).toHaveLength(3);
    expect(row!.n).toBeGreaterThanOrEqual(3);
  });

  it('refuses a vote for your own entry, anonymous votes and votes outside the jam', async () => {
    const jam = await insertJam(env.db);
    const own = await insertEntry(env.db, jam.id, cat.id, 100000002);
    const self = await vote(jam.slug, own.id, cat);
    expect(self.status).toBe(403);
    expect(self.body.error.message).toBe('You cannot upvote your own project.');
    expect((await vote(jam.slug, own.id, null)).status).toBe(401);
    const { jam: ended, entries } = await jamWithEntries(1, 'ended');
    const late = await vote(ended.slug, entries[0]!.id, cat);
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe('Voting is only open while the jam is ongoing.');
    const other = await jamWithEntries(1);
    expect((await vote(jam.slug, other.entries[0]!.id, cat)).status).toBe(404);
  });
});

describe('winners and results', () => {
  it('ranks by votes after the end, picks the community choice (ties → earliest) apart from the selected winner', async () => {
    const jam = await insertJam(env.db, { status: 'ended' });
    const voters = await Promise.all(['w_v1', 'w_v2', 'w_v3'].map((name) => env.login(name)));
    const a = await insertEntry(env.db, jam.id, voters[0]!.id, 810_001, { submittedAt: new Date(Date.now() - 40 * 3_600_000) });
    const b = await insertEntry(env.db, jam.id, voters[1]!.id, 810_002, { submittedAt: new Date(Date.now() - 39 * 3_600_000) });
    const c = await insertEntry(env.db, jam.id, voters[2]!.id, 810_003, { submittedAt: new Date(Date.now() - 38 * 3_600_000) });
    await insertVote(env.db, jam.id, b.id, voters[0]!.id);
    await insertVote(env.db, jam.id, c.id, voters[0]!.id);
    await insertVote(env.db, jam.id, b.id, voters[2]!.id);
    await insertVote(env.db, jam.id, c.id, voters[1]!.id);
    await insertVote(env.db, jam.id, a.id, voters[1]!.id);

    const list = await env.request(`/api/jams/${jam.slug}/entries`);
    expect(list.body.resultsPublic).toBe(true);
    expect(list.body.entries.map((e: { id: number; votes: number; rank: number }) => [e.id, e.votes, e.rank])).toEqual([
      [b.id, 2, 1],
      [c.id, 2, 2],
      [a.id, 1, 3],
    ]);
    let winners = await env.request(`/api/jams/${jam.slug}/winners`);
    expect(winners.body.winner).toBeNull();
    expect(winners.body.communityChoice.id).toBe(b.id);

    await insertManager(env.db, jam.id, manager.id);
    const select = await env.request(`/api/jams/${jam.slug}/entries/${b.id}/winner`, { method: 'PUT', as: manager });
    expect(select.status).toBe(200);
    expect(select.body.winner.id).toBe(b.id);
    expect(select.body.communityChoice.id).toBe(c.id);
    winners = await env.request(`/api/jams/${jam.slug}/entries/${b.id}/winner`, { method: 'DELETE', as: admin });
    expect(winners.body.winner).toBeNull();
    expect(winners.body.communityChoice.id).toBe(b.id);
    expect((await env.request(`/api/jams/${jam.slug}/entries/${a.id}/winner`, { method: 'PUT', as: cat })).status).toBe(403);
  });

  it('keeps vote counts private and winners empty while the jam runs', async () => {
    const jam = await insertJam(env.db);
    const entry = await insertEntry(env.db, jam.id, pixel.id, 820_001);
    await insertVote(env.db, jam.id, entry.id, cat.id);
    const list = await env.request(`/api/jams/${jam.slug}/entries`);
    expect(list.body.entries[0]).toMatchObject({ votes: null, rank: null });
    expect((await env.request(`/api/jams/${jam.slug}/winners`)).body).toEqual({
      winner: null,
      communityChoice: null,
      judgesChoice: null,
    });
    await insertManager(env.db, jam.id, manager.id);
    const early = await env.request(`/api/jams/${jam.slug}/entries/${entry.id}/winner`, { method: 'PUT', as: manager });
    expect(early.status).toBe(409);
  });
});

describe('removing entries', () => {
  it('lets the submitter, a manager or an admin remove an entry with its votes, and nobody else', async () => {
    const jam = await insertJam(env.db);
    await insertManager(env.db, jam.id, manager.id);
    const e1 = await insertEntry(env.db, jam.id, pixel.id, 830_001);
    const e2 = await insertEntry(env.db, jam.id, griff.id, 830_002);
    const e3 = await insertEntry(env.db, jam.id, cat.id, 830_003);
    await insertVote(env.db, jam.id, e1.id, cat.id);
    const remove = (id: number, as: TestUser | null) =>
      env.request(`/api/jams/${jam.slug}/entries/${id}`, { method: 'DELETE', as });
    expect((await remove(e1.id, null)).status).toBe(401);
    expect((await remove(e1.id, cat)).status).toBe(403);
    expect((await remove(e1.id, pixel)).status).toBe(204);
    expect((await env.db.select({ n: count() }).from(votes).where(eq(votes.entryId, e1.id)))[0]!.n).toBe(0);
    expect((await remove(e2.id, manager)).status).toBe(204);
    expect((await remove(e3.id, admin)).status).toBe(204);
    expect(await entryCount(jam.id)).toBe(0);
  });

  it('gives managers a CSV of all entries and refuses everyone else', async () => {
    const jam = await insertJam(env.db);
    await insertManager(env.db, jam.id, manager.id);
    await insertEntry(env.db, jam.id, pixel.id, 840_001, { title: '=HYPERLINK("x")' });
    const csv = await env.request(`/api/jams/${jam.slug}/entries.csv`, { as: manager });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.body).toContain('id,title,author,url,submitted_at,votes,winner');
    expect(csv.body).toContain(`"'=HYPERLINK(""x"")"`);
    expect((await env.request(`/api/jams/${jam.slug}/entries.csv`, { as: pixel })).status).toBe(403);
  });

  it('clearing all submissions is for administrators only', async () => {
    const jam = await insertJam(env.db);
    await insertManager(env.db, jam.id, manager.id);
    await insertEntry(env.db, jam.id, pixel.id, 850_001);
    expect((await env.request(`/api/jams/${jam.slug}/entries`, { method: 'DELETE', as: manager })).status).toBe(403);
    expect(await entryCount(jam.id)).toBe(1);
    const cleared = await env.request(`/api/jams/${jam.slug}/entries`, { method: 'DELETE', as: admin });
    expect(cleared.body).toEqual({ removed: 1 });
    expect(await entryCount(jam.id)).toBe(0);
    expect(await env.db.select().from(jams).where(eq(jams.id, jam.id))).toHaveLength(1);
  });
});
