/**
 * The inbox (issue 34 §2) against the built server: events arrive once however often the inbox is
 * read, kudos and notes on one entry come as one item, mark read / read all, paging, the time-based
 * events worked out on read from the jams someone joined, the events the services write
 * (disqualified, removed, jam requests answered), and the private calendar and RSS.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryCredits, jamParticipants, notifications, users } from '#db/schema';
import { INBOX_PER_PAGE } from '#lib/schemas/inbox';
import { NO_SUCH_FEED } from '#server/inbox/feed-token';
import { type Environment, type TestUser, startEnvironment } from '../helpers/environment';
import { insertEntry, insertJam, insertJamRequest, insertManager, insertVote } from '../helpers/factories';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let env: Environment;
let admin: TestUser;
let people = 0;
let scratchIds = 990_000;

beforeAll(async () => {
  env = await startEnvironment();
  admin = await env.login('inbox_admin', { isAdmin: true });
});
afterAll(() => env?.close());

const someone = (prefix = 'reader') => env.login(`${prefix}_${(people += 1)}`);
const inbox = (as: TestUser, page = 1) => env.request(`/api/me/notifications?page=${page}`, { as });
const unread = async (as: TestUser) => (await env.request('/api/me/notifications/unread', { as })).body.count as number;
const rowsOf = (user: TestUser) => env.db.select().from(notifications).where(eq(notifications.userId, user.id));
const join = (jamId: number, user: TestUser, joinedAt: Date) =>
  env.db.insert(jamParticipants).values({ jamId, userId: user.id, joinedAt });

describe('reading the inbox', () => {
  it('answers only logged-in people, never from a shared cache', async () => {
    expect((await env.request('/api/me/notifications')).status).toBe(401);
    expect((await env.request('/api/me/notifications/unread')).status).toBe(401);
    const reader = await someone();
    const reply = await inbox(reader);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('private, no-store');
    expect(reply.body).toEqual({ items: [], page: 1, perPage: INBOX_PER_PAGE, total: 0, totalPages: 1, unread: 0 });
  });

  it('shows five kudos on one entry as one item with five people, and the bell counts it once', async () => {
    const maker = await someone('maker');
    const jam = await insertJam(env.db, { name: 'Space Jam' });
    const entry = await insertEntry(env.db, jam.id, maker.id, (scratchIds += 1), { title: 'Leaf Catcher' });
    const givers = await Promise.all([1, 2, 3, 4, 5].map(() => someone('giver')));
    await env.db.insert(notifications).values(
      givers.map((giver) => ({
        userId: maker.id,
        kind: 'kudos' as const,
        key: `kudos:${entry.id}:${giver.id}`,
        groupKey: `kudos:${entry.id}`,
        entryId: entry.id,
        jamId: jam.id,
        actorId: giver.id,
      })),
    );
    expect(await unread(maker)).toBe(1);
    const { body } = await inbox(maker);
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({
      group: `kudos:${entry.id}`,
      kind: 'kudos',
      read: false,
      count: 5,
      people: 5,
      actor: givers[4]!.name,
      jam: { slug: jam.slug, name: 'Space Jam' },
      entry: { id: entry.id, title: 'Leaf Catcher' },
      href: `/jams/${jam.slug}/entries/${entry.id}`,
    });
    expect(body.items[0].ids).toHaveLength(5);

    // Marking the item read marks the whole group, and it stays one read item.
    const marked = await env.request('/api/me/notifications/read', {
      method: 'POST',
      as: maker,
      body: { group: `kudos:${entry.id}` },
    });
    expect(marked.body).toEqual({ marked: 5, unread: 0 });
    const again = await env.request('/api/me/notifications/read', {
      method: 'POST',
      as: maker,
      body: { group: `kudos:${entry.id}` },
    });
    expect(again.body).toEqual({ marked: 0, unread: 0 });
    const read = (await inbox(maker)).body;
    expect(read.items).toHaveLength(1);
    expect(read.items[0]).toMatchObject({ read: true, count: 5 });

    // A sixth kudos after that is a new unread item beside the read one.
    const late = await someone('giver');
    await env.db.insert(notifications).values({
      userId: maker.id,
      kind: 'kudos',
      key: `kudos:${entry.id}:${late.id}`,
      groupKey: `kudos:${entry.id}`,
      entryId: entry.id,
      jamId: jam.id,
      actorId: late.id,
    });
    const after = (await inbox(maker)).body;
    expect(after.items.map((item: { read: boolean; count: number }) => [item.read, item.count])).toEqual([
      [false, 1],
      [true, 5],
    ]);
    expect(after.unread).toBe(1);
  });

  it('marks only the caller’s own notifications read, by id, and all at once', async () => {
    const reader = await someone();
    const other = await someone();
    const [mine] = await env.db
      .insert(notifications)
      .values({ userId: reader.id, kind: 'report', key: 'report:1', data: { reportId: 1, item: 'jam' } })
      .returning();
    const [theirs] = await env.db
      .insert(notifications)
      .values({ userId: other.id, kind: 'report', key: 'report:1', data: { reportId: 1, item: 'jam' } })
      .returning();
    await env.db
      .insert(notifications)
      .values({ userId: reader.id, kind: 'report', key: 'report:2', data: { reportId: 2, item: 'jam' } });
    const reply = await env.request('/api/me/notifications/read', {
      method: 'POST',
      as: reader,
      body: { ids: [mine!.id, theirs!.id] },
    });
    expect(reply.body).toEqual({ marked: 1, unread: 1 });
    expect(await unread(other)).toBe(1);
    const all = await env.request('/api/me/notifications/read-all', { method: 'POST', as: reader });
    expect(all.body).toEqual({ marked: 1, unread: 0 });
    expect(await unread(reader)).toBe(0);
    expect(await unread(other)).toBe(1);
  });

  it('refuses a mark-read that names nothing, with a message that says what to send', async () => {
    const reader = await someone();
    const empty = await env.request('/api/me/notifications/read', { method: 'POST', as: reader, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe('Say what to mark as read: ids or a group.');
    const bad = await env.request('/api/me/notifications/read', { method: 'POST', as: reader, body: { group: 'x y' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('group: Name the item to mark as read by its group, e.g. kudos:12 or id:5.');
  });

  it('pages newest first in the database', async () => {
    const reader = await someone();
    const total = INBOX_PER_PAGE + 3;
    await env.db.insert(notifications).values(
      Array.from({ length: total }, (_, index) => ({
        userId: reader.id,
        kind: 'report' as const,
        key: `report:${index + 1}`,
        data: { reportId: index + 1, item: 'jam' },
        createdAt: new Date(Date.now() - (total - index) * 60_000),
      })),
    );
    const first = (await inbox(reader)).body;
    expect(first).toMatchObject({ page: 1, total, totalPages: 2, unread: total });
    expect(first.items).toHaveLength(INBOX_PER_PAGE);
    expect(first.items[0].data.reportId).toBe(total);
    const second = (await inbox(reader, 2)).body;
    expect(second.items.map((item: { data: { reportId: number } }) => item.data.reportId)).toEqual([3, 2, 1]);
    expect((await inbox(reader, 99)).body.page).toBe(2);
  });
});

describe('time-based events, worked out when the inbox is read', () => {
  it('says a joined jam started (its mystery theme out) and that 24 hours are left, once however often it is read', async () => {
    const reader = await someone();
    const now = Date.now();
    const jam = await insertJam(env.db, {
      name: 'Mystery Jam',
      mystery: true,
      startsAt: new Date(now - 2 * HOUR),
      endsAt: new Date(now + 20 * HOUR),
    });
    await join(jam.id, reader, new Date(now - 3 * DAY));
    expect(await unread(reader)).toBe(2);
    await inbox(reader);
    const { body } = await inbox(reader);
    expect(body.items.map((item: { kind: string }) => item.kind)).toEqual(['jam-started', 'deadline-soon']);
    expect(body.items[0]).toMatchObject({ data: { mystery: true }, href: `/jams/${jam.slug}`, jam: { name: 'Mystery Jam' } });
    expect(body.items[1].createdAt).toBe(new Date(jam.endsAt.getTime() - DAY).toISOString());
    expect(await rowsOf(reader)).toHaveLength(2);
  });

  it('does not say 24 hours are left to someone who submitted, nor "started" to someone who joined after the start', async () => {
    const reader = await someone();
    const now = Date.now();
    const jam = await insertJam(env.db, { startsAt: new Date(now - 2 * DAY), endsAt: new Date(now + 10 * HOUR) });
    await join(jam.id, reader, new Date(now - DAY - HOUR));
    await insertEntry(env.db, jam.id, reader.id, (scratchIds += 1));
    expect((await inbox(reader)).body.items).toEqual([]);
  });

  it('warns that voting ends in 24 hours', async () => {
    const reader = await someone();
    const now = Date.now();
    const jam = await insertJam(env.db, {
      startsAt: new Date(now - 5 * DAY),
      endsAt: new Date(now - 2 * DAY),
      votingEndsAt: new Date(now + 5 * HOUR),
    });
    await join(jam.id, reader, new Date(now - 6 * DAY));
    const kinds = (await inbox(reader)).body.items.map((item: { kind: string }) => item.kind);
    expect(kinds).toEqual(['voting-ends-soon']);
  });

  it('tells the results once voting closed, saying whether you won or are the community’s choice', async () => {
    const now = Date.now();
    const jam = await insertJam(env.db, { startsAt: new Date(now - 4 * DAY), endsAt: new Date(now - HOUR) });
    const [winner, favourite, other] = [await someone(), await someone(), await someone()];
    for (const person of [winner, favourite, other]) await join(jam.id, person, new Date(now - 5 * DAY));
    const won = await insertEntry(env.db, jam.id, winner.id, (scratchIds += 1), { isWinner: true, title: 'Gold' });
    const liked = await insertEntry(env.db, jam.id, favourite.id, (scratchIds += 1), { title: 'Loved' });
    await insertVote(env.db, jam.id, liked.id, other.id);
    const itemOf = async (person: TestUser) =>
      (await inbox(person)).body.items.find((item: { kind: string }) => item.kind === 'results');
    expect(await itemOf(winner)).toMatchObject({ data: { won: true, communityChoice: false }, entry: { id: won.id } });
    expect(await itemOf(favourite)).toMatchObject({
      data: { won: false, communityChoice: true, place: 1, of: 2 },
      entry: { id: liked.id },
    });
    expect(await itemOf(other)).toMatchObject({
      data: { won: false, communityChoice: false },
      entry: null,
      href: `/jams/${jam.slug}`,
    });
    await inbox(other);
    expect((await rowsOf(other)).filter((row) => row.kind === 'results')).toHaveLength(1);
  });

  it('tells co-creators the results as it tells the submitter: a win and the community’s choice (issue 45 §1)', async () => {
    const now = Date.now();
    const jam = await insertJam(env.db, { startsAt: new Date(now - 4 * DAY), endsAt: new Date(now - HOUR) });
    const [winner, winnerMate, favourite, favouriteMate, voter] = [
      await someone(),
      await someone(),
      await someone(),
      await someone(),
      await someone(),
    ];
    for (const person of [winner, winnerMate, favourite, favouriteMate]) await join(jam.id, person, new Date(now - 5 * DAY));
    const won = await insertEntry(env.db, jam.id, winner.id, (scratchIds += 1), { isWinner: true, title: 'Gold' });
    const liked = await insertEntry(env.db, jam.id, favourite.id, (scratchIds += 1), { title: 'Loved' });
    await env.db.insert(entryCredits).values([
      { entryId: won.id, userId: winnerMate.id, jamId: jam.id, status: 'accepted', acceptedAt: new Date(now - 3 * DAY) },
      { entryId: liked.id, userId: favouriteMate.id, jamId: jam.id, status: 'accepted', acceptedAt: new Date(now - 3 * DAY) },
    ]);
    await insertVote(env.db, jam.id, liked.id, voter.id);
    const resultsOf = async (person: TestUser) =>
      (await inbox(person)).body.items.filter((item: { kind: string }) => item.kind === 'results');
    for (const person of [winner, winnerMate]) {
      expect(await resultsOf(person)).toMatchObject([{ data: { won: true, communityChoice: false }, entry: { id: won.id } }]);
    }
    for (const person of [favourite, favouriteMate]) {
      expect(await resultsOf(person)).toMatchObject([{ data: { won: false, communityChoice: true }, entry: { id: liked.id } }]);
    }
  });

  it('does not say 24 hours are left to a co-creator: their team has entered', async () => {
    const now = Date.now();
    const jam = await insertJam(env.db, { startsAt: new Date(now - 2 * DAY), endsAt: new Date(now + 10 * HOUR) });
    const [submitter, mate] = [await someone(), await someone()];
    for (const person of [submitter, mate]) await join(jam.id, person, new Date(now - DAY - HOUR));
    const entry = await insertEntry(env.db, jam.id, submitter.id, (scratchIds += 1));
    await env.db.insert(entryCredits).values({ entryId: entry.id, userId: mate.id, jamId: jam.id, status: 'accepted' });
    expect((await inbox(mate)).body.items).toEqual([]);
  });

  it('stays quiet about a jam that ended before you joined', async () => {
    const reader = await someone();
    const now = Date.now();
    const jam = await insertJam(env.db, { startsAt: new Date(now - 4 * DAY), endsAt: new Date(now - 2 * DAY) });
    await join(jam.id, reader, new Date(now - DAY));
    expect((await inbox(reader)).body.items).toEqual([]);
  });
});

describe('events the services write', () => {
  it('tells the submitter their entry was disqualified, and again after a reopen and a second disqualification', async () => {
    const maker = await someone('maker');
    const manager = await someone('manager');
    const jam = await insertJam(env.db, { status: 'ended' });
    await insertManager(env.db, jam.id, manager.id);
    const entry = await insertEntry(env.db, jam.id, maker.id, (scratchIds += 1), { title: 'Sneaky' });
    const review = (verdict: string) =>
      env.request(`/api/jams/${jam.slug}/entries/${entry.id}/review`, { method: 'PUT', body: { review: verdict }, as: manager });
    expect((await review('disqualified')).status).toBe(200);
    const items = (await inbox(maker)).body.items.filter((item: { kind: string }) => item.kind === 'entry-disqualified');
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ entry: { title: 'Sneaky' }, href: `/jams/${jam.slug}/entries/${entry.id}` });
    await review('open');
    await new Promise((resolve) => setTimeout(resolve, 5));
    await review('disqualified');
    expect((await rowsOf(maker)).filter((row) => row.kind === 'entry-disqualified')).toHaveLength(2);
  });

  it('tells the submitter a manager removed their entry, with its title, but not when they removed it themselves', async () => {
    const maker = await someone('maker');
    const manager = await someone('manager');
    const jam = await insertJam(env.db, { name: 'Removal Jam' });
    await insertManager(env.db, jam.id, manager.id);
    const entry = await insertEntry(env.db, jam.id, maker.id, (scratchIds += 1), { title: 'Gone Game' });
    expect((await env.request(`/api/jams/${jam.slug}/entries/${entry.id}`, { method: 'DELETE', as: manager })).status).toBe(204);
    const [item] = (await inbox(maker)).body.items;
    expect(item).toMatchObject({
      kind: 'entry-removed',
      entry: null,
      jam: { name: 'Removal Jam' },
      data: { title: 'Gone Game', reported: false },
      href: `/jams/${jam.slug}`,
    });
    const own = await insertEntry(env.db, jam.id, maker.id, (scratchIds += 1));
    await env.request(`/api/jams/${jam.slug}/entries/${own.id}`, { method: 'DELETE', as: maker });
    expect((await rowsOf(maker)).filter((row) => row.kind === 'entry-removed')).toHaveLength(1);
  });

  it('tells the requester their jam request was approved (with the new jam) or declined (with the reason)', async () => {
    const asker = await someone('asker');
    const approved = await insertJamRequest(env.db, asker.id, { name: 'Approved Jam' });
    expect((await env.request(`/api/jam-requests/${approved.id}/approve`, { method: 'POST', as: admin })).status).toBe(201);
    const other = await someone('asker');
    const declined = await insertJamRequest(env.db, other.id, { name: 'Declined Jam' });
    const reason = 'Please pick dates after the holidays.';
    expect(
      (await env.request(`/api/jam-requests/${declined.id}/decline`, { method: 'POST', as: admin, body: { reason } })).status,
    ).toBe(200);
    const [yes] = (await inbox(asker)).body.items;
    expect(yes).toMatchObject({ kind: 'request-approved', jam: { name: 'Approved Jam' } });
    expect(yes.href).toBe(`/jams/${yes.jam.slug}`);
    const [no] = (await inbox(other)).body.items;
    expect(no).toMatchObject({ kind: 'request-declined', jam: null, data: { name: 'Declined Jam', reason }, href: '/dashboard' });
  });
});

describe('the private calendar and RSS', () => {
  it('answers only with its token, in the person’s joined jams, and 404 after rotation or revocation', async () => {
    const reader = await someone();
    const now = Date.now();
    const jam = await insertJam(env.db, {
      name: 'Calendar Jam',
      startsAt: new Date(now + 10 * HOUR),
      endsAt: new Date(now + 3 * DAY),
      votingEndsAt: new Date(now + 5 * DAY),
    });
    const elsewhere = await insertJam(env.db, { name: 'Not Joined Jam' });
    await join(jam.id, reader, new Date(now - HOUR));
    expect(elsewhere.id).not.toBe(jam.id);

    const made = await env.request('/api/me/feed-token', { method: 'POST', as: reader });
    expect(made.status).toBe(200);
    const calendarUrl = new URL(made.body.calendar);
    const rssUrl = new URL(made.body.rss);
    expect(calendarUrl.pathname).toMatch(/^\/feeds\/[a-z2-7]{40}\/my-jams\.ics$/);
    const [row] = await env.db.select({ token: users.feedToken }).from(users).where(eq(users.id, reader.id));
    expect(calendarUrl.pathname).toBe(`/feeds/${row!.token}/my-jams.ics`);

    const calendar = await env.request(calendarUrl.pathname);
    expect(calendar.status).toBe(200);
    expect(calendar.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(calendar.headers.get('cache-control')).toBe('private, no-store');
    expect(calendar.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(calendar.body).toContain('X-WR-CALNAME:My jams on Itinerary');
    expect(calendar.body).toContain('SUMMARY:Calendar Jam');
    expect(calendar.body).toContain('SUMMARY:Voting: Calendar Jam');
    expect(calendar.body).not.toContain('Not Joined Jam');

    const rss = await env.request(`/hu${rssUrl.pathname}`);
    expect(rss.status).toBe(200);
    expect(rss.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect(rss.body).toContain('<title>Itinerary: jamjeim</title>');
    // The start is within a day, so its heads-up is in; the deadline and voting end are not yet.
    expect(rss.body).toContain('<title>Kezdődik: Calendar Jam</title>');
    expect(rss.body).not.toContain('<title>Calendar Jam: zárul a beadás</title>');

    const rotated = await env.request('/api/me/feed-token', { method: 'POST', as: reader });
    expect(rotated.body.calendar).not.toBe(made.body.calendar);
    const old = await env.request(calendarUrl.pathname);
    expect(old.status).toBe(404);
    expect(old.body).toEqual({ error: { status: 404, code: 'not_found', message: NO_SUCH_FEED } });
    expect((await env.request(new URL(rotated.body.rss).pathname)).status).toBe(200);

    expect((await env.request('/api/me/feed-token', { method: 'DELETE', as: reader })).status).toBe(204);
    expect((await env.request(new URL(rotated.body.rss).pathname)).status).toBe(404);
    expect((await env.request(new URL(rotated.body.calendar).pathname)).status).toBe(404);
    const [cleared] = await env.db
      .select({ token: users.feedToken })
      .from(users)
      .where(and(eq(users.id, reader.id)));
    expect(cleared!.token).toBeNull();
  });

  it('answers an unknown or malformed token with the same 404', async () => {
    for (const path of [
      '/feeds/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/my-jams.ics',
      '/feeds/nope/my-jams.xml',
      '/ir/feeds/x/my-jams.xml',
      '/hu/feeds/x/my-jams.ics',
    ]) {
      const reply = await env.request(path);
      expect(reply.status, path).toBe(404);
      expect(reply.body).toEqual({ error: { status: 404, code: 'not_found', message: NO_SUCH_FEED } });
    }
  });
});

describe('the /notifications page', () => {
  const form = (as: TestUser, path: string, fields: Record<string, string>, origin?: string) =>
    env.request(path, {
      method: 'POST',
      as,
      body: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(origin ? { origin } : {}) },
    });

  it('lists the items in the page’s language, private, and marks read by plain form posts', async () => {
    const reader = await someone();
    const jam = await insertJam(env.db, { name: 'Page Jam' });
    await env.db.insert(notifications).values([
      { userId: reader.id, kind: 'report', key: 'report:71', jamId: jam.id, data: { reportId: 71, item: 'jam' } },
      { userId: reader.id, kind: 'request-declined', key: 'request:72', data: { name: 'Winter Jam', reason: 'Too short.' } },
    ]);
    const page = await env.request('/hu/notifications', { as: reader });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(page.body).toContain('Új jelentés erről: Page Jam');
    expect(page.body).toContain('A(z) „Winter Jam” jamkérésedet elutasították.');
    expect(page.body).toContain('Indoklás: Too short.');
    expect(page.body).toContain('2 olvasatlan');

    const one = await form(reader, '/hu/notifications', { action: 'read', group: 'id:0', page: '1' });
    expect(one.status).toBe(303);
    expect(one.headers.get('location')).toBe('/hu/notifications');
    const [report] = (await inbox(reader)).body.items.filter((item: { kind: string }) => item.kind === 'report');
    await form(reader, '/hu/notifications', { action: 'read', group: report.group, page: '1' });
    expect(await unread(reader)).toBe(1);
    const all = await form(reader, '/notifications', { action: 'read-all', page: '2' });
    expect(all.status).toBe(303);
    expect(all.headers.get('location')).toBe('/notifications?page=2');
    expect(await unread(reader)).toBe(0);
  });

  it('refuses a form post from another site', async () => {
    const reader = await someone();
    await env.db
      .insert(notifications)
      .values({ userId: reader.id, kind: 'report', key: 'report:81', data: { reportId: 81, item: 'jam' } });
    const refused = await form(reader, '/notifications', { action: 'read-all', page: '1' }, 'https://evil.example');
    expect(refused.status).toBe(403);
    expect(await unread(reader)).toBe(1);
  });

  it('sends visitors to the login page', async () => {
    const reply = await env.request('/ir/notifications');
    expect(reply.status).toBe(302);
    expect(reply.headers.get('location')).toBe('/ir/login');
  });
});
