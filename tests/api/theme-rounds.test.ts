/**
 * Theme rounds (issue 43, ADR 043): the schedule, suggestions spelt many ways counting once,
 * round 1's least-seen order, the final round's one upvote and its ties, and the reveal at the start
 * that no API, feed or cached page may anticipate.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Jam, jamParticipants, jams, themeSuggestions } from '#db/schema';
import { inboxText } from '#lib/inbox-text';
import { translator } from '#i18n/translate';
import { themeKey } from '#lib/themes';
import { type Environment, type TestUser, startEnvironment } from '../helpers/environment';
import { insertJam, insertManager } from '../helpers/factories';

const HOUR = 3_600_000;
let env: Environment;
let manager: TestUser, admin: TestUser;
const voters: TestUser[] = [];

beforeAll(async () => {
  env = await startEnvironment({ ITINERARY_PAGE_CACHE_TTL: '600' });
  manager = await env.login('theme_manager');
  admin = await env.login('theme_admin', { isAdmin: true });
  for (let i = 0; i < 6; i++) voters.push(await env.login(`theme_voter_${'abcdef'[i]}`));
});
afterAll(() => env?.close());

type Phase = 'suggesting' | 'round1' | 'final' | 'closed' | 'revealed';
/** Hours from now of suggestions, round 1, the final round and the close, so that `phase` is now. */
const SCHEDULES: Record<Phase, number[]> = {
  suggesting: [-1, 1, 2, 3],
  round1: [-2, -1, 1, 2],
  final: [-3, -2, -1, 1],
  closed: [-4, -3, -2, -1],
  revealed: [-8, -7, -6, -5],
};
function scheduleFor(phase: Phase, now = Date.now()) {
  const [a, b, c, d] = SCHEDULES[phase].map((hours) => new Date(now + hours * HOUR));
  return {
    themeSuggestFrom: a!,
    themeRound1From: b!,
    themeFinalFrom: c!,
    themeClosesAt: d!,
    ...(phase === 'revealed'
      ? { startsAt: new Date(now - HOUR), endsAt: new Date(now + 24 * HOUR) }
      : { startsAt: new Date(now + 10 * HOUR), endsAt: new Date(now + 48 * HOUR) }),
  };
}
async function themeJam(phase: Phase, extra: Parameters<typeof insertJam>[1] = {}): Promise<Jam> {
  const jam = await insertJam(env.db, { themeRounds: true, themeFinalists: 2, ...scheduleFor(phase), ...extra });
  await insertManager(env.db, jam.id, manager.id);
  return jam;
}
const moveTo = (jam: Jam, phase: Phase) => env.db.update(jams).set(scheduleFor(phase)).where(eq(jams.id, jam.id));

const suggest = (jam: Jam, as: TestUser, text: string) =>
  env.request(`/api/jams/${jam.slug}/theme/suggestions`, { method: 'POST', as, body: { text } });
const answer = (jam: Jam, as: TestUser, id: number, value: string) =>
  env.request(`/api/jams/${jam.slug}/theme/suggestions/${id}/answer`, { method: 'PUT', as, body: { answer: value } });
const pick = (jam: Jam, as: TestUser, suggestionId: number) =>
  env.request(`/api/jams/${jam.slug}/theme/pick`, { method: 'PUT', as, body: { suggestionId } });
const mine = (jam: Jam, as: TestUser) => env.request(`/api/jams/${jam.slug}/theme/mine`, { as });
const rounds = (jam: Jam, as: TestUser, body: unknown) =>
  env.request(`/api/jams/${jam.slug}/theme/rounds`, { method: 'PUT', as, body });
const suggestionsOf = (jam: Jam) =>
  env.db.select().from(themeSuggestions).where(eq(themeSuggestions.jamId, jam.id)).orderBy(themeSuggestions.id);

describe('the key that makes spellings one theme', () => {
  it('folds case, spaces, accents, a plural s and a leading article', () => {
    for (const spelling of ['The Cats', 'cats ', 'CATS', 'cat', 'Cāts', 'a cat', '  the   CAT!']) {
      expect(themeKey(spelling)).toBe('cat');
    }
    expect(themeKey('An Upside-Down World')).toBe('upside down world');
    expect(themeKey('Glass')).toBe('glass');
    expect(themeKey('Theme park')).not.toBe(themeKey('park'));
  });
});

describe('the schedule', () => {
  const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
  it('is set by managers in order, all before the start, and refused with clear 400s otherwise', async () => {
    const jam = await insertJam(env.db, { status: 'upcoming' });
    await insertManager(env.db, jam.id, manager.id);
    const good = { enabled: true, suggestFrom: at(1), round1From: at(2), finalFrom: at(3), closesAt: at(4) };
    const missing = await rounds(jam, manager, { enabled: true, suggestFrom: at(1) });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe('Theme rounds need all four dates: suggestFrom, round1From, finalFrom and closesAt.');
    const swapped = await rounds(jam, manager, { ...good, round1From: at(3), finalFrom: at(2) });
    expect(swapped.status).toBe(400);
    expect(swapped.body.error.message).toBe(
      'The theme schedule must go in order: suggestions open, then round 1, then the final round, then voting closes.',
    );
    const late = await rounds(jam, manager, { ...good, closesAt: at(30) });
    expect(late.status).toBe(400);
    expect(late.body.error.message).toBe('Theme voting must close at or before the jam starts (startsAt).');
    const tooFew = await rounds(jam, manager, { ...good, finalists: 1 });
    expect(tooFew.status).toBe(400);
    expect(tooFew.body.error.message).toContain('finalists must be a whole number from 2 to 64.');
    expect((await rounds(jam, voters[0]!, good)).status).toBe(403);

    const set = await rounds(jam, manager, good);
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ phase: 'soon', finalists: 16, closesAt: good.closesAt });
    expect((await rounds(jam, manager, good)).body).toEqual(set.body);
    const read = await env.request(`/api/jams/${jam.slug}`);
    expect(read.body).toMatchObject({ themeRounds: true, theme: null });
    expect((await rounds(jam, manager, { enabled: false })).body).toMatchObject({ phase: 'off', suggestFrom: null });
  });

  it('cannot change once the jam has started', async () => {
    const jam = await themeJam('revealed');
    const late = await rounds(jam, manager, { enabled: false });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe('The jam has started: its theme is out and the theme rounds can no longer change.');
  });
});

describe('suggestions', () => {
  it('count the same theme spelt differently once and keep who suggested it first', async () => {
    const jam = await themeJam('suggesting');
    const first = await suggest(jam, voters[0]!, 'The Cats');
    expect(first.status).toBe(201);
    expect(first.body.suggestions).toEqual([{ id: expect.any(Number), text: 'The Cats' }]);
    for (const [i, spelling] of ['cats ', 'CATS', 'cat', 'Cāts'].entries()) {
      const again = await suggest(jam, voters[i + 1]!, spelling);
      expect(again.status).toBe(201);
      expect(again.body.suggestions).toEqual([{ id: first.body.suggestions[0].id, text: 'The Cats' }]);
    }
    const rows = await suggestionsOf(jam);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ text: 'The Cats', suggestedBy: voters[0]!.id });
    const list = await env.request(`/api/jams/${jam.slug}/theme/suggestions`, { as: manager });
    expect(list.status).toBe(200);
    expect(list.body).toEqual({
      suggestions: [
        { id: rows[0]!.id, text: 'The Cats', suggestedBy: 'theme_voter_a', suggesters: 5, createdAt: expect.any(String) },
      ],
      nextAfter: null,
    });
  });

  it('are at most 3 a person, 1–40 characters, kind, and never listed for the public', async () => {
    const jam = await themeJam('suggesting');
    const me = voters[0]!;
    for (const text of ['Space', 'Ocean', 'Robots']) expect((await suggest(jam, me, text)).status).toBe(201);
    const again = await suggest(jam, me, 'the robot');
    expect(again.status).toBe(201);
    expect(again.body.suggestions.map((row: { text: string }) => row.text)).toEqual(['Space', 'Ocean', 'Robots']);
    const fourth = await suggest(jam, me, 'Dragons');
    expect(fourth.status).toBe(409);
    expect(fourth.body.error.message).toBe('You have suggested 3 themes already: that is the most anyone may.');
    const long = await suggest(jam, voters[1]!, 'x'.repeat(41));
    expect(long.status).toBe(400);
    expect(long.body.error.message).toContain('A theme is 1 to 40 characters.');
    const refused = await suggest(jam, voters[1]!, 'email me at kid@example.com');
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'text_refused', field: 'text', rule: 'email' });
    expect((await env.request(`/api/jams/${jam.slug}/theme/suggestions`, { as: voters[1]! })).status).toBe(403);
    expect((await env.request(`/api/jams/${jam.slug}/theme`)).body).toMatchObject({ theme: null, results: [] });
  });

  it('follow "Who can vote" and the window', async () => {
    const jam = await themeJam('suggesting', { whoCanVote: 'participants' });
    const outsider = await suggest(jam, voters[0]!, 'Gravity');
    expect(outsider.status).toBe(403);
    expect(outsider.body.error.message).toBe('Only participants of this jam can vote.');
    await env.db.insert(jamParticipants).values({ jamId: jam.id, userId: voters[0]!.id });
    expect((await suggest(jam, voters[0]!, 'Gravity')).status).toBe(201);
    await moveTo(jam, 'round1');
    const closed = await suggest(jam, voters[1]!, 'Magnets');
    expect(closed.status).toBe(409);
    expect(closed.body.error.message).toBe('Theme suggestions are not open right now.');
  });

  it('are removed and merged by managers until the final round', async () => {
    const jam = await themeJam('suggesting');
    await suggest(jam, voters[0]!, 'Kittens');
    await suggest(jam, voters[1]!, 'Cat');
    await suggest(jam, voters[2]!, 'Bad one');
    const [kittens, cat, bad] = await suggestionsOf(jam);
    expect(
      (await env.request(`/api/jams/${jam.slug}/theme/suggestions/${bad!.id}`, { method: 'DELETE', as: voters[0]! })).status,
    ).toBe(403);
    const removed = await env.request(`/api/jams/${jam.slug}/theme/suggestions/${bad!.id}`, { method: 'DELETE', as: manager });
    expect(removed.body).toEqual({ removed: 1 });
    expect(
      (await env.request(`/api/jams/${jam.slug}/theme/suggestions/${bad!.id}`, { method: 'DELETE', as: manager })).status,
    ).toBe(404);
    const merged = await env.request(`/api/jams/${jam.slug}/theme/suggestions/${kittens!.id}/merge`, {
      method: 'POST',
      as: manager,
      body: { into: cat!.id },
    });
    expect(merged.status).toBe(200);
    expect(merged.body).toMatchObject({ id: cat!.id, text: 'Cat', suggestedBy: 'theme_voter_b', suggesters: 2 });
    expect((await mine(jam, voters[0]!)).body.suggestions).toEqual([{ id: cat!.id, text: 'Cat' }]);
    await moveTo(jam, 'final');
    const late = await env.request(`/api/jams/${jam.slug}/theme/suggestions/${cat!.id}`, { method: 'DELETE', as: manager });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe('Suggestions can be removed or merged only until the final round opens.');
  });
});

/** A jam in round 1 with these suggestions (by different voters, in this order). */
async function roundOneJam(texts: string[], finalists = 2) {
  const jam = await themeJam('suggesting', { themeFinalists: finalists });
  for (const [i, text] of texts.entries()) await suggest(jam, voters[i % voters.length]!, text);
  await moveTo(jam, 'round1');
  const rows = await suggestionsOf(jam);
  return { jam: (await env.db.select().from(jams).where(eq(jams.id, jam.id)))[0]!, ids: rows.map((row) => row.id) };
}

describe('round 1', () => {
  it('shows each voter the least-seen suggestion they have not answered, and an answer again replaces the old one', async () => {
    const { jam, ids } = await roundOneJam(['Alpha', 'Beta', 'Gamma']);
    const [a, b, c] = ids as [number, number, number];
    expect((await mine(jam, voters[0]!)).body.next).toEqual({ id: a, text: 'Alpha' });
    const first = await answer(jam, voters[0]!, a, 'yes');
    expect(first.status).toBe(200);
    expect(first.body.next).toEqual({ id: b, text: 'Beta' });
    // Alpha has one look: another voter starts with Beta, then Gamma, the least seen.
    expect((await mine(jam, voters[1]!)).body.next).toEqual({ id: b, text: 'Beta' });
    expect((await answer(jam, voters[1]!, b, 'skip')).body.next).toEqual({ id: c, text: 'Gamma' });
    expect((await answer(jam, voters[1]!, c, 'no')).body.next).toEqual({ id: a, text: 'Alpha' });
    await answer(jam, voters[0]!, a, 'no');
    await answer(jam, voters[0]!, a, 'no');
    const rows = await suggestionsOf(jam);
    expect(rows.map(({ yes, no, looks }) => ({ yes, no, looks }))).toEqual([
      { yes: 0, no: 1, looks: 1 },
      { yes: 0, no: 0, looks: 1 },
      { yes: 0, no: 1, looks: 1 },
    ]);
    const wrong = await answer(jam, voters[0]!, a, 'maybe');
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toContain('answer must be yes, no or skip');
    await moveTo(jam, 'final');
    const closed = await answer(jam, voters[2]!, a, 'yes');
    expect(closed.status).toBe(409);
    expect(closed.body.error.message).toBe('Round 1 of the theme vote is not open right now.');
  });
});

describe("the jam page's viewer document", () => {
  it('carries the voter’s part as GET …/theme/mine answers it, and nothing for visitors, other jams or after the start', async () => {
    const { jam, ids } = await roundOneJam(['Lanterns', 'Mirrors']);
    const viewer = (as?: TestUser) => env.request(`/api/jams/${jam.slug}/viewer`, { as });
    const voter = voters[3]!;
    const before = await viewer(voter);
    expect(before.body.theme).toEqual((await mine(jam, voter)).body);
    expect(before.body.theme).toMatchObject({ phase: 'round1', eligible: true, next: { id: ids[0], text: 'Lanterns' } });
    await answer(jam, voter, ids[0]!, 'yes');
    expect((await viewer(voter)).body.theme.next).toEqual({ id: ids[1], text: 'Mirrors' });
    // The first suggester sees their own suggestion there.
    expect((await viewer(voters[0]!)).body.theme.suggestions).toEqual([{ id: ids[0], text: 'Lanterns' }]);
    expect((await viewer()).body.theme).toBeNull();
    const plain = await insertJam(env.db, { status: 'upcoming' });
    expect((await env.request(`/api/jams/${plain.slug}/viewer`, { as: voter })).body.theme).toBeNull();
    await moveTo(jam, 'revealed');
    expect((await viewer(voter)).body.theme).toBeNull();
  });
});

describe('the final round and the winner', () => {
  it('sends the top N by share of Yes, takes one changeable upvote each, and the most upvotes win', async () => {
    const { jam, ids } = await roundOneJam(['Alpha', 'Beta', 'Gamma']);
    const [a, b, c] = ids as [number, number, number];
    // Shares: Alpha 1/2, Beta 2/2, Gamma 0/2.
    for (const [voter, answers] of [
      [voters[0]!, ['yes', 'yes', 'no']],
      [voters[1]!, ['no', 'yes', 'no']],
    ] as const) {
      for (const [i, id] of [a, b, c].entries()) await answer(jam, voter, id, answers[i]!);
    }
    await moveTo(jam, 'final');
    const state = await mine(jam, voters[2]!);
    expect(state.body).toMatchObject({ phase: 'final', next: null, pick: null });
    expect(state.body.candidates).toEqual([
      { id: a, text: 'Alpha' },
      { id: b, text: 'Beta' },
    ]);
    const notFinalist = await pick(jam, voters[2]!, c);
    expect(notFinalist.status).toBe(409);
    expect(notFinalist.body.error.message).toBe('That theme is not one of the finalists.');
    expect((await pick(jam, voters[2]!, b)).body.pick).toBe(b);
    expect((await pick(jam, voters[2]!, a)).body.pick).toBe(a);
    expect((await pick(jam, voters[2]!, a)).status).toBe(200);
    await pick(jam, voters[3]!, a);
    await moveTo(jam, 'closed');
    expect((await pick(jam, voters[4]!, b)).status).toBe(409);
    expect((await env.request(`/api/jams/${jam.slug}`, { as: manager })).body.theme).toBeNull();
    expect((await env.request(`/api/jams/${jam.slug}/theme`, { as: admin })).body).toMatchObject({
      phase: 'closed',
      theme: null,
      results: [],
    });

    await moveTo(jam, 'revealed');
    const results = await env.request(`/api/jams/${jam.slug}/theme`);
    expect(results.body).toMatchObject({ phase: 'revealed', theme: 'Alpha' });
    expect(results.body.results).toEqual([
      { id: a, text: 'Alpha', suggestedBy: 'theme_voter_a', yes: 1, no: 1, looks: 2, share: 0.5, finalist: true, votes: 2 },
      { id: b, text: 'Beta', suggestedBy: 'theme_voter_b', yes: 2, no: 0, looks: 2, share: 1, finalist: true, votes: 0 },
      { id: c, text: 'Gamma', suggestedBy: 'theme_voter_c', yes: 0, no: 2, looks: 2, share: 0, finalist: false, votes: 0 },
    ]);
    expect((await env.request(`/api/jams/${jam.slug}`)).body.theme).toBe('Alpha');
  });

  it('breaks ties by round-1 share, then by the earliest suggestion', async () => {
    const { jam, ids } = await roundOneJam(['First', 'Second', 'Third'], 3);
    const [first, second, third] = ids as [number, number, number];
    await answer(jam, voters[0]!, third, 'yes'); // Third: share 1; First and Second: 0
    await moveTo(jam, 'final');
    await pick(jam, voters[0]!, first);
    await pick(jam, voters[1]!, second);
    await pick(jam, voters[2]!, third);
    await moveTo(jam, 'revealed');
    expect((await env.request(`/api/jams/${jam.slug}/theme`)).body.theme).toBe('Third');

    const even = await roundOneJam(['Early', 'Later'], 2);
    await moveTo(even.jam, 'final');
    await pick(even.jam, voters[0]!, even.ids[1]!);
    await pick(even.jam, voters[1]!, even.ids[0]!);
    await moveTo(even.jam, 'revealed');
    expect((await env.request(`/api/jams/${even.jam.slug}/theme`)).body.theme).toBe('Early');
  });
});

describe('the reveal', () => {
  it('keeps the theme out of the API, lists, feeds, calendar and pages until the start, then shows it without a write', async () => {
    const { jam, ids } = await roundOneJam(['Zeppelins', 'Moonbase']);
    await answer(jam, voters[0]!, ids[0]!, 'yes');
    // Time for 33 requests before the start, even on a busy CI host (2.5 s was not always enough).
    const startsAt = new Date(Date.now() + 10_000);
    await env.db
      .update(jams)
      .set({ ...scheduleFor('closed'), startsAt, endsAt: new Date(Date.now() + 24 * HOUR) })
      .where(eq(jams.id, jam.id));
    const surfaces = [
      `/api/jams/${jam.slug}`,
      `/api/jams?perPage=20`,
      `/api/jams/${jam.slug}/theme`,
      `/api/jams/${jam.slug}/viewer`,
      '/rss.xml',
      '/feed.json',
      '/calendar.ics',
      `/jams/${jam.slug}.ics`,
      `/jams/${jam.slug}`,
      `/hu/jams/${jam.slug}`,
      '/',
    ];
    for (const path of surfaces) {
      for (const as of [undefined, manager, admin]) {
        const reply = await env.request(path, { as });
        expect(reply.status, path).toBeLessThan(400);
        expect(JSON.stringify(reply.body), path).not.toContain('Zeppelins');
      }
    }
    // The page was kept by the page cache, and still it cannot outlive the start.
    expect((await env.request(`/jams/${jam.slug}`)).headers.get('x-page-cache')).toBe('hit');
    await new Promise((resolve) => setTimeout(resolve, startsAt.getTime() - Date.now() + 300));
    expect((await env.request(`/api/jams/${jam.slug}`)).body.theme).toBe('Zeppelins');
    const page = (await env.request(`/jams/${jam.slug}`)).body as string;
    expect(page).toContain('The theme is Zeppelins');
    expect(page).toContain('Theme: Zeppelins');
    expect(JSON.stringify((await env.request('/feed.json')).body)).toContain('Theme: Zeppelins');
    expect((await env.request(`/jams/${jam.slug}.ics`)).body).toContain('Theme: Zeppelins');
    expect((await env.request(`/hu/jams/${jam.slug}`)).body).toContain('A téma: Zeppelins');
  });
});

describe('the inbox', () => {
  const kinds = async (as: TestUser) =>
    (await env.request('/api/me/notifications', { as })).body.items.map((item: { kind: string }) => item.kind);

  it('says suggestions are open, then that round 2 is open, then the theme once the jam starts, each once', async () => {
    const reader = await env.login('theme_inbox_reader');
    const jam = await themeJam('suggesting', { name: 'Theme Inbox Jam' });
    await env.db.insert(jamParticipants).values({ jamId: jam.id, userId: reader.id, joinedAt: new Date(Date.now() - 10 * HOUR) });
    await suggest(jam, reader, 'Lighthouses');
    expect(await kinds(reader)).toEqual(['theme-suggestions-open']);
    expect(await kinds(reader)).toEqual(['theme-suggestions-open']);
    await moveTo(jam, 'final');
    expect(await kinds(reader)).toEqual(['theme-final-open', 'theme-suggestions-open']);
    await moveTo(jam, 'revealed');
    const { body } = await env.request('/api/me/notifications', { as: reader });
    expect(body.items.map((item: { kind: string }) => item.kind)).toContain('theme-out');
    const out = body.items.find((item: { kind: string }) => item.kind === 'theme-out');
    expect(out.data).toEqual({ theme: 'Lighthouses' });
    expect(inboxText(out, translator('en') as never).text).toBe('The theme of Theme Inbox Jam is out: Lighthouses!');
    expect(inboxText(out, translator('hu') as never).text).toBe('Kiderült a(z) Theme Inbox Jam témája: Lighthouses!');
  });
});
