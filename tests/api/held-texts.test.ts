/**
 * Texts the guard holds outside notes (issue 53 §2): a theme suggestion, a text answer and a
 * manager's jam description wait for a moderator — their writer sees them waiting, nobody else
 * sees them, the moderation queue lists them, and approving applies them where they belong
 * (refusing deletes them), audited.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, entries, guardOutcomes, heldTexts, jamParticipants, notifications, themeSuggestions, users } from '#db/schema';
import { type Environment, type TestUser, startEnvironment } from '../helpers/environment';
import { insertEntry, insertJam, insertManager } from '../helpers/factories';

const HOUR = 3_600_000;
let env: Environment;
let admin: TestUser, manager: TestUser, writer: TestUser, other: TestUser;

beforeAll(async () => {
  env = await startEnvironment();
  admin = await env.login('held_admin', { isAdmin: true });
  manager = await env.login('held_manager');
  writer = await env.login('held_writer');
  other = await env.login('held_other');
});
afterAll(() => env?.close());

const queue = (as: TestUser) => env.request('/api/reports', { as });
const review = (slug: string, id: number, decision: string, as: TestUser) =>
  env.request(`/api/jams/${slug}/held-texts/${id}/review`, { method: 'PUT', as, body: { decision } });

/** A jam taking theme suggestions, managed by held_manager. */
async function suggestingJam() {
  const now = Date.now();
  const jam = await insertJam(env.db, {
    themeRounds: true,
    themeFinalists: 2,
    themeSuggestFrom: new Date(now - HOUR),
    themeRound1From: new Date(now + HOUR),
    themeFinalFrom: new Date(now + 2 * HOUR),
    themeClosesAt: new Date(now + 3 * HOUR),
    startsAt: new Date(now + 10 * HOUR),
    endsAt: new Date(now + 48 * HOUR),
  });
  await insertManager(env.db, jam.id, manager.id);
  return jam;
}

describe('a theme suggestion the guard holds', () => {
  it('waits for a moderator: only its writer sees it, the queue lists it, approving suggests it', async () => {
    const jam = await suggestingJam();
    const text = 'how old are you? where do you live?';
    const held = await env.request(`/api/jams/${jam.slug}/theme/suggestions`, { method: 'POST', as: writer, body: { text } });
    expect(held.status, JSON.stringify(held.body)).toBe(201);
    expect(held.body.suggestions).toEqual([]);
    expect(held.body.waiting).toEqual([{ id: expect.any(Number), text }]);
    // Not a suggestion yet: round 1 cannot show it to anyone.
    expect(await env.db.select().from(themeSuggestions).where(eq(themeSuggestions.jamId, jam.id))).toEqual([]);
    expect((await env.request(`/api/jams/${jam.slug}/theme/mine`, { as: other })).body.waiting).toEqual([]);
    const [count] = await env.db.select().from(guardOutcomes).where(eq(guardOutcomes.field, 'themeTextSchema.text'));
    expect(count).toMatchObject({ rule: 'personal', outcome: 'hold' });

    const listed = await queue(manager);
    expect(listed.body.heldTexts).toContainEqual(
      expect.objectContaining({ text, rule: 'personal', target: 'theme', author: { id: writer.id, name: 'held_writer' } }),
    );
    const told = await env.db
      .select()
      .from(notifications)
      .where(eq(notifications.key, `held-text:${held.body.waiting[0].id}`));
    expect(told.map((row) => row.userId).sort()).toEqual([admin.id, manager.id].sort());

    expect((await review(jam.slug, held.body.waiting[0].id, 'approve', other)).status).toBe(403);
    const approved = await review(jam.slug, held.body.waiting[0].id, 'approve', manager);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toEqual({ id: held.body.waiting[0].id, decision: 'approve' });
    const mine = await env.request(`/api/jams/${jam.slug}/theme/mine`, { as: writer });
    expect(mine.body).toMatchObject({ suggestions: [{ text }], waiting: [] });
    expect(await env.db.select().from(heldTexts).where(eq(heldTexts.jamId, jam.id))).toEqual([]);
    const [audit] = await env.db.select().from(auditLog).where(eq(auditLog.action, 'text.approve'));
    expect(audit).toMatchObject({ actorId: manager.id, jamId: jam.id, targetUserId: writer.id });
    // Decided once.
    expect((await review(jam.slug, held.body.waiting[0].id, 'refuse', manager)).status).toBe(404);
  });

  it('refused, it is deleted and never becomes a suggestion', async () => {
    const jam = await suggestingJam();
    const held = await env.request(`/api/jams/${jam.slug}/theme/suggestions`, {
      method: 'POST',
      as: writer,
      body: { text: 'add me on dicsord: leaf_12' },
    });
    expect(held.body.waiting).toHaveLength(1);
    const refused = await review(jam.slug, held.body.waiting[0].id, 'refuse', admin);
    expect(refused.body).toEqual({ id: held.body.waiting[0].id, decision: 'refuse' });
    expect((await env.request(`/api/jams/${jam.slug}/theme/mine`, { as: writer })).body).toMatchObject({
      suggestions: [],
      waiting: [],
    });
    expect(await env.db.select().from(themeSuggestions).where(eq(themeSuggestions.jamId, jam.id))).toEqual([]);
  });
});

describe('held theme suggestions and the limit of three', () => {
  it('count toward it, so the queue takes no more than three from one person', async () => {
    const jam = await suggestingJam();
    const suggest = (text: string) =>
      env.request(`/api/jams/${jam.slug}/theme/suggestions`, { method: 'POST', as: other, body: { text } });
    expect((await suggest('Tiny worlds')).status).toBe(201);
    expect((await suggest('how old are you?')).body.waiting).toHaveLength(1);
    expect((await suggest('where do you live?')).body.waiting).toHaveLength(2);
    const fourth = await suggest('what school do you go to?');
    expect(fourth.status).toBe(409);
    expect(fourth.body.error.message).toBe('You have suggested 3 themes already: that is the most anyone may.');
    expect((await suggest('Upside down')).status).toBe(409);
  });
});

describe('a text answer the guard holds', () => {
  it('keeps the answer it replaces meanwhile; its team sees it waiting; approving saves it', async () => {
    const jam = await insertJam(env.db, {
      questions: [{ id: 1, kind: 'text', prompt: 'Anything to tell the players?', choices: [], private: false, required: false }],
    });
    await insertManager(env.db, jam.id, manager.id);
    const entry = await insertEntry(env.db, jam.id, writer.id, 880_000_001, { answers: { '1': 'Use the arrow keys' } });
    await env.db.insert(jamParticipants).values({ jamId: jam.id, userId: writer.id }).onConflictDoNothing();
    const path = `/api/jams/${jam.slug}/entries/${entry.id}/answers`;
    const text = 'dont tell ur mom ok';
    const put = await env.request(path, { method: 'PUT', as: writer, body: { answers: { '1': text } } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.answers[0].answer).toBe('Use the arrow keys');
    expect(put.body.waiting).toEqual({ '1': text });
    const [stored] = await env.db.select({ answers: entries.answers }).from(entries).where(eq(entries.id, entry.id));
    expect(stored!.answers).toEqual({ '1': 'Use the arrow keys' });
    // The manager reads the answers as they show, and the held one in the queue.
    const read = await env.request(path, { as: manager });
    expect(read.body).toMatchObject({ answers: [{ answer: 'Use the arrow keys' }], waiting: {} });
    const listed = (await queue(manager)).body.heldTexts.find((one: { target: string }) => one.target === 'answer');
    expect(listed).toMatchObject({ text, target: 'answer', path: '1', rule: 'personal' });
    expect((await review(jam.slug, listed.id, 'approve', manager)).status).toBe(200);
    const after = await env.request(path, { as: writer });
    expect(after.body).toMatchObject({ answers: [{ answer: text }], waiting: {} });
  });
});

describe('a new text for the same place', () => {
  it('supersedes what waited there: an older held answer or description can never be approved over it', async () => {
    const jam = await insertJam(env.db, {
      description: 'Leaves',
      questions: [{ id: 1, kind: 'text', prompt: 'Anything to tell the players?', choices: [], private: false, required: false }],
    });
    await insertManager(env.db, jam.id, manager.id);
    const entry = await insertEntry(env.db, jam.id, writer.id, 880_000_002, { answers: {} });
    const path = `/api/jams/${jam.slug}/entries/${entry.id}/answers`;
    const first = await env.request(path, { method: 'PUT', as: writer, body: { answers: { '1': 'dont tell ur mom ok' } } });
    expect(first.body.waiting).toEqual({ '1': 'dont tell ur mom ok' });
    const second = await env.request(path, { method: 'PUT', as: writer, body: { answers: { '1': 'Use the arrow keys' } } });
    expect(second.body).toMatchObject({ answers: [{ answer: 'Use the arrow keys' }], waiting: {} });
    const patch = (description: string) =>
      env.request(`/api/jams/${jam.slug}`, { method: 'PATCH', as: manager, body: { description } });
    expect((await patch('Leaves. Add me on snapchet: leaf_12')).body.waiting).toEqual(['description']);
    expect((await patch('Leaves. How old are you?')).body.waiting).toEqual(['description']);
    const waiting = await env.db.select().from(heldTexts).where(eq(heldTexts.jamId, jam.id));
    expect(waiting.map((row) => row.text)).toEqual(['Leaves. How old are you?']);
    expect((await patch('Falling leaves')).body).toMatchObject({ description: 'Falling leaves' });
    expect(await env.db.select().from(heldTexts).where(eq(heldTexts.jamId, jam.id))).toEqual([]);
  });
});

describe('a manager’s jam description the guard holds', () => {
  it('waits for an administrator (not the jam’s managers); the old one shows meanwhile', async () => {
    const jam = await insertJam(env.db, { description: 'A jam about leaves' });
    await insertManager(env.db, jam.id, manager.id);
    const text = 'A jam about leaves. Add me on snapchet: leaf_12';
    const patched = await env.request(`/api/jams/${jam.slug}`, { method: 'PATCH', as: manager, body: { description: text } });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body).toMatchObject({ description: 'A jam about leaves', waiting: ['description'] });
    expect((await env.request(`/api/jams/${jam.slug}`, { as: other })).body.description).toBe('A jam about leaves');
    // The jam's own managers wrote it: only administrators decide.
    expect((await queue(manager)).body.heldTexts.some((one: { jam: { slug: string } }) => one.jam.slug === jam.slug)).toBe(false);
    const listed = (await queue(admin)).body.heldTexts.find((one: { jam: { slug: string } }) => one.jam.slug === jam.slug);
    expect(listed).toMatchObject({ text, target: 'jam', path: 'description', rule: 'contact' });
    expect((await review(jam.slug, listed.id, 'approve', manager)).status).toBe(403);
    expect((await review(jam.slug, listed.id, 'approve', admin)).status).toBe(200);
    expect((await env.request(`/api/jams/${jam.slug}`, { as: other })).body.description).toBe(text);
  });
});

describe('a new account', () => {
  it('has a theme suggestion with a link held for a moderator rather than refused; an older one has it refused', async () => {
    const now = Date.now();
    const jam = await suggestingJam();
    const newcomer = await env.login('held_newcomer');
    const text = 'Tiny worlds on coolgames.io';
    const held = await env.request(`/api/jams/${jam.slug}/theme/suggestions`, { method: 'POST', as: newcomer, body: { text } });
    expect(held.status, JSON.stringify(held.body)).toBe(201);
    expect(held.body.waiting).toEqual([{ id: expect.any(Number), text }]);
    await env.db
      .update(users)
      .set({ createdAt: new Date(now - 30 * 24 * HOUR) })
      .where(eq(users.id, newcomer.id));
    const veteran = await env.login('held_newcomer');
    const refused = await env.request(`/api/jams/${jam.slug}/theme/suggestions`, {
      method: 'POST',
      as: veteran,
      body: { text: 'Small worlds on coolgames.io' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'text_refused', field: 'text', rule: 'link' });
  });
});
