import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, guardOutcomes, noteRefusals, notes, notifications, reports, users } from '#db/schema';
import { NOTE_PACE_MS } from '#lib/feedback';
import { NOTE_REFUSALS } from '#lib/schemas/notes';
import { type Environment, type TestUser, startEnvironment } from '../helpers/environment';
import { insertEntry, insertJam, insertManager } from '../helpers/factories';
import { RATE_LIMITS } from '#server/http/rate-limits';

let env: Environment;
let admin: TestUser, author: TestUser, player: TestUser, other: TestUser, manager: TestUser;
let scratchIds = 870_000_000;
const MINUTE = 60_000;

beforeAll(async () => {
  env = await startEnvironment();
  admin = await env.login('notes_admin', { isAdmin: true });
  author = await env.login('notes_author');
  player = await env.login('notes_player');
  other = await env.login('notes_other');
  manager = await env.login('notes_manager');
  // Accounts a month old: a new account's links and numbers are held, not refused (issue 53; tested below).
  await env.db.update(users).set({ createdAt: new Date(Date.now() - 30 * 24 * 60 * MINUTE) });
});
afterAll(() => env?.close());

async function scene(feedback: 'notes' | 'kudos' | 'off' = 'notes') {
  const jam = await insertJam(env.db, { feedback });
  await insertManager(env.db, jam.id, manager.id);
  const entry = await insertEntry(env.db, jam.id, author.id, (scratchIds += 1));
  const base = `/api/jams/${jam.slug}/entries/${entry.id}/notes`;
  return { jam, entry, base };
}

/** Posts a note, the writer's earlier notes first moved back past the pace, as a clock would move on (the pace has its own tests). */
async function post(base: string, text: unknown, as: TestUser | null) {
  if (as) await agePace(as);
  return env.request(base, { method: 'POST', body: { text }, as });
}
const agePace = (as: TestUser) =>
  env.db
    .update(notes)
    .set({ createdAt: sql`${notes.createdAt} - ${NOTE_PACE_MS}` })
    .where(eq(notes.authorId, as.id));
const postNow = (base: string, text: unknown, as: TestUser) => env.request(base, { method: 'POST', body: { text }, as });
const list = (base: string, as: TestUser | null, page = 1) => env.request(`${base}?page=${page}`, { as });
/** Someone whose account is a month old (`{ new: true }`: made just now). */
async function fresh(name: string, { new: isNew = false } = {}) {
  const someone = await env.login(`notes_${name}_${(scratchIds += 1)}`);
  if (!isNew)
    await env.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 30 * 24 * 60 * MINUTE) })
      .where(eq(users.id, someone.id));
  return someone;
}

describe('posting a note', () => {
  it('keeps a note that passes the filter, trimmed, and tells the entry’s author once', async () => {
    const { entry, base } = await scene();
    const reply = await post(base, '  Great jump! Try https://scratch.mit.edu/projects/123456789/  ', player);
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      text: 'Great jump! Try https://scratch.mit.edu/projects/123456789/',
      author: { id: player.id, name: player.name, avatar: `/api/user/${player.name}/picture` },
      mine: true,
      canDelete: true,
      canHide: false,
      hidden: false,
    });
    const told = await env.db.select().from(notifications).where(eq(notifications.userId, author.id));
    expect(told.filter((row) => row.entryId === entry.id)).toEqual([
      expect.objectContaining({
        kind: 'note',
        key: `note:${reply.body.id}`,
        groupKey: `note:${entry.id}`,
        actorId: player.id,
        data: { noteId: reply.body.id },
      }),
    ]);
  });

  it('lets the entry’s author answer on their own entry, without telling themselves', async () => {
    const { entry, base } = await scene();
    expect((await post(base, 'Thanks for playing, everyone!', author)).status).toBe(201);
    const told = await env.db.select().from(notifications).where(eq(notifications.entryId, entry.id));
    expect(told).toEqual([]);
  });

  it('refuses empty and too long notes with a message, storing nothing', async () => {
    const { entry, base } = await scene();
    for (const [text, message] of [
      ['   ', 'text: Write something before you post your note.'],
      [42, 'text: Write something before you post your note.'],
      ['x'.repeat(281), 'text: Keep your note to 280 characters or fewer.'],
    ] as const) {
      const reply = await post(base, text, player);
      expect(reply.status).toBe(400);
      expect(reply.body.error).toMatchObject({ code: 'invalid_input', message });
    }
    expect((await post(base, 'x'.repeat(280), player)).status).toBe(201);
    expect(await env.db.select().from(notes).where(eq(notes.entryId, entry.id))).toHaveLength(1);
  });

  it('refuses visitors (401), banned people (403), and jams without notes (409)', async () => {
    const { base } = await scene();
    expect((await post(base, 'Hello', null)).status).toBe(401);
    const banned = await env.login('notes_banned', { isBanned: true });
    const refused = await post(base, 'Hello', banned);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('banned');
    for (const feedback of ['kudos', 'off'] as const) {
      const { base: closed } = await scene(feedback);
      const reply = await post(closed, 'Hello', player);
      expect(reply.status).toBe(409);
      expect(reply.body.error.message).toBe('Notes are turned off for this jam, so new notes cannot be posted.');
    }
  });

  it('answers 404 for an entry of another jam or a removed one', async () => {
    const { entry } = await scene();
    const { jam: otherJam } = await scene();
    const reply = await post(`/api/jams/${otherJam.slug}/entries/${entry.id}/notes`, 'Hello', player);
    expect(reply.status).toBe(404);
    expect(reply.body.error.message).toBe('That entry is not part of this jam.');
  });
});

describe('the filter', () => {
  it.each([
    ['link', 'Play the full game at coolgames.io'],
    ['email', 'write to me: kid@example.com'],
    ['phone', 'call me 555 123 4567'],
    ['word', 'this game is sh1t'],
  ] as const)('refuses a note for its %s with the friendly message, keeping only the rule', async (rule, text) => {
    const { entry, base } = await scene();
    const someone = await fresh(rule);
    const reply = await post(base, text, someone);
    expect(reply.status).toBe(400);
    expect(reply.body.error).toEqual({ status: 400, code: 'note_refused', message: NOTE_REFUSALS[rule], rule });
    expect(await env.db.select().from(notes).where(eq(notes.entryId, entry.id))).toEqual([]);
    const refusals = await env.db.select().from(noteRefusals).where(eq(noteRefusals.userId, someone.id));
    expect(refusals.map((row) => row.rule)).toEqual([rule]);
  });

  it('mutes after three refusals in ten minutes, saying until when, and lets the person post when it ends', async () => {
    const { base } = await scene();
    const someone = await fresh('muted');
    expect((await post(base, 'see example.com', someone)).body.error.mutedUntil).toBeUndefined();
    expect((await post(base, 'kid@example.com', someone)).body.error.mutedUntil).toBeUndefined();
    const third = await post(base, 'call 5551234567', someone);
    expect(third.body.error).toMatchObject({ code: 'note_refused', rule: 'phone' });
    const until = Date.parse(third.body.error.mutedUntil);
    expect(until).toBeGreaterThan(Date.now() + 4 * MINUTE);
    expect(until).toBeLessThanOrEqual(Date.now() + 5 * MINUTE);

    const muted = await post(base, 'A perfectly kind note', someone);
    expect(muted.status).toBe(403);
    expect(muted.body.error).toEqual({
      status: 403,
      code: 'muted',
      // How long from now, the same in every time zone; the island says when in the reader's own.
      message: 'You can post notes again in 5 minutes: too many notes were stopped by the filter. Take a short break!',
      mutedUntil: new Date(until).toISOString(),
    });
    expect((await list(base, someone)).body.mute).toEqual({ until: new Date(until).toISOString() });
    // Notes sent while muted are not counted as refusals: the mute does not grow.
    expect(await env.db.select().from(noteRefusals).where(eq(noteRefusals.userId, someone.id))).toHaveLength(3);

    // Six minutes later the mute is over (the refusals moved back in time, as a clock would move on).
    const refusals = await env.db.select().from(noteRefusals).where(eq(noteRefusals.userId, someone.id));
    for (const row of refusals) {
      await env.db
        .update(noteRefusals)
        .set({ at: new Date(row.at.getTime() - 6 * MINUTE) })
        .where(eq(noteRefusals.id, row.id));
    }
    expect((await list(base, someone)).body.mute).toBeNull();
    expect((await post(base, 'A perfectly kind note', someone)).status).toBe(201);
    // The mute used its refusals up: one new refusal does not mute again.
    const next = await post(base, 'see example.com', someone);
    expect(next.body.error.mutedUntil).toBeUndefined();
    expect((await post(base, 'Another kind note', someone)).status).toBe(201);
  });

  it('does not mute for three refusals spread over more than ten minutes', async () => {
    const { base } = await scene();
    const someone = await fresh('spread');
    await env.db.insert(noteRefusals).values([
      { userId: someone.id, rule: 'link', at: new Date(Date.now() - 15 * MINUTE) },
      { userId: someone.id, rule: 'link', at: new Date(Date.now() - 4 * MINUTE) },
    ]);
    const reply = await post(base, 'see example.com', someone);
    expect(reply.body.error.mutedUntil).toBeUndefined();
    expect((await post(base, 'Kind words', someone)).status).toBe(201);
  });
});

describe('the list of notes', () => {
  it('pages newest first, ten a page, and says what each reader may do', async () => {
    const { jam, entry, base } = await scene();
    for (let i = 1; i <= 12; i++) {
      await env.db
        .insert(notes)
        .values({ entryId: entry.id, jamId: jam.id, authorId: i % 2 ? player.id : other.id, text: `Note ${i}` });
    }
    const first = await list(base, null);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    expect(first.body).toMatchObject({ page: 1, perPage: 10, total: 12, totalPages: 2, mute: null });
    expect(first.body.items.map((note: { text: string }) => note.text)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Note ${12 - i}`),
    );
    expect(first.body.items[0]).toMatchObject({ mine: false, canDelete: false, canHide: false, hidden: false });
    const second = await list(base, null, 2);
    expect(second.body.items.map((note: { text: string }) => note.text)).toEqual(['Note 2', 'Note 1']);
    expect((await list(base, null, 99)).body.page).toBe(2);

    const asPlayer = (await list(base, player)).body.items;
    expect(asPlayer.find((note: { text: string }) => note.text === 'Note 11')).toMatchObject({ mine: true, canDelete: true });
    expect(asPlayer.find((note: { text: string }) => note.text === 'Note 12')).toMatchObject({ mine: false, canDelete: false });
    expect((await list(base, author)).body.items.every((note: { canDelete: boolean }) => note.canDelete)).toBe(true);
    expect((await list(base, manager)).body.items.every((note: { canHide: boolean }) => note.canHide)).toBe(true);
  });

  it('shows hidden notes to managers and administrators only, marked hidden', async () => {
    const { jam, entry, base } = await scene();
    await env.db.insert(notes).values({ entryId: entry.id, jamId: jam.id, authorId: player.id, text: 'Kept' });
    await env.db.insert(notes).values({
      entryId: entry.id,
      jamId: jam.id,
      authorId: player.id,
      text: 'Hidden one',
      hiddenAt: new Date(),
      hiddenBy: manager.id,
    });
    for (const viewer of [null, player, author, other]) {
      const reply = await list(base, viewer);
      expect(reply.body.items.map((note: { text: string }) => note.text)).toEqual(['Kept']);
      expect(reply.body.total).toBe(1);
    }
    for (const viewer of [manager, admin]) {
      const items = (await list(base, viewer)).body.items;
      expect(items.map((note: { text: string; hidden: boolean }) => [note.text, note.hidden])).toEqual([
        ['Hidden one', true],
        ['Kept', false],
      ]);
    }
  });
});

describe('deleting a note', () => {
  it('lets the note’s writer and the entry’s author delete, nobody else; a note already gone answers 404', async () => {
    const { base } = await scene();
    const mine = (await post(base, 'Mine to delete', player)).body;
    const theirs = (await post(base, 'For the author to delete', other)).body;
    const refused = await env.request(`${base}/${mine.id}`, { method: 'DELETE', as: other });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('Only the person who wrote a note and the entry’s author can delete it.');
    expect((await env.request(`${base}/${mine.id}`, { method: 'DELETE', as: manager })).status).toBe(403);
    expect((await env.request(`${base}/${mine.id}`, { method: 'DELETE', as: player })).status).toBe(204);
    expect((await env.request(`${base}/${theirs.id}`, { method: 'DELETE', as: author })).status).toBe(204);
    const again = await env.request(`${base}/${theirs.id}`, { method: 'DELETE', as: author });
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe('That note does not exist (it may have been deleted).');
    expect((await list(base, null)).body.items).toEqual([]);
  });
});

describe('hiding a note', () => {
  it('lets managers and administrators hide and show a note, audited once per change', async () => {
    const { jam, entry, base } = await scene();
    const note = (await post(base, 'Please hide me', player)).body;
    const path = `${base}/${note.id}/hidden`;
    const refused = await env.request(path, { method: 'PUT', body: { hidden: true }, as: author });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('Only managers of this jam and administrators can do that.');

    const hidden = await env.request(path, { method: 'PUT', body: { hidden: true }, as: manager });
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({ id: note.id, hidden: true, canHide: true });
    expect((await env.request(path, { method: 'PUT', body: { hidden: true }, as: manager })).body.hidden).toBe(true);
    expect((await env.request(path, { method: 'PUT', body: { hidden: false }, as: admin })).body.hidden).toBe(false);

    const audits = await env.db.select().from(auditLog).where(eq(auditLog.jamId, jam.id));
    expect(audits.map((row) => [row.action, row.actorId, row.targetUserId])).toEqual([
      ['note.hide', manager.id, player.id],
      ['note.unhide', admin.id, player.id],
    ]);
    expect(audits[0]?.details).toEqual({ noteId: note.id, entryId: entry.id, title: entry.title, text: 'Please hide me' });
    const bad = await env.request(path, { method: 'PUT', body: { hidden: 'yes' }, as: manager });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('hidden: hidden must be true or false.');
  });

  it('keeps hidden notes from their writer: deleting or reporting one answers 404', async () => {
    const { base } = await scene();
    const note = (await post(base, 'Soon hidden', player)).body;
    await env.request(`${base}/${note.id}/hidden`, { method: 'PUT', body: { hidden: true }, as: manager });
    expect((await env.request(`${base}/${note.id}`, { method: 'DELETE', as: player })).status).toBe(404);
    expect((await env.request(`${base}/${note.id}/report`, { method: 'POST', body: { reason: 'spam' }, as: other })).status).toBe(
      404,
    );
  });
});

describe('reporting a note', () => {
  it('files one open report, tells the jam’s managers, and puts the note in the moderation queue', async () => {
    const { jam, entry, base } = await scene();
    const note = (await post(base, 'A mean note', player)).body;
    const path = `${base}/${note.id}/report`;
    const first = await env.request(path, { method: 'POST', body: { reason: 'inappropriate', text: 'Mean' }, as: other });
    expect(first.status).toBe(201);
    expect((await env.request(path, { method: 'POST', body: { reason: 'spam' }, as: other })).status).toBe(200);
    const [report] = await env.db.select().from(reports).where(eq(reports.noteId, note.id));
    expect(report).toMatchObject({ jamId: jam.id, entryId: entry.id, noteId: note.id, status: 'open' });
    const told = await env.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, manager.id), eq(notifications.kind, 'report')));
    expect(told.filter((row) => row.key === `report:${report!.id}`)).toEqual([
      expect.objectContaining({
        jamId: jam.id,
        entryId: entry.id,
        actorId: null,
        data: { reportId: report!.id, item: 'note', queue: 'jam' },
      }),
    ]);

    // The entry's own reports do not count the note's.
    expect(
      (
        await env.request(`/api/jams/${jam.slug}/entries/${entry.id}/report`, {
          method: 'POST',
          body: { reason: 'spam' },
          as: other,
        })
      ).status,
    ).toBe(201);
    const items = (await env.request('/api/reports', { as: manager })).body.items;
    const noteItem = items.find((item: { key: string }) => item.key === `note-${note.id}`);
    expect(noteItem).toMatchObject({
      kind: 'note',
      jam: { id: jam.id, slug: jam.slug },
      entry: { id: entry.id, title: entry.title, author: { id: author.id, name: author.name } },
      note: { id: note.id, text: 'A mean note', author: { id: player.id, name: player.name }, hidden: false },
      count: 1,
      reasons: [{ reason: 'inappropriate', count: 1 }],
    });
    expect(items.find((item: { key: string }) => item.key === `entry-${entry.id}`)).toMatchObject({
      kind: 'entry',
      count: 1,
      note: null,
    });

    // Hiding it from the queue closes its reports (only its own), audited as note.hide.
    const hidden = await env.request(`/api/reports/note-${note.id}/hide-note`, { method: 'POST', as: manager });
    expect(hidden.body).toEqual({ resolved: 1 });
    expect((await list(base, null)).body.items).toEqual([]);
    const after = (await env.request('/api/reports', { as: manager })).body.items.map((item: { key: string }) => item.key);
    expect(after).toContain(`entry-${entry.id}`);
    expect(after).not.toContain(`note-${note.id}`);
    const [audit] = await env.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'note.hide'), eq(auditLog.jamId, jam.id)));
    expect(audit?.details).toMatchObject({ noteId: note.id, reports: 1 });
    const wrong = await env.request(`/api/reports/entry-${entry.id}/hide-note`, { method: 'POST', as: manager });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe('Only a note can be hidden from here.');
    const removeNote = await env.request(`/api/reports/note-${note.id}/remove-entry`, { method: 'POST', as: manager });
    expect(removeNote.status).toBe(400);
  });

  it('lets administrators dismiss a note’s reports or ban its writer', async () => {
    const { base } = await scene();
    const writer = await fresh('writer');
    const note = (await post(base, 'Spam spam', writer)).body;
    await env.request(`${base}/${note.id}/report`, { method: 'POST', body: { reason: 'spam' }, as: other });
    expect((await env.request(`/api/reports/note-${note.id}/ban-author`, { method: 'POST', as: admin })).body).toEqual({
      resolved: 1,
    });
    const [row] = await env.db.select().from(users).where(eq(users.id, writer.id));
    expect(row?.isBanned).toBe(true);
    await env.request(`${base}/${note.id}/report`, { method: 'POST', body: { reason: 'spam' }, as: player });
    expect((await env.request(`/api/reports/note-${note.id}/dismiss`, { method: 'POST', as: manager })).body).toEqual({
      resolved: 1,
    });
  });
});

describe('the administrators’ words', () => {
  it('are added (lower case, once), stop notes at once, are listed, and removed; audited', async () => {
    const { base } = await scene();
    const add = await env.request('/api/filter/words/%20Grumpy%20Toad%20', { method: 'PUT', as: admin });
    expect(add.status).toBe(200);
    expect(add.body.words).toEqual([expect.objectContaining({ word: 'grumpy toad', addedBy: admin.name })]);
    expect((await env.request('/api/filter/words/grumpy%20toad', { method: 'PUT', as: admin })).body.words).toHaveLength(1);
    const refused = await post(base, 'You GRUMPY TOADS!', await fresh('toad'));
    expect(refused.body.error).toMatchObject({ code: 'note_refused', rule: 'word' });
    expect((await env.request('/api/filter/words', { as: admin })).body.words.map((w: { word: string }) => w.word)).toEqual([
      'grumpy toad',
    ]);
    expect((await env.request('/api/filter/words/grumpy%20toad', { method: 'DELETE', as: admin })).status).toBe(204);
    const gone = await env.request('/api/filter/words/grumpy%20toad', { method: 'DELETE', as: admin });
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toBe('That word is not in the filter’s list.');
    expect((await post(base, 'You grumpy toads!', await fresh('toad2'))).status).toBe(201);
    const audits = await env.db.select().from(auditLog).where(eq(auditLog.actorId, admin.id));
    expect(audits.filter((row) => row.action.startsWith('filter.')).map((row) => [row.action, row.details])).toEqual([
      ['filter.add-word', { word: 'grumpy toad' }],
      ['filter.remove-word', { word: 'grumpy toad' }],
    ]);
  });

  it('refuses words that are not letters, and everyone but administrators', async () => {
    for (const bad of ['a1', 'x'.repeat(41), '%20%20', 'two%20%20spaces%3F']) {
      const reply = await env.request(`/api/filter/words/${bad}`, { method: 'PUT', as: admin });
      expect(reply.status).toBe(400);
      expect(reply.body.error.message).toBe('A word is 1 to 40 letters (single spaces between words are fine).');
    }
    expect((await env.request('/api/filter/words/Ünnep', { method: 'PUT', as: admin })).status).toBe(200);
    expect((await env.request('/api/filter/words/meanie', { method: 'PUT', as: manager })).status).toBe(403);
    expect((await env.request('/api/filter/words', { as: player })).status).toBe(403);
    expect((await env.request('/api/filter/words', { as: null })).status).toBe(401);
  });
});

describe('the rate limit', () => {
  it('lets a person post sixty notes a minute, like votes, then answers 429 with Retry-After', async () => {
    const { base } = await scene();
    const someone = await fresh('flood');
    const { capacity, perMs } = RATE_LIMITS.notes;
    // The bucket refills while we post (one note a second), so count what got through.
    const started = Date.now();
    let allowed = 0;
    let limited = await post(base, 'Note number 0', someone);
    while (limited.status === 201 && allowed < capacity * 2) {
      allowed++;
      limited = await post(base, `Note number ${allowed}`, someone);
    }
    const refilled = ((Date.now() - started) * capacity) / perMs;
    expect(limited.status).toBe(429);
    expect(allowed).toBeGreaterThanOrEqual(capacity);
    expect(allowed).toBeLessThanOrEqual(capacity + Math.ceil(refilled));
    const wait = Number(limited.headers.get('retry-after'));
    expect(limited.body.error).toMatchObject({
      code: 'rate_limited',
      message: `Too many notes. Please wait ${wait} ${wait === 1 ? 'second' : 'seconds'} and try again.`,
    });
    // Others are not held back.
    expect((await post(base, 'Still fine', player)).status).toBe(201);
  });
});

describe('the pace', () => {
  it('keeps one note per person every ten seconds, whatever the entry, with a 429 that says how long to wait', async () => {
    const { base } = await scene();
    const { base: elsewhere } = await scene();
    const someone = await fresh('pace');
    expect((await postNow(base, 'First!', someone)).status).toBe(201);
    const again = await postNow(elsewhere, 'Second, on another entry', someone);
    expect(again.status).toBe(429);
    const wait = Number(again.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(9);
    expect(wait).toBeLessThanOrEqual(10);
    expect(again.body.error).toEqual({
      status: 429,
      code: 'rate_limited',
      message: `You can post one note every 10 seconds, like comments on Scratch. Please wait ${wait} seconds and try again.`,
      retryAfter: wait,
    });
    // Nothing was kept, and nobody else is held back.
    expect((await list(elsewhere, null)).body.total).toBe(0);
    expect((await post(elsewhere, 'Me too', other)).status).toBe(201);

    // Refused notes do not count: fixing a note is never held back by the pace.
    const fixer = await fresh('fixer');
    expect((await postNow(base, 'see example.com', fixer)).status).toBe(400);
    expect((await postNow(base, 'See you on Scratch', fixer)).status).toBe(201);

    // Seven seconds later, three are left; ten seconds later the next note is kept.
    await env.db
      .update(notes)
      .set({ createdAt: new Date(Date.now() - 7_000) })
      .where(eq(notes.authorId, someone.id));
    const soon = await postNow(elsewhere, 'Second, on another entry', someone);
    expect(soon.status).toBe(429);
    expect(soon.headers.get('retry-after')).toBe('3');
    expect(soon.body.error.message).toBe(
      'You can post one note every 10 seconds, like comments on Scratch. Please wait 3 seconds and try again.',
    );
    await agePace(someone);
    expect((await postNow(elsewhere, 'Second, on another entry', someone)).status).toBe(201);
  });
});

describe('deleting an account', () => {
  it('deletes the person’s notes and refusals with it', async () => {
    const { entry, base } = await scene();
    const leaver = await fresh('leaver');
    expect((await post(base, 'Bye everyone', leaver)).status).toBe(201);
    await post(base, 'see example.com', leaver);
    expect((await env.request(`/api/users/${leaver.id}`, { method: 'DELETE', as: admin })).status).toBe(204);
    expect(await env.db.select().from(notes).where(eq(notes.entryId, entry.id))).toEqual([]);
    expect(await env.db.select().from(noteRefusals).where(eq(noteRefusals.userId, leaver.id))).toEqual([]);
  });
});

describe('held notes (issue 53)', () => {
  it('holds a new account’s link: only its writer sees it, waiting for a moderator, and the moderators are told', async () => {
    const { jam, entry, base } = await scene();
    const newcomer = await fresh('newcomer', { new: true });
    const reply = await post(base, 'my game is at coolgames.io', newcomer);
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ text: 'my game is at coolgames.io', held: true, mine: true });
    expect((await list(base, newcomer)).body.items.map((note: { held: boolean }) => note.held)).toEqual([true]);
    expect((await list(base, player)).body.items).toEqual([]);
    expect((await list(base, null)).body.items).toEqual([]);
    // The entry's author hears of it only once it is approved; the managers and administrators now.
    const told = await env.db
      .select()
      .from(notifications)
      .where(eq(notifications.key, `held-note:${reply.body.id}`));
    expect(told.map((row) => row.userId)).toEqual(expect.arrayContaining([manager.id, admin.id]));
    expect(told.find((row) => row.userId === manager.id)?.data).toMatchObject({ item: 'note', held: true, queue: 'jam' });
    const authorTold = await env.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, author.id), eq(notifications.jamId, jam.id)));
    expect(authorTold).toEqual([]);
    const queue = await env.request('/api/reports', { as: manager });
    expect(queue.body.held).toContainEqual(
      expect.objectContaining({
        id: reply.body.id,
        rule: 'link',
        text: 'my game is at coolgames.io',
        entry: { id: entry.id, title: entry.title },
      }),
    );
  });

  it('lets a manager approve a held note (everyone sees it, the author is told) or refuse it (hidden), audited', async () => {
    const { entry, base } = await scene();
    const asker = await fresh('asker');
    const held = await post(base, 'how old are you? where do you live?', asker);
    expect(held.body).toMatchObject({ held: true });
    const second = await post(base, 'wanna talk in private?', asker);
    expect(second.body).toMatchObject({ held: true });

    const review = (id: number, decision: string, as: TestUser) =>
      env.request(`${base}/${id}/review`, { method: 'PUT', body: { decision }, as });
    expect((await review(held.body.id, 'approve', player)).status).toBe(403);
    const approved = await review(held.body.id, 'approve', manager);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ held: false, hidden: false });
    expect((await list(base, player)).body.items.map((note: { id: number }) => note.id)).toEqual([held.body.id]);
    expect(
      await env.db
        .select()
        .from(notifications)
        .where(eq(notifications.key, `note:${held.body.id}`)),
    ).toHaveLength(1);
    expect((await review(held.body.id, 'refuse', manager)).status).toBe(409);

    const refused = await review(second.body.id, 'refuse', admin);
    expect(refused.body).toMatchObject({ held: false, hidden: true });
    expect((await list(base, asker)).body.items.map((note: { id: number }) => note.id)).toEqual([held.body.id]);
    const audits = await env.db.select().from(auditLog).where(eq(auditLog.targetUserId, asker.id));
    expect(audits.map((row) => row.action).sort()).toEqual(['note.approve', 'note.refuse']);
    expect(audits.find((row) => row.action === 'note.approve')?.details).toMatchObject({
      noteId: held.body.id,
      entryId: entry.id,
      rule: 'personal',
    });
  });

  it('stores exactly what was typed, minus bidirectional controls', async () => {
    const { base } = await scene();
    const writer = await fresh('persian');
    const reply = await post(base, 'بازی‌ات فوق‌العاده‌ست \u202eok', writer);
    expect(reply.status).toBe(201);
    expect(reply.body.text).toBe('بازی‌ات فوق‌العاده‌ست ok');
    expect(reply.body.text).toContain('\u200c');
  });

  it('counts what it held per rule and field for the administrators, never the text nor who', async () => {
    const { base } = await scene();
    const writer = await fresh('counted');
    const before = await env.db.select().from(guardOutcomes);
    await post(base, 'where do you live?', writer);
    const added = (await env.db.select().from(guardOutcomes)).slice(before.length);
    expect(added.map(({ field, rule, outcome }) => ({ field, rule, outcome }))).toEqual([
      { field: 'noteInputSchema.text', rule: 'personal', outcome: 'hold' },
    ]);
  });
});
