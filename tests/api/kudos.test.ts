import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries, jams, kudos, notifications } from '#db/schema';
import { KUDOS_STICKERS } from '#lib/feedback';
import { type Environment, type TestUser, startEnvironment } from '../helpers/environment';
import { insertEntry, insertJam } from '../helpers/factories';

let env: Environment;
let me: TestUser, other: TestUser, author: TestUser, banned: TestUser;
let scratchIds = 940_000;

beforeAll(async () => {
  env = await startEnvironment();
  me = await env.login('kudos_me');
  other = await env.login('kudos_other');
  author = await env.login('kudos_author');
  banned = await env.login('kudos_banned', { isBanned: true });
});
afterAll(() => env?.close());

async function entryOf(status: 'ongoing' | 'ended' = 'ongoing', feedback: 'notes' | 'kudos' | 'off' = 'notes') {
  const jam = await insertJam(env.db, { status, feedback });
  const entry = await insertEntry(env.db, jam.id, author.id, (scratchIds += 1), { title: 'Leaf Catcher' });
  return { jam, entry, path: `/api/jams/${jam.slug}/entries/${entry.id}/kudos` };
}
const give = (path: string, sticker: string, as: TestUser | null) => env.request(`${path}/${sticker}`, { method: 'PUT', as });
const takeBack = (path: string, sticker: string, as: TestUser | null) =>
  env.request(`${path}/${sticker}`, { method: 'DELETE', as });
const zero = Object.fromEntries(KUDOS_STICKERS.map((sticker) => [sticker, 0]));

describe('kudos', () => {
  it('gives one of each sticker per person: a second PUT changes nothing, and the answer says which are yours', async () => {
    const { entry, path } = await entryOf();
    expect((await give(path, 'fun', me)).status).toBe(200);
    const twice = await give(path, 'fun', me);
    expect(twice.status).toBe(200);
    expect(twice.body).toEqual({ feedback: 'notes', total: 1, counts: { ...zero, fun: 1 }, mine: ['fun'], own: false });
    await give(path, 'art', me);
    const others = await give(path, 'fun', other);
    expect(others.body).toEqual({ feedback: 'notes', total: 3, counts: { ...zero, fun: 2, art: 1 }, mine: ['fun'], own: false });
    const [row] = await env.db.select({ n: entries.kudosCount }).from(entries).where(eq(entries.id, entry.id));
    expect(row!.n).toBe(3);
  });

  it('takes a sticker back, and taking back one you did not give changes nothing', async () => {
    const { entry, path } = await entryOf();
    await give(path, 'sounds', me);
    const back = await takeBack(path, 'sounds', me);
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ total: 0, mine: [] });
    expect((await takeBack(path, 'sounds', me)).body).toMatchObject({ total: 0, mine: [] });
    expect(await env.db.select().from(kudos).where(eq(kudos.entryId, entry.id))).toEqual([]);
  });

  it('shows everyone the counts, and a visitor has no stickers of their own', async () => {
    const { path } = await entryOf();
    await give(path, 'idea', me);
    const read = await env.request(path);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ feedback: 'notes', total: 1, counts: { ...zero, idea: 1 }, mine: null, own: false });
  });

  it('refuses kudos for your own entry, and tells you it is yours', async () => {
    const { path } = await entryOf();
    const refused = await give(path, 'fun', author);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('You can’t give kudos to your own entry, but you can see what others gave it.');
    expect((await env.request(path, { as: author })).body).toMatchObject({ own: true, mine: [] });
  });

  it('refuses kudos while the jam’s feedback is off, but lets you take one back', async () => {
    const { jam, path } = await entryOf('ended', 'kudos');
    await give(path, 'more', me);
    await env.db.update(jams).set({ feedback: 'off' }).where(eq(jams.id, jam.id));
    const refused = await give(path, 'fun', me);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({ status: 409, code: 'conflict', message: 'Kudos are turned off for this jam.' });
    expect((await takeBack(path, 'more', me)).body).toMatchObject({ feedback: 'off', total: 0 });
  });

  it('asks visitors to log in, refuses banned people and unknown stickers', async () => {
    const { path } = await entryOf();
    expect((await give(path, 'fun', null)).status).toBe(401);
    expect((await give(path, 'fun', banned)).status).toBe(403);
    const unknown = await give(path, 'awesome', me);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe(
      'Not a kudos sticker. The stickers are fun, art, sounds, idea, funny, theme, polished, more.',
    );
  });

  it("tells the entry's author once per person, however many stickers they give or toggle", async () => {
    const { entry, path } = await entryOf();
    await give(path, 'fun', me);
    await give(path, 'art', me);
    await takeBack(path, 'fun', me);
    await give(path, 'fun', me);
    await give(path, 'polished', other);
    const events = await env.db
      .select({ key: notifications.key, groupKey: notifications.groupKey, actorId: notifications.actorId })
      .from(notifications)
      .where(and(eq(notifications.userId, author.id), eq(notifications.entryId, entry.id)));
    expect(events).toEqual([
      { key: `kudos:${entry.id}:${me.id}`, groupKey: `kudos:${entry.id}`, actorId: me.id },
      { key: `kudos:${entry.id}:${other.id}`, groupKey: `kudos:${entry.id}`, actorId: other.id },
    ]);
  });

  it("shows the total on the jam's entry cards and the counts on the entry page, refreshed when kudos change", async () => {
    const { jam, entry, path } = await entryOf('ended');
    const page = `/jams/${jam.slug}/entries/${entry.id}`;
    expect((await env.request(page)).body).toContain('>No kudos yet — be the first!</p>');
    await give(path, 'funny', me);
    await give(path, 'theme', other);
    const list = await env.request(`/api/jams/${jam.slug}/entries`);
    expect(list.body.entries[0].kudos).toBe(2);
    const after = (await env.request(page)).body as string;
    expect(after).not.toContain('>No kudos yet — be the first!</p>');
    expect(after).toMatch(/>Made me laugh<\/span><span[^>]*><span class="visually-hidden">: <\/span>1</);
    await env.db.update(jams).set({ feedback: 'off' }).where(eq(jams.id, jam.id));
    expect((await env.request(`/api/jams/${jam.slug}/entries`)).body.entries[0].kudos).toBeNull();
  });
});
