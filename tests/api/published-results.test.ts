/**
 * Results the host publishes (issue 42 §3, ADR 041): a jam with manual results keeps its ranks,
 * winners and counts hidden after voting ends until a manager publishes them; the publish is stored
 * once (pressing twice is one publish, one audit entry, one inbox message), and the inbox's results
 * are due at the publish, never before.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, jamParticipants, jams, notifications } from '#db/schema';
import { type Environment, type TestUser, startEnvironment } from '../helpers/environment';
import { insertEntry, insertJam, insertManager, insertVote } from '../helpers/factories';

const HOUR = 3_600_000;
let env: Environment;
let manager: TestUser, entrant: TestUser, voter: TestUser, stranger: TestUser, admin: TestUser;
let scratchId = 960_000;

beforeAll(async () => {
  env = await startEnvironment();
  manager = await env.login('publish_manager');
  entrant = await env.login('publish_entrant');
  voter = await env.login('publish_voter');
  stranger = await env.login('publish_stranger');
  admin = await env.login('publish_admin', { isAdmin: true });
});
afterAll(() => env?.close());

const publish = (slug: string, as?: TestUser) => env.request(`/api/jams/${slug}/results`, { method: 'PUT', as });
/** The person's `results` inbox items about the jam `slug`. */
const resultsItems = async (as: TestUser, slug: string) =>
  (
    (await env.request('/api/me/notifications', { as })).body.items as {
      kind: string;
      jam: { slug: string } | null;
      createdAt: string;
    }[]
  ).filter((item) => item.kind === 'results' && item.jam?.slug === slug);

/** A jam whose voting ended an hour ago, with one entry that has a vote, the entrant and voter joined. */
async function endedJam(results: 'automatic' | 'manual') {
  const now = Date.now();
  const jam = await insertJam(env.db, { startsAt: new Date(now - 3 * 24 * HOUR), endsAt: new Date(now - HOUR), results });
  await insertManager(env.db, jam.id, manager.id);
  const entry = await insertEntry(env.db, jam.id, entrant.id, scratchId++, { title: 'Moon Hopper' });
  await insertVote(env.db, jam.id, entry.id, voter.id);
  for (const person of [entrant, voter]) {
    await env.db.insert(jamParticipants).values({ jamId: jam.id, userId: person.id, joinedAt: new Date(now - 3 * 24 * HOUR) });
  }
  return { jam, entry };
}

describe('a jam with manual results', () => {
  it('keeps votes, ranks and winners hidden after voting ends, says so on the jam page, and the inbox stays quiet', async () => {
    const { jam, entry } = await endedJam('manual');
    const read = await env.request(`/api/jams/${jam.slug}`);
    expect(read.body).toMatchObject({ phase: 'ended', results: 'manual', resultsPublic: false, resultsPublishedAt: null });
    const list = await env.request(`/api/jams/${jam.slug}/entries`);
    expect(list.body.resultsPublic).toBe(false);
    expect(list.body.entries[0]).toMatchObject({ id: entry.id, votes: null, rank: null });
    const page = await env.request(`/jams/${jam.slug}`);
    expect(page.body).toMatch(
      /<p class="notice results-pending"[^>]*data-results-pending[^>]*>\s*Voting is over! The results are not out yet: the hosts will publish them soon\.\s*<\/p>/,
    );
    expect(page.body).not.toContain('id="results-heading"');
    expect(await resultsItems(entrant, jam.slug)).toEqual([]);
  });

  it('keeps a winner picked after voting ends secret until the publish: the entry list, the jam page and the entry page (issue 55)', async () => {
    const { jam, entry } = await endedJam('manual');
    const picked = await env.request(`/api/jams/${jam.slug}/entries/${entry.id}/winner`, { method: 'PUT', as: manager });
    expect(picked.status, JSON.stringify(picked.body)).toBe(200);
    const entryPage = `/jams/${jam.slug}/entries/${entry.id}`;
    for (const reader of [undefined, entrant, voter]) {
      const list = await env.request(`/api/jams/${jam.slug}/entries`, { as: reader });
      expect(list.body.entries[0], reader?.name ?? 'a visitor').toMatchObject({
        id: entry.id,
        isWinner: false,
        votes: null,
        rank: null,
      });
      expect((await env.request(`/api/jams/${jam.slug}/winners`, { as: reader })).body).toMatchObject({ winner: null });
      for (const path of [`/jams/${jam.slug}`, entryPage]) {
        const page = await env.request(path, { as: reader });
        expect(page.status, path).toBe(200);
        expect(page.body, `${path} as ${reader?.name ?? 'a visitor'}`).not.toContain('♛');
      }
    }
    // The managers' preview knows the pick (their menu offers to revoke it).
    expect((await env.request(`/api/jams/${jam.slug}/entries`, { as: manager })).body.entries[0]).toMatchObject({
      isWinner: true,
    });
    expect((await env.request(`/api/jams/${jam.slug}/review`, { as: manager })).body.entries[0]).toMatchObject({
      isWinner: true,
    });

    expect((await publish(jam.slug, manager)).status).toBe(200);
    const list = await env.request(`/api/jams/${jam.slug}/entries`);
    expect(list.body.entries[0]).toMatchObject({ id: entry.id, isWinner: true, votes: 1, rank: 1 });
    expect((await env.request(`/jams/${jam.slug}`)).body).toContain('♛');
    expect((await env.request(entryPage)).body).toContain('♛');
  });

  it('shows the managers the counts on the review page, with the publish panel', async () => {
    const { jam } = await endedJam('manual');
    const review = await env.request(`/jams/${jam.slug}/review`, { as: manager });
    expect(review.status).toBe(200);
    expect(review.body).toContain(
      'Results are hidden until you publish them. Until then, only the managers can see how the entries did.',
    );
    expect(review.body).toContain('Publish results');
    expect(review.body).toMatch(/0 plays<!-- -->(?:<!-- -->)? · (?:<!-- -->)?1 vote/);
    const list = await env.request(`/api/jams/${jam.slug}/review`, { as: manager });
    expect(list.body.entries[0].votes).toBe(1);
  });

  it('is published once by a manager: twice is one publish, one audit entry and one inbox message each', async () => {
    const { jam, entry } = await endedJam('manual');
    const first = await publish(jam.slug, manager);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ resultsPublic: true, results: 'manual' });
    const publishedAt = first.body.resultsPublishedAt as string;
    expect(Date.parse(publishedAt)).toBeGreaterThan(Date.now() - 60_000);
    const second = await publish(jam.slug, admin);
    expect(second.status).toBe(200);
    expect(second.body.resultsPublishedAt).toBe(publishedAt);
    const audit = await env.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.jamId, jam.id), eq(auditLog.action, 'jam.publish-results')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorName).toBe('publish_manager');

    const list = await env.request(`/api/jams/${jam.slug}/entries`);
    expect(list.body.entries[0]).toMatchObject({ id: entry.id, votes: 1, rank: 1 });
    const page = await env.request(`/jams/${jam.slug}`);
    expect(page.body).not.toContain('data-results-pending');
    expect(page.body).toContain('id="results-heading"');

    const items = await resultsItems(entrant, jam.slug);
    expect(items).toHaveLength(1);
    expect(Date.parse(items[0]!.createdAt)).toBe(Date.parse(publishedAt));
    await resultsItems(entrant, jam.slug);
    const rows = await env.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, entrant.id), eq(notifications.jamId, jam.id), eq(notifications.kind, 'results')));
    expect(rows).toHaveLength(1);
    expect(await resultsItems(voter, jam.slug)).toHaveLength(1);
  });

  it('refuses people who do not manage the jam, and says kindly when publishing is not possible', async () => {
    const { jam } = await endedJam('manual');
    expect((await publish(jam.slug)).status).toBe(401);
    expect((await publish(jam.slug, stranger)).status).toBe(403);
    const automatic = await endedJam('automatic');
    expect((await publish(automatic.jam.slug, manager)).body).toEqual({
      error: {
        status: 409,
        code: 'conflict',
        message: 'This jam shows its results by itself when voting ends, so there is nothing to publish.',
      },
    });
    const running = await insertJam(env.db, { status: 'ongoing', results: 'manual' });
    await insertManager(env.db, running.id, manager.id);
    expect((await publish(running.slug, manager)).body.error).toEqual({
      status: 409,
      code: 'conflict',
      message: 'The results can be published once voting has ended.',
    });
    const [stored] = await env.db.select().from(jams).where(eq(jams.id, running.id));
    expect(stored!.resultsPublishedAt).toBeNull();
  });

  it('cannot be switched on once the results are out, and the form options are saved on create and edit', async () => {
    const { jam } = await endedJam('automatic');
    const patch = await env.request(`/api/jams/${jam.slug}`, { method: 'PATCH', as: manager, body: { results: 'manual' } });
    expect(patch.body.error).toEqual({
      status: 409,
      code: 'conflict',
      message: 'The results are already out, so they cannot be hidden again.',
    });
    const created = await env.request('/api/jams', {
      method: 'POST',
      as: admin,
      body: {
        name: 'Publish Later Jam',
        description: 'Results when the hosts say so.',
        startsAt: new Date(Date.now() + HOUR).toISOString(),
        endsAt: new Date(Date.now() + 2 * HOUR).toISOString(),
        results: 'manual',
        hiddenEntries: true,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ results: 'manual', hiddenEntries: true, resultsPublishedAt: null });
    const edited = await env.request(`/api/jams/${created.body.slug}`, {
      method: 'PATCH',
      as: admin,
      body: { results: 'automatic' },
    });
    expect(edited.body).toMatchObject({ results: 'automatic', hiddenEntries: true });
    const bad = await env.request(`/api/jams/${created.body.slug}`, { method: 'PATCH', as: admin, body: { results: 'later' } });
    expect(bad.body.error).toMatchObject({
      status: 400,
      message: expect.stringContaining('results must be automatic or manual'),
    });
  });
});

describe('a jam with automatic results (the default)', () => {
  it('shows the results when voting ends, as before', async () => {
    const { jam, entry } = await endedJam('automatic');
    const read = await env.request(`/api/jams/${jam.slug}`);
    expect(read.body).toMatchObject({ results: 'automatic', resultsPublic: true, resultsPublishedAt: null });
    expect((await env.request(`/api/jams/${jam.slug}/entries`)).body.entries[0]).toMatchObject({ id: entry.id, votes: 1 });
    expect(await resultsItems(entrant, jam.slug)).toHaveLength(1);
  });
});
