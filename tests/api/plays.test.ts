import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Entry, entries, entryCredits, plays, users } from '#db/schema';
import { type Environment, type TestUser, startEnvironment } from '../helpers/environment';
import { insertEntry, insertJam, insertManager, insertVote } from '../helpers/factories';

let env: Environment;
let me: TestUser, other: TestUser, manager: TestUser, banned: TestUser;
const HOUR = 3_600_000;
let scratchIds = 930_000;

beforeAll(async () => {
  env = await startEnvironment();
  me = await env.login('play_me');
  other = await env.login('play_other');
  manager = await env.login('play_manager');
  banned = await env.login('play_banned', { isBanned: true });
});
afterAll(() => env?.close());

const play = (slug: string, entryId: number, as: TestUser | null) =>
  env.request(`/api/jams/${slug}/entries/${entryId}/play`, { method: 'PUT', as });
const playsOf = async (entryId: number) => env.db.select().from(plays).where(eq(plays.entryId, entryId));
const playCount = async (entryId: number) =>
  (await env.db.select({ n: entries.playCount }).from(entries).where(eq(entries.id, entryId)))[0]!.n;

/** A jam with `n` entries by new people, submitted an hour apart (the first earliest). */
async function jamWithEntries(n: number, status: 'ongoing' | 'ended' = 'ongoing') {
  return jamWithEntriesIn(await insertJam(env.db, { status }), n);
}

async function jamWithEntriesIn(jam: Awaited<ReturnType<typeof insertJam>>, n: number) {
  const list: Entry[] = [];
  const authors = [];
  for (let i = 0; i < n; i++) {
    const [author] = await env.db
      .insert(users)
      .values({ name: `author_${jam.id}_${i}` })
      .returning();
    authors.push(author!);
    list.push(
      await insertEntry(env.db, jam.id, author!.id, (scratchIds += 1), {
        title: `Game ${i}`,
        submittedAt: new Date(Date.now() - 20 * HOUR + i * HOUR),
      }),
    );
  }
  return { jam, entries: list, authors };
}

/** Plays recorded directly: `playerId` opened each of `entryIds`. */
async function played(jamId: number, playerId: number, entryIds: number[]) {
  if (entryIds.length === 0) return;
  await env.db.insert(plays).values(entryIds.map((entryId) => ({ entryId, playerId, jamId })));
}

describe('recording a play', () => {
  it('counts one play per person per entry: a second PUT changes nothing', async () => {
    const { jam, entries: list } = await jamWithEntries(1);
    const first = await play(jam.slug, list[0]!.id, me);
    expect(first.status).toBe(204);
    expect((await play(jam.slug, list[0]!.id, me)).status).toBe(204);
    expect(await playsOf(list[0]!.id)).toHaveLength(1);
    expect(await playCount(list[0]!.id)).toBe(1);
    expect((await play(jam.slug, list[0]!.id, other)).status).toBe(204);
    expect(await playCount(list[0]!.id)).toBe(2);
  });

  it('answers 204 with no body, and the viewer document then counts the play for "Play before you vote"', async () => {
    const jam = await insertJam(env.db, { playBeforeVote: true });
    const [entry] = (await jamWithEntriesIn(jam, 1)).entries;
    const answer = await play(jam.slug, entry!.id, me);
    expect(answer.status).toBe(204);
    expect(answer.body).toBeUndefined();
    const viewer = await env.request(`/api/jams/${jam.slug}/viewer?entry=${entry!.id}`, { as: me });
    expect(viewer.body).toMatchObject({
      user: { id: me.id, name: me.name },
      votes: { playBeforeVote: true, playedEntryIds: [entry!.id] },
      viewedEntry: { id: entry!.id, kudos: { mine: [] }, notes: { items: [] }, credits: { role: 'none' } },
    });
  });

  it('counts twenty PUTs sent at once as one play', async () => {
    const { jam, entries: list } = await jamWithEntries(1);
    const replies = await Promise.all(Array.from({ length: 20 }, () => play(jam.slug, list[0]!.id, me)));
    expect(replies.map((reply) => reply.status)).toEqual(Array(20).fill(204));
    expect(await playsOf(list[0]!.id)).toHaveLength(1);
    expect(await playCount(list[0]!.id)).toBe(1);
  });

  it('accepts playing your own entry without counting it', async () => {
    const jam = await insertJam(env.db);
    const own = await insertEntry(env.db, jam.id, me.id, (scratchIds += 1));
    expect((await play(jam.slug, own.id, me)).status).toBe(204);
    expect(await playsOf(own.id)).toEqual([]);
    expect(await playCount(own.id)).toBe(0);
  });

  it('does not count a co-creator’s play of their own entry, nor add it to their played entries (issue 45 §1)', async () => {
    const jam = await insertJam(env.db, { playBeforeVote: true });
    const [teamEntry] = (await jamWithEntriesIn(jam, 1)).entries;
    await env.db.insert(entryCredits).values({ entryId: teamEntry!.id, userId: me.id, jamId: jam.id, status: 'accepted' });
    expect((await play(jam.slug, teamEntry!.id, me)).status).toBe(204);
    const viewer = await env.request(`/api/jams/${jam.slug}/viewer?entry=${teamEntry!.id}`, { as: me });
    expect(viewer.body).toMatchObject({
      entry: { id: teamEntry!.id },
      votes: { playedEntryIds: [] },
      viewedEntry: { id: teamEntry!.id, credits: { role: 'co-creator' } },
    });
    expect(await playsOf(teamEntry!.id)).toEqual([]);
    expect(await playCount(teamEntry!.id)).toBe(0);
    // Someone not on the team counts.
    expect((await play(jam.slug, teamEntry!.id, other)).status).toBe(204);
    expect(await playCount(teamEntry!.id)).toBe(1);
  });

  it('refuses visitors with 401, banned users with 403, and an entry of another jam with 404, writing nothing', async () => {
    const { jam, entries: list } = await jamWithEntries(1);
    const elsewhere = await jamWithEntries(1);
    const anonymous = await play(jam.slug, list[0]!.id, null);
    expect(anonymous.status).toBe(401);
    const refused = await play(jam.slug, list[0]!.id, banned);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('banned');
    const missing = await play(jam.slug, elsewhere.entries[0]!.id, me);
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('That entry is not part of this jam.');
    expect(await playsOf(list[0]!.id)).toEqual([]);
    expect(await playsOf(elsewhere.entries[0]!.id)).toEqual([]);
  });

  it('shows play counts to managers at once, to everyone else only once the results are public', async () => {
    const { jam, entries: list } = await jamWithEntries(2);
    await insertManager(env.db, jam.id, manager.id);
    await play(jam.slug, list[1]!.id, me);
    await play(jam.slug, list[1]!.id, other);
    const countsFor = async (as: TestUser | null, slug = jam.slug) =>
      (await env.request(`/api/jams/${slug}/entries`, { as })).body.entries.map((entry: { plays: number | null }) => entry.plays);
    expect(await countsFor(null)).toEqual([null, null]);
    expect(await countsFor(me)).toEqual([null, null]);
    expect(await countsFor(manager)).toEqual([0, 2]);

    const ended = await jamWithEntries(2, 'ended');
    await played(ended.jam.id, me.id, [ended.entries[0]!.id]);
    expect(await countsFor(null, ended.jam.slug)).toEqual([1, 0]);
  });

  it("refreshes an ended jam's cached entry page when a play changes its public count", async () => {
    const { jam, entries: list } = await jamWithEntries(1, 'ended');
    const path = `/jams/${jam.slug}/entries/${list[0]!.id}`;
    expect((await env.request(path)).body).toContain('0 plays');
    expect((await play(jam.slug, list[0]!.id, me)).status).toBe(204);
    expect((await env.request(path)).body).toContain('1 play<');
  });
});

describe('play next', () => {
  const next = async (slug: string, as: TestUser | null) => env.request(`/api/jams/${slug}/next-entry`, { as });

  it('takes the entry with the fewest plays, then the one whose author played the most others, then the earliest', async () => {
    const { jam, entries: list, authors } = await jamWithEntries(4);
    // Plays: entry 0 has 2, entries 1–3 none. Karma: author 3 played 2 entries, author 2 played 1.
    await played(jam.id, authors[3]!.id, [list[0]!.id, list[1]!.id]);
    await played(jam.id, authors[2]!.id, [list[0]!.id]);
    // Now entry 1 has 1 play; entries 2 and 3 none: entry 3's author has more karma (2) than entry 2's (1).
    const first = await next(jam.slug, me);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    expect(first.body).toEqual({
      entry: {
        id: list[3]!.id,
        scratchId: list[3]!.scratchId,
        title: 'Game 3',
        authorName: 'someone',
        thumbnailUrl: null,
      },
      pick: 'fewest-plays',
      reason: null,
    });
    await play(jam.slug, list[3]!.id, me);
    expect((await next(jam.slug, me)).body.entry.id).toBe(list[2]!.id);
    await play(jam.slug, list[2]!.id, me);
    expect((await next(jam.slug, me)).body.entry.id).toBe(list[1]!.id);
    await play(jam.slug, list[1]!.id, me);
    expect((await next(jam.slug, me)).body.entry.id).toBe(list[0]!.id);
    await play(jam.slug, list[0]!.id, me);
    expect((await next(jam.slug, me)).body).toEqual({ entry: null, pick: 'fewest-plays', reason: 'all-played' });
  });

  it('breaks ties of plays and karma by the earliest submission', async () => {
    const { jam, entries: list } = await jamWithEntries(3);
    expect((await next(jam.slug, me)).body.entry.id).toBe(list[0]!.id);
  });

  it('never offers your own entry, one you played or a disqualified one', async () => {
    const jam = await insertJam(env.db);
    const own = await insertEntry(env.db, jam.id, me.id, (scratchIds += 1));
    const playedOne = await insertEntry(env.db, jam.id, other.id, (scratchIds += 1));
    const [third] = await env.db
      .insert(users)
      .values({ name: `dq_${jam.id}` })
      .returning();
    const disqualified = await insertEntry(env.db, jam.id, third!.id, (scratchIds += 1), { review: 'disqualified' });
    await played(jam.id, me.id, [playedOne.id]);
    expect((await next(jam.slug, me)).body).toEqual({ entry: null, pick: 'fewest-plays', reason: 'all-played' });
    // The others may play `own`; nobody gets the disqualified entry.
    expect((await next(jam.slug, other)).body.entry.id).toBe(own.id);
    await played(jam.id, other.id, [own.id]);
    expect((await next(jam.slug, other)).body.entry).toBeNull();
    expect(disqualified.review).toBe('disqualified');
  });

  it('never offers a co-creator the entry they are credited on, only once they accepted (issue 45 §1)', async () => {
    const { jam, entries: list } = await jamWithEntries(1);
    const [teamEntry] = list;
    await env.db.insert(entryCredits).values({ entryId: teamEntry!.id, userId: other.id, jamId: jam.id, status: 'invited' });
    expect((await next(jam.slug, other)).body.entry.id).toBe(teamEntry!.id);
    await env.db
      .update(entryCredits)
      .set({ status: 'accepted', acceptedAt: new Date() })
      .where(eq(entryCredits.userId, other.id));
    expect((await next(jam.slug, other)).body).toEqual({ entry: null, pick: 'fewest-plays', reason: 'all-played' });
  });

  it('gives visitors a random entry that is never disqualified, and says when a jam has none', async () => {
    const { jam, entries: list } = await jamWithEntries(5);
    await env.db.update(entries).set({ review: 'disqualified' }).where(eq(entries.id, list[4]!.id));
    const seen = new Set<number>();
    for (let i = 0; i < 40; i++) {
      const reply = await next(jam.slug, null);
      expect(reply.body).toMatchObject({ pick: 'random', reason: null });
      seen.add(reply.body.entry.id);
    }
    expect(seen.has(list[4]!.id)).toBe(false);
    expect(seen.size).toBeGreaterThan(1);
    const empty = await insertJam(env.db);
    expect((await next(empty.slug, null)).body).toEqual({ entry: null, pick: 'random', reason: 'no-entries' });
    expect((await next(empty.slug, me)).body).toEqual({ entry: null, pick: 'fewest-plays', reason: 'no-entries' });
    expect((await next('no-such-jam', me)).status).toBe(404);
  });
});

describe('entry sorts', () => {
  const list = async (slug: string, query: string, as: TestUser | null = null) =>
    (await env.request(`/api/jams/${slug}/entries${query}`, { as })).body;
  const ids = (body: { entries: { id: number }[] }) => body.entries.map((entry) => entry.id);

  it('lists the entries in submission order, newest first or fewest plays first', async () => {
    const { jam, entries: all } = await jamWithEntries(4);
    const [a, b, c, d] = all.map((entry) => entry.id) as [number, number, number, number];
    await played(jam.id, me.id, [a, b, c]);
    await played(jam.id, other.id, [a, c]);
    await played(jam.id, manager.id, [a]);
    const submitted = await list(jam.slug, '');
    expect(ids(submitted)).toEqual([a, b, c, d]);
    expect(submitted).toMatchObject({ sort: 'submitted', seed: null, resultsPublic: false });
    expect(ids(await list(jam.slug, '?sort=submitted'))).toEqual([a, b, c, d]);
    expect(ids(await list(jam.slug, '?sort=newest'))).toEqual([d, c, b, a]);
    expect(ids(await list(jam.slug, '?sort=fewest-plays'))).toEqual([d, b, c, a]);
  });

  it('keeps a random order for one seed, page after page, and gives another for another seed', async () => {
    const { jam, entries: all } = await jamWithEntries(12);
    const whole = async (seed: number) => {
      const pages = [];
      for (const page of [1, 2, 3]) {
        const body = await list(jam.slug, `?sort=random&seed=${seed}&perPage=4&page=${page}`);
        expect(body).toMatchObject({ sort: 'random', seed, page, totalPages: 3 });
        pages.push(...ids(body));
      }
      return pages;
    };
    const first = await whole(4242);
    expect([...first].sort((x, y) => x - y)).toEqual(all.map((entry) => entry.id));
    expect(await whole(4242)).toEqual(first);
    const second = await whole(97);
    expect(second).not.toEqual(first);
    expect(first).not.toEqual(all.map((entry) => entry.id));
    // No seed: one fixed order for the jam, said in the answer.
    const unseeded = await list(jam.slug, '?sort=random');
    expect(unseeded.seed).toEqual(expect.any(Number));
    expect(ids(await list(jam.slug, `?sort=random&seed=${unseeded.seed}`))).toEqual(ids(unseeded));
  });

  it('falls back to submission order for most votes before the results, and ignores unknown sorts and bad seeds', async () => {
    const { jam, entries: all } = await jamWithEntries(3);
    await insertVote(env.db, jam.id, all[2]!.id, me.id);
    const early = await list(jam.slug, '?sort=most-votes');
    expect(early).toMatchObject({ sort: 'submitted', resultsPublic: false });
    expect(ids(early)).toEqual(all.map((entry) => entry.id));
    expect(early.entries.map((entry: { votes: number | null }) => entry.votes)).toEqual([null, null, null]);
    expect((await list(jam.slug, '?sort=loudest')).sort).toBe('submitted');
    const badSeed = await env.request(`/api/jams/${jam.slug}/entries?sort=random&seed=-5`);
    expect(badSeed.status).toBe(200);
    expect(badSeed.body.sort).toBe('random');
  });

  it('ranks by votes once the results are public, disqualified entries last and unranked, and every sort shows the ranks', async () => {
    const { jam, entries: all, authors } = await jamWithEntries(4, 'ended');
    const [a, b, c, d] = all as [Entry, Entry, Entry, Entry];
    for (const [entry, voters] of [
      [b, 3],
      [c, 2],
      [d, 1],
    ] as const) {
      for (const voter of authors.slice(0, voters)) await insertVote(env.db, jam.id, entry.id, voter.id);
    }
    await env.db.update(entries).set({ review: 'disqualified' }).where(eq(entries.id, b.id));
    const ranking = await list(jam.slug, '');
    expect(ranking.sort).toBe('most-votes');
    const rows = (body: { entries: { id: number; votes: number; rank: number | null; disqualified: boolean }[] }) =>
      body.entries.map((entry) => [entry.id, entry.votes, entry.rank, entry.disqualified]);
    expect(rows(ranking)).toEqual([
      [c.id, 2, 1, false],
      [d.id, 1, 2, false],
      [a.id, 0, 3, false],
      [b.id, 3, null, true],
    ]);
    expect(rows(await list(jam.slug, '?sort=newest'))).toEqual([
      [d.id, 1, 2, false],
      [c.id, 2, 1, false],
      [b.id, 3, null, true],
      [a.id, 0, 3, false],
    ]);
    // Paged: the second page of two keeps counting.
    expect(rows(await list(jam.slug, '?perPage=2&page=2'))).toEqual([
      [a.id, 0, 3, false],
      [b.id, 3, null, true],
    ]);
    // The entry page agrees, and the jam page's ranking leaves the disqualified entry out.
    const page = await env.request(`/jams/${jam.slug}/entries/${c.id}`);
    expect(page.body).toContain('#1 ');
    const html = String((await env.request(`/jams/${jam.slug}`)).body);
    const ranked = html.slice(
      html.indexOf('id="ranking-heading"'),
      html.indexOf('</section>', html.indexOf('id="ranking-heading"')),
    );
    expect(ranked).toContain('Game 2');
    expect(ranked).toContain('Game 0');
    expect(ranked).not.toContain('Game 1');
    expect(html).not.toContain('#null');
  });

  it('links the sorts from the jam page and keeps the sort and seed in its page links', async () => {
    const { jam } = await jamWithEntries(30);
    const html = String((await env.request(`/hu/jams/${jam.slug}?sort=random&seed=31&entries=2`)).body);
    expect(html).toContain(`href="/hu/jams/${jam.slug}?sort=fewest-plays#submissions"`);
    expect(html).toContain(`href="/hu/jams/${jam.slug}#submissions"`);
    expect(html).toContain(`href="/hu/jams/${jam.slug}?sort=random&amp;seed=31#submissions"`);
    expect(html).toContain('Legkevesebb lejátszás');
  });
});
