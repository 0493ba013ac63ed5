import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryCredits, jamParticipants, jams, users } from '#db/schema';
import { type Environment, type TestUser, startEnvironment } from '../helpers/environment';
import { insertEntry, insertJam } from '../helpers/factories';

let env: Environment;
let pixel: TestUser, cat: TestUser, banned: TestUser;

beforeAll(async () => {
  env = await startEnvironment();
  pixel = await env.login('pixel_pioneer');
  cat = await env.login('cat_coder');
  banned = await env.login('joins_banned', { isBanned: true });
});
afterAll(() => env?.close());

const participation = (slug: string, method: 'PUT' | 'DELETE', as: TestUser | null) =>
  env.request(`/api/jams/${slug}/participation`, { method, as });
const storedCount = async (jamId: number) =>
  (await env.db.select({ n: jams.participantCount }).from(jams).where(eq(jams.id, jamId)))[0]!.n;
const rows = async (jamId: number) => env.db.select().from(jamParticipants).where(eq(jamParticipants.jamId, jamId));

describe('joining a jam', () => {
  it('joins an upcoming jam once however often it is sent, and shows the count on the jam and its card', async () => {
    const jam = await insertJam(env.db, { status: 'upcoming' });
    const first = await participation(jam.slug, 'PUT', cat);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ joined: true, submitted: false, participantCount: 1 });
    expect((await participation(jam.slug, 'PUT', cat)).body).toEqual({ joined: true, submitted: false, participantCount: 1 });
    expect(await rows(jam.id)).toHaveLength(1);
    expect((await env.request(`/api/jams/${jam.slug}`)).body).toMatchObject({ participantCount: 1 });
    expect((await env.request(`/api/jams/${jam.slug}/viewer`, { as: cat })).body).toMatchObject({ joined: true });
    expect((await env.request(`/api/jams/${jam.slug}/viewer`, { as: pixel })).body).toMatchObject({ joined: false });
  });

  it('keeps the count exact when the same person joins twenty times at once and others join alongside', async () => {
    const jam = await insertJam(env.db);
    const replies = await Promise.all([
      ...Array.from({ length: 20 }, () => participation(jam.slug, 'PUT', cat)),
      ...Array.from({ length: 5 }, () => participation(jam.slug, 'PUT', pixel)),
    ]);
    expect(replies.map((reply) => reply.status)).toEqual(Array(25).fill(200));
    expect(await rows(jam.id)).toHaveLength(2);
    expect(await storedCount(jam.id)).toBe(2);
  });

  it('leaves again, and leaving twice is harmless', async () => {
    const jam = await insertJam(env.db);
    await participation(jam.slug, 'PUT', cat);
    expect((await participation(jam.slug, 'DELETE', cat)).body).toEqual({ joined: false, submitted: false, participantCount: 0 });
    expect((await participation(jam.slug, 'DELETE', cat)).body).toEqual({ joined: false, submitted: false, participantCount: 0 });
    expect(await storedCount(jam.id)).toBe(0);
  });

  it('refuses joining and leaving an ended jam with 409 and a message', async () => {
    const jam = await insertJam(env.db, { status: 'ended' });
    for (const method of ['PUT', 'DELETE'] as const) {
      const reply = await participation(jam.slug, method, cat);
      expect(reply.status).toBe(409);
      expect(reply.body).toEqual({
        error: { status: 409, code: 'conflict', message: 'This jam has ended: you can no longer join or leave it.' },
      });
    }
    expect(await storedCount(jam.id)).toBe(0);
  });

  it('refuses anonymous visitors (401) and banned users (403 banned), counting nothing', async () => {
    const jam = await insertJam(env.db);
    expect((await participation(jam.slug, 'PUT', null)).status).toBe(401);
    const reply = await participation(jam.slug, 'PUT', banned);
    expect(reply.status).toBe(403);
    expect(reply.body.error.code).toBe('banned');
    expect(await storedCount(jam.id)).toBe(0);
  });

  it('answers 404 for a jam that does not exist', async () => {
    expect((await participation('no-such-jam', 'PUT', cat)).status).toBe(404);
  });
});

describe('submitting and joining', () => {
  it('joins by submitting; then leaving is refused with 409, and removing the entry does not un-join', async () => {
    const jam = await insertJam(env.db);
    const submitted = await env.request(`/api/jams/${jam.slug}/entries`, {
      method: 'POST',
      body: { url: 'https://scratch.mit.edu/projects/100000001' },
      as: pixel,
    });
    expect(submitted.status).toBe(201);
    expect(await storedCount(jam.id)).toBe(1);
    const leave = await participation(jam.slug, 'DELETE', pixel);
    expect(leave.status).toBe(409);
    expect(leave.body.error.message).toBe('You have an entry in this jam (submitted or credited on), so you cannot leave it.');
    expect(
      (await env.request(`/api/jams/${jam.slug}/entries/${submitted.body.id}`, { method: 'DELETE', as: pixel })).status,
    ).toBe(204);
    expect(await storedCount(jam.id)).toBe(1);
    expect((await participation(jam.slug, 'PUT', pixel)).body).toEqual({ joined: true, submitted: false, participantCount: 1 });
  });

  it('counts a co-creator as entered: "submitted" in their participation, and they cannot leave (issue 45 §1)', async () => {
    // A person of its own: joins are rate limited per person, and the other tests join as cat often.
    const credited = await env.login('joins_credited');
    const jam = await insertJam(env.db);
    const entry = await insertEntry(env.db, jam.id, pixel.id, 100_450_001);
    await env.db.insert(entryCredits).values({ entryId: entry.id, userId: credited.id, jamId: jam.id, status: 'accepted' });
    expect((await participation(jam.slug, 'PUT', credited)).body).toEqual({ joined: true, submitted: true, participantCount: 1 });
    const leave = await participation(jam.slug, 'DELETE', credited);
    expect(leave.status).toBe(409);
    expect(leave.body.error.message).toBe('You have an entry in this jam (submitted or credited on), so you cannot leave it.');
    expect(await rows(jam.id)).toHaveLength(1);
  });

  it('keeps a join made before submitting as one row', async () => {
    const jam = await insertJam(env.db);
    await participation(jam.slug, 'PUT', pixel);
    await insertEntry(env.db, jam.id, cat.id, 820_000_000 + jam.id);
    expect(
      (
        await env.request(`/api/jams/${jam.slug}/entries`, {
          method: 'POST',
          body: { url: 'https://scratch.mit.edu/projects/100000001' },
          as: pixel,
        })
      ).status,
    ).toBe(201);
    expect(await rows(jam.id)).toHaveLength(1);
    expect((await participation(jam.slug, 'PUT', pixel)).body).toEqual({ joined: true, submitted: true, participantCount: 1 });
  });
});

describe('deleting a user', () => {
  it('removes their joins and lowers the count', async () => {
    const jam = await insertJam(env.db);
    const leaver = await env.login('joins_leaver');
    await participation(jam.slug, 'PUT', leaver);
    await participation(jam.slug, 'PUT', cat);
    await env.db.delete(users).where(eq(users.id, leaver.id));
    expect(
      await env.db
        .select()
        .from(jamParticipants)
        .where(and(eq(jamParticipants.userId, leaver.id))),
    ).toEqual([]);
    expect(await storedCount(jam.id)).toBe(1);
  });
});

describe('a mystery jam', () => {
  it('still shows how many joined', async () => {
    const jam = await insertJam(env.db, { status: 'upcoming', mystery: true });
    await participation(jam.slug, 'PUT', cat);
    expect((await env.request(`/api/jams/${jam.slug}`)).body).toMatchObject({ body: null, participantCount: 1 });
    const list = await env.request(`/api/jams?status=upcoming&perPage=100`);
    expect(list.body.jams.find((card: { slug: string }) => card.slug === jam.slug)).toMatchObject({ participantCount: 1 });
  });
});
