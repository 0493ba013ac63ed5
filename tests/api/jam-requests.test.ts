/**
 * Jam requests (issue 17 part 3) against the built server: a user asks, an administrator edits,
 * approves (the jam is created with the requester as its manager) or declines with a reason; one
 * pending request per user, also under concurrency; every step in the audit log.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, jamManagers, jamRequests, jams, users } from '#db/schema';
import { PENDING_EXISTS_MESSAGE } from '#server/jams/requests';
import { type Environment, type TestUser, startEnvironment } from '../helpers/environment';
import { insertJam, insertJamRequest } from '../helpers/factories';
import { uniqueTag } from '../helpers/unique-tag';

const DAY = 86_400_000;

let env: Environment;
let admin: TestUser;
let people = 0;

beforeAll(async () => {
  env = await startEnvironment();
  admin = await env.login('requests_admin', { isAdmin: true });
});
afterAll(() => env?.close());

/** A fresh user (each test its own, so one pending request per user does not couple the tests). */
const someone = () => env.login(`asker_${(people += 1)}`);

const fields = (overrides: Record<string, unknown> = {}) => ({
  name: `Asked Jam ${uniqueTag()}`,
  description: 'A jam someone asked for.',
  body: '## Theme\n\nRequests.',
  imageUrl: 'https://example.org/cover.png',
  startsAt: new Date(Date.now() + 2 * DAY).toISOString(),
  endsAt: new Date(Date.now() + 9 * DAY).toISOString(),
  mystery: true,
  note: 'I ran jams in my studio before.',
  ...overrides,
});

const send = (as: TestUser, body: unknown) => env.request('/api/jam-requests', { method: 'POST', as, body });
const row = async (id: number) => (await env.db.select().from(jamRequests).where(eq(jamRequests.id, id)))[0];
const auditOf = async (action: string, requestId: number) =>
  (await env.db.select().from(auditLog).where(eq(auditLog.action, action))).filter(
    (entry) => (entry.details as { requestId?: number } | null)?.requestId === requestId,
  );

describe('sending a jam request', () => {
  it('stores the create form’s fields and the note as pending, shows it to the requester, and audits it', async () => {
    const asker = await someone();
    const sent = fields();
    const reply = await send(asker, sent);
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body).toMatchObject({
      status: 'pending',
      name: sent.name,
      description: sent.description,
      body: sent.body,
      imageUrl: sent.imageUrl,
      startsAt: sent.startsAt,
      endsAt: sent.endsAt,
      mystery: true,
      note: sent.note,
      declineReason: null,
      requester: { id: asker.id, name: asker.name },
      jam: null,
      reviewedBy: null,
    });
    const own = await env.request('/api/me/jam-requests', { as: asker });
    expect(own.body.requests).toEqual([reply.body]);
    const [audit] = await auditOf('jam-request.create', reply.body.id);
    expect(audit).toMatchObject({ actorId: asker.id, targetUserId: asker.id, details: { name: sent.name } });
  });

  it('validates with the create-jam schema plus the note', async () => {
    const asker = await someone();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ name: '' }, /^name: Please fill in the required fields!$/],
      [{ description: undefined }, /^description: Please fill in the required fields!$/],
      [{ imageUrl: 'javascript:alert(1)' }, /The URL entered is invalid!/],
      [{ endsAt: new Date(Date.now() + DAY).toISOString() }, /The end must be after the start/],
      [{ startsAt: null }, /startsAt/],
      [{ note: 'x'.repeat(1001) }, /^note: At most 1000 characters\.$/],
      [{ name: 'x'.repeat(81) }, /^name: At most 80 characters\.$/],
    ];
    for (const [change, message] of cases) {
      const reply = await send(asker, fields(change));
      expect(reply.status, JSON.stringify(change)).toBe(400);
      expect(reply.body.error.message, JSON.stringify(change)).toMatch(message);
    }
    expect(await env.db.select().from(jamRequests).where(eq(jamRequests.requesterId, asker.id))).toEqual([]);
    // The note may be left out; body, picture and mystery take the create form's defaults.
    const minimal = await send(asker, {
      name: 'Minimal',
      description: 'Just that.',
      startsAt: fields().startsAt,
      endsAt: fields().endsAt,
    });
    expect(minimal.status, JSON.stringify(minimal.body)).toBe(201);
    expect(minimal.body).toMatchObject({ note: '', body: '', imageUrl: null, mystery: false });
  });

  it('allows one pending request per user: a second is a 409 with a clear message', async () => {
    const asker = await someone();
    expect((await send(asker, fields())).status).toBe(201);
    const second = await send(asker, fields());
    expect(second.status).toBe(409);
    expect(second.body.error).toEqual({ status: 409, code: 'conflict', message: PENDING_EXISTS_MESSAGE });
  });

  it('keeps one pending request per user when ten are sent at the same moment', async () => {
    const asker = await someone();
    const replies = await Promise.all(Array.from({ length: 10 }, () => send(asker, fields())));
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    for (const reply of replies.filter((r) => r.status === 409)) expect(reply.body.error.message).toBe(PENDING_EXISTS_MESSAGE);
    expect(await env.db.select().from(jamRequests).where(eq(jamRequests.requesterId, asker.id))).toHaveLength(1);
  });

  it('refuses visitors (401) and banned users (403)', async () => {
    expect((await env.request('/api/jam-requests', { method: 'POST', body: fields() })).status).toBe(401);
    const banned = await env.login('asker_banned', { isBanned: true });
    const reply = await send(banned, fields());
    expect(reply.status).toBe(403);
    expect(reply.body.error.code).toBe('banned');
  });
});

describe('the note filter on a request’s texts (issue 41)', () => {
  it.each([
    ['name', 'Jam of sh1t', 'word', 'name: That has a word we don’t allow here. Say it in a kinder way and try again.'],
    [
      'description',
      'Ask me at kid@example.com',
      'email',
      'description: Please keep e-mail addresses out, so everyone stays safe. Take it out and try again.',
    ],
    [
      'description',
      'Rules at coolgames.io',
      'link',
      'description: Links can only go to Scratch projects and studios. Take out the link and try again.',
    ],
    [
      'note',
      'Call me on 555 123 4567',
      'phone',
      'note: That looks like a phone number. Keep phone numbers private: take it out and try again.',
    ],
    [
      'note',
      'add me on discord: cool_kid99',
      'contact',
      'note: Keep chat apps and usernames outside Scratch private, so everyone stays safe. Take it out and try again.',
    ],
    [
      'body',
      '## Theme\n\nDM me on snapchat: coolkid_2014',
      'contact',
      'body: Keep chat apps and usernames outside Scratch private, so everyone stays safe. Take it out and try again.',
    ],
    [
      'body',
      '## Prize\n\nA shout-out, you b1tch',
      'word',
      'body: That has a word we don’t allow here. Say it in a kinder way and try again.',
    ],
  ] as const)(
    'refuses a %s with its %s, naming the field and the rule, never the words, and stores nothing',
    async (field, text, rule, message) => {
      const asker = await someone();
      const reply = await send(asker, fields({ [field]: text }));
      expect(reply.status).toBe(400);
      expect(reply.body.error).toEqual({ status: 400, code: 'text_refused', message, field, rule });
      expect(await env.db.select().from(jamRequests).where(eq(jamRequests.requesterId, asker.id))).toEqual([]);
    },
  );

  it('keeps a body’s own link rules: web and mail links pass, their digits are no phone number', async () => {
    const asker = await someone();
    const body =
      '## Rules\n\nRead [the guide](https://example.org/guides/12345678) and https://www.youtube.com/watch?v=1234567890, or write to [us](mailto:jams@example.org).\n\n![cover](https://example.org/i/98765432.png)';
    const reply = await send(
      asker,
      fields({ body, description: 'Make a game in the studio https://scratch.mit.edu/studios/31234567' }),
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body.body).toBe(body);
  });

  it('uses the administrators’ own words too', async () => {
    await env.request('/api/filter/words/grumpyjam', { method: 'PUT', as: admin });
    const reply = await send(await someone(), fields({ name: 'The Grumpyjam Jam' }));
    expect(reply.body.error).toMatchObject({ code: 'text_refused', field: 'name', rule: 'word' });
    await env.request('/api/filter/words/grumpyjam', { method: 'DELETE', as: admin });
    expect((await send(await someone(), fields({ name: 'The Grumpyjam Jam' }))).status).toBe(201);
  });
});

describe('the administrators’ queue', () => {
  it('pages in the database, filters by status, counts each status, and is for administrators only', async () => {
    const before = (await env.request('/api/jam-requests', { as: admin })).body.counts;
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await insertJamRequest(env.db, (await someone()).id));
    await insertJamRequest(env.db, (await someone()).id, { status: 'declined', declineReason: 'No.' });

    const all = await env.request('/api/jam-requests', { as: admin });
    expect(all.status).toBe(200);
    expect(all.headers.get('cache-control')).toBe('private, no-store');
    expect(all.body.counts).toEqual({ ...before, pending: before.pending + 3, declined: before.declined + 1 });
    expect(all.body.total).toBe(before.pending + before.approved + before.declined + 4);

    // Pending: oldest first, the newest three last; a page past the end is the last page.
    const pending = await env.request(`/api/jam-requests?status=pending&perPage=10&page=999`, { as: admin });
    expect(pending.body.total).toBe(before.pending + 3);
    expect(pending.body.requests.every((request: { status: string }) => request.status === 'pending')).toBe(true);
    expect(pending.body.requests.slice(-3).map((request: { id: number }) => request.id)).toEqual(made.map((m) => m.id));

    const declined = await env.request('/api/jam-requests?status=declined', { as: admin });
    expect(declined.body.requests[0]).toMatchObject({ status: 'declined', declineReason: 'No.' });

    for (const as of [null, await someone()]) {
      expect((await env.request('/api/jam-requests', { as })).status).toBe(as ? 403 : 401);
    }
  });

  it('shows a user only their own requests, newest first, with the answers', async () => {
    const asker = await someone();
    const declined = await insertJamRequest(env.db, asker.id, { status: 'declined', declineReason: 'Too short.' });
    const pending = await insertJamRequest(env.db, asker.id);
    await insertJamRequest(env.db, (await someone()).id);
    const reply = await env.request('/api/me/jam-requests', { as: asker });
    expect(reply.body.requests.map((r: { id: number; declineReason: string | null }) => [r.id, r.declineReason])).toEqual([
      [pending.id, null],
      [declined.id, 'Too short.'],
    ]);
  });
});

describe('editing a pending request', () => {
  it('changes only the fields sent; null clears the body and the picture and is refused for the rest; the note stays', async () => {
    const asker = await someone();
    const { body: sent } = await send(asker, fields());
    const path = `/api/jam-requests/${sent.id}`;
    const edited = await env.request(path, { method: 'PATCH', as: admin, body: { description: 'Sharper.', mystery: false } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toEqual({ ...sent, description: 'Sharper.', mystery: false, updatedAt: expect.any(String) });
    const cleared = await env.request(path, { method: 'PATCH', as: admin, body: { body: null, imageUrl: null } });
    expect(cleared.body).toMatchObject({ body: '', imageUrl: null, note: sent.note, name: sent.name });
    for (const field of ['name', 'description', 'startsAt', 'endsAt', 'mystery']) {
      const reply = await env.request(path, { method: 'PATCH', as: admin, body: { [field]: null } });
      expect(reply.status, field).toBe(400);
    }
    // The end must stay after the start, with the stored start when only the end is sent.
    const backwards = await env.request(path, {
      method: 'PATCH',
      as: admin,
      body: { endsAt: new Date(Date.now() + DAY).toISOString() },
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.message).toBe('The end must be after the start.');
    expect(await auditOf('jam-request.update', sent.id)).toHaveLength(2);
    // An empty edit changes nothing and writes no audit entry.
    expect((await env.request(path, { method: 'PATCH', as: admin, body: {} })).status).toBe(200);
    expect(await auditOf('jam-request.update', sent.id)).toHaveLength(2);
  });

  it('is for administrators only, and a 404 for a request that does not exist', async () => {
    const asker = await someone();
    const { body: sent } = await send(asker, fields());
    const edit = (as: TestUser | null, id = sent.id) =>
      env.request(`/api/jam-requests/${id}`, { method: 'PATCH', as, body: { name: 'Mine now' } });
    expect((await edit(asker)).status).toBe(403);
    expect((await edit(null)).status).toBe(401);
    expect((await edit(admin, 987654)).status).toBe(404);
    expect((await edit(admin, 'abc' as never)).status).toBe(404);
    expect((await row(sent.id))?.name).toBe(sent.name);
  });
});

describe('approving a request', () => {
  it('creates the jam as the request now is, makes the requester its manager, and audits both', async () => {
    const asker = await someone();
    const { body: sent } = await send(asker, fields());
    await env.request(`/api/jam-requests/${sent.id}`, { method: 'PATCH', as: admin, body: { name: `${sent.name} Edited` } });
    const reply = await env.request(`/api/jam-requests/${sent.id}/approve`, { method: 'POST', as: admin });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const slug = reply.body.jam.slug;
    expect(reply.headers.get('location')).toBe(`/api/jams/${slug}`);
    expect(reply.body).toMatchObject({
      status: 'approved',
      jam: { name: `${sent.name} Edited`, slug },
      reviewedBy: { id: admin.id, name: admin.name },
      reviewedAt: expect.any(String),
    });

    const jam = await env.request(`/api/jams/${slug}`, { as: admin });
    expect(jam.body).toMatchObject({
      name: `${sent.name} Edited`,
      description: sent.description,
      body: sent.body,
      imageUrl: sent.imageUrl,
      startsAt: sent.startsAt,
      endsAt: sent.endsAt,
      mystery: true,
      featured: false,
    });
    const [stored] = await env.db.select().from(jams).where(eq(jams.slug, slug));
    expect(stored).toMatchObject({ createdBy: admin.id });
    const managers = await env.db.select().from(jamManagers).where(eq(jamManagers.jamId, stored!.id));
    expect(managers.map((manager) => [manager.userId, manager.addedBy])).toEqual([[asker.id, admin.id]]);
    // The requester manages it: their dashboard lists it and they may edit it.
    expect((await env.request('/api/me', { as: asker })).body.managing.map((j: { slug: string }) => j.slug)).toEqual([slug]);
    expect((await env.request(`/api/jams/${slug}`, { method: 'PATCH', as: asker, body: { description: 'Mine.' } })).status).toBe(
      200,
    );
    expect((await env.request('/api/me/jam-requests', { as: asker })).body.requests[0]).toMatchObject({
      status: 'approved',
      jam: { slug },
    });

    const [created] = await auditOf('jam.create', sent.id);
    expect(created).toMatchObject({ actorId: admin.id, jamId: stored!.id, details: { slug, requestId: sent.id } });
    const [approved] = await auditOf('jam-request.approve', sent.id);
    expect(approved).toMatchObject({ actorId: admin.id, jamId: stored!.id, targetUserId: asker.id });

    // Answered: no second approval, no edit, no decline, no withdrawal; the user may ask again.
    for (const [method, path, body] of [
      ['POST', `/api/jam-requests/${sent.id}/approve`, undefined],
      ['POST', `/api/jam-requests/${sent.id}/decline`, { reason: 'Changed my mind.' }],
      ['PATCH', `/api/jam-requests/${sent.id}`, { name: 'Again' }],
    ] as const) {
      const again = await env.request(path, { method, as: admin, body });
      expect(again.status, path).toBe(409);
      expect(again.body.error.message).toMatch(/^This jam request has already been approved: /);
    }
    expect((await env.request(`/api/jam-requests/${sent.id}`, { method: 'DELETE', as: asker })).status).toBe(409);
    expect((await send(asker, fields())).status).toBe(201);
  });

  it('gives the jam a free slug from the name, never a page of its own such as /jams/request', async () => {
    const taken = await insertJam(env.db, { slug: 'twin-name-jam', name: 'Twin Name Jam' });
    const twin = await insertJamRequest(env.db, (await someone()).id, { name: taken.name });
    const request = await insertJamRequest(env.db, (await someone()).id, { name: 'Request' });
    const approve = (id: number) => env.request(`/api/jam-requests/${id}/approve`, { method: 'POST', as: admin });
    expect((await approve(twin.id)).body.jam.slug).toBe('twin-name-jam-2');
    expect((await approve(request.id)).body.jam.slug).toBe('request-2');
  });

  it('creates one jam when five administrators approve at the same moment; the others get 409', async () => {
    const request = await insertJamRequest(env.db, (await someone()).id, { name: 'Rush Approval Jam' });
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => env.request(`/api/jam-requests/${request.id}/approve`, { method: 'POST', as: admin })),
    );
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await env.db.select().from(jams).where(eq(jams.name, 'Rush Approval Jam'))).toHaveLength(1);
    expect(await auditOf('jam-request.approve', request.id)).toHaveLength(1);
  });

  it('is for administrators only', async () => {
    const asker = await someone();
    const request = await insertJamRequest(env.db, asker.id);
    for (const as of [asker, null]) {
      const reply = await env.request(`/api/jam-requests/${request.id}/approve`, { method: 'POST', as });
      expect(reply.status).toBe(as ? 403 : 401);
    }
    expect((await row(request.id))?.status).toBe('pending');
  });

  it('leaves the request approved without a jam once the jam is deleted', async () => {
    const request = await insertJamRequest(env.db, (await someone()).id);
    const { body } = await env.request(`/api/jam-requests/${request.id}/approve`, { method: 'POST', as: admin });
    expect((await env.request(`/api/jams/${body.jam.slug}`, { method: 'DELETE', as: admin })).status).toBe(204);
    expect(await row(request.id)).toMatchObject({ status: 'approved', jamId: null });
  });
});

describe('declining a request', () => {
  it('needs a reason, which the requester reads; they may ask again', async () => {
    const asker = await someone();
    const { body: sent } = await send(asker, fields());
    const decline = (body: unknown) => env.request(`/api/jam-requests/${sent.id}/decline`, { method: 'POST', as: admin, body });
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(1001) }]) {
      expect((await decline(body)).status, JSON.stringify(body)).toBe(400);
    }
    const reply = await decline({ reason: '  The dates clash with another jam.  ' });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      status: 'declined',
      declineReason: 'The dates clash with another jam.',
      reviewedBy: { name: admin.name },
      jam: null,
    });
    expect((await env.request('/api/me/jam-requests', { as: asker })).body.requests[0].declineReason).toBe(
      'The dates clash with another jam.',
    );
    const [audit] = await auditOf('jam-request.decline', sent.id);
    expect(audit).toMatchObject({
      actorId: admin.id,
      targetUserId: asker.id,
      details: { reason: 'The dates clash with another jam.' },
    });
    expect((await decline({ reason: 'Again.' })).status).toBe(409);
    expect((await env.request(`/api/jam-requests/${sent.id}/approve`, { method: 'POST', as: admin })).status).toBe(409);
    expect((await send(asker, fields())).status).toBe(201);
  });
});

describe('withdrawing a request', () => {
  it('lets the requester take back a pending request, and nobody else', async () => {
    const asker = await someone();
    const other = await someone();
    const { body: sent } = await send(asker, fields());
    const withdraw = (as: TestUser | null) => env.request(`/api/jam-requests/${sent.id}`, { method: 'DELETE', as });
    expect((await withdraw(null)).status).toBe(401);
    expect((await withdraw(other)).status).toBe(404);
    const byAdmin = await withdraw(admin);
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body.error.message).toMatch(/decline it instead/);
    expect((await withdraw(asker)).status).toBe(204);
    expect(await row(sent.id)).toBeUndefined();
    expect(await auditOf('jam-request.withdraw', sent.id)).toHaveLength(1);
    expect((await withdraw(asker)).status).toBe(404);
    expect((await send(asker, fields())).status).toBe(201);
  });
});

describe('deleting the requester', () => {
  it('deletes their requests with them', async () => {
    const asker = await someone();
    await insertJamRequest(env.db, asker.id);
    await insertJamRequest(env.db, asker.id, { status: 'declined' });
    expect((await env.request(`/api/users/${asker.id}`, { method: 'DELETE', as: admin })).status).toBe(204);
    expect(await env.db.select().from(jamRequests).where(eq(jamRequests.requesterId, asker.id))).toEqual([]);
    expect(
      await env.db
        .select()
        .from(users)
        .where(and(eq(users.id, asker.id))),
    ).toEqual([]);
  });
});

describe('the activity', () => {
  it('lists every step of a request under its own action', async () => {
    const asker = await someone();
    const { body: sent } = await send(asker, fields());
    await env.request(`/api/jam-requests/${sent.id}`, { method: 'PATCH', as: admin, body: { description: 'Better.' } });
    await env.request(`/api/jam-requests/${sent.id}/decline`, { method: 'POST', as: admin, body: { reason: 'Not now.' } });
    const reply = await env.request(`/api/activity?user=${asker.name}`, { as: admin });
    expect(reply.body.entries.map((entry: { action: string }) => entry.action)).toEqual([
      'jam-request.decline',
      'jam-request.update',
      'jam-request.create',
    ]);
    expect(reply.body.entries[0]).toMatchObject({ actor: { name: admin.name }, targetUser: { name: asker.name } });
  });
});
