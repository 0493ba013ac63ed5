/**
 * Hidden entries (issue 42 §3, ADR 041): in a jam with hidden entries, before submissions close the
 * public lists, pages, profiles and "play next" answer as if its entries did not exist, while the
 * entry's team and the jam's managers still see theirs (rendered for them alone, never cached).
 * After the close everything shows as usual.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jams, plays } from '#db/schema';
import { type Environment, type TestUser, startEnvironment } from '../helpers/environment';
import { insertEntry, insertJam, insertManager } from '../helpers/factories';

const HOUR = 3_600_000;
let env: Environment;
let manager: TestUser, entrant: TestUser, stranger: TestUser;
let scratchId = 970_000;

beforeAll(async () => {
  env = await startEnvironment();
  manager = await env.login('hidden_manager');
  entrant = await env.login('hidden_entrant');
  stranger = await env.login('hidden_stranger');
});
afterAll(() => env?.close());

async function hiddenJam() {
  const jam = await insertJam(env.db, { status: 'ongoing', hiddenEntries: true });
  await insertManager(env.db, jam.id, manager.id);
  const entry = await insertEntry(env.db, jam.id, entrant.id, scratchId++, { title: 'Secret Sprinter' });
  return { jam, entry };
}
const closeSubmissions = (jamId: number) =>
  env.db
    .update(jams)
    .set({ endsAt: new Date(Date.now() - HOUR), votingEndsAt: new Date(Date.now() + 24 * HOUR) })
    .where(eq(jams.id, jamId));

describe('before submissions close', () => {
  it('lists no entries to the public and says why, while the count stays', async () => {
    const { jam } = await hiddenJam();
    const list = await env.request(`/api/jams/${jam.slug}/entries`);
    expect(list.body).toMatchObject({ entries: [], total: 0, totalPages: 1 });
    expect((await env.request(`/api/jams/${jam.slug}/entries?q=Secret`)).body.entries).toEqual([]);
    expect((await env.request(`/api/jams/${jam.slug}/entries`, { as: entrant })).body.entries).toEqual([]);
    expect((await env.request(`/api/jams/${jam.slug}`)).body).toMatchObject({ hiddenEntries: true, entryCount: 1 });
    const page = await env.request(`/jams/${jam.slug}`);
    expect(page.body).toContain(
      'Entries stay hidden until submissions close, so every game gets the same attention. Come back after the deadline to play them!',
    );
    expect(page.body).not.toContain('Secret Sprinter');
    expect((await env.request(`/api/jams/${jam.slug}/next-entry`, { as: stranger })).body).toMatchObject({
      entry: null,
      reason: 'no-entries',
    });
    expect((await env.request(`/api/jams/${jam.slug}/next-entry`)).body.entry).toBeNull();
  });

  it('lists every entry to the managers', async () => {
    const { jam, entry } = await hiddenJam();
    const list = await env.request(`/api/jams/${jam.slug}/entries`, { as: manager });
    expect(list.body.entries.map((e: { id: number }) => e.id)).toEqual([entry.id]);
  });

  it('answers the entry page with a 404 to others, and shows it to its team and the managers, never cached', async () => {
    const { jam, entry } = await hiddenJam();
    const path = `/jams/${jam.slug}/entries/${entry.id}`;
    expect((await env.request(path)).status).toBe(404);
    expect((await env.request(path, { as: stranger })).status).toBe(404);
    for (const reader of [entrant, manager]) {
      const page = await env.request(path, { as: reader });
      expect(page.status).toBe(200);
      expect(page.body).toContain('Secret Sprinter');
      expect(page.headers.get('cache-control')).toBe('private, no-store');
    }
    // The team's render was not kept for the next visitor.
    expect((await env.request(path)).status).toBe(404);
  });

  it('refuses an upvote or a rating of a hidden entry as if it did not exist', async () => {
    const { jam, entry } = await hiddenJam();
    const vote = await env.request(`/api/jams/${jam.slug}/entries/${entry.id}/vote`, { method: 'PUT', as: stranger });
    expect(vote.body).toEqual({ error: { status: 404, code: 'not_found', message: 'That entry is not part of this jam.' } });
    const rated = await insertJam(env.db, { status: 'ongoing', hiddenEntries: true, judging: 'ratings' });
    const ratedEntry = await insertEntry(env.db, rated.id, entrant.id, scratchId++);
    const rating = await env.request(`/api/jams/${rated.slug}/entries/${ratedEntry.id}/rating`, {
      method: 'PUT',
      as: stranger,
      body: { stars: { '1': 5 } },
    });
    expect(rating.body.error).toEqual({ status: 404, code: 'not_found', message: 'That entry is not part of this jam.' });
  });

  it('takes no votes for a hidden entry from the managers who can see it, and tells them when (ADR 048)', async () => {
    const { jam, entry } = await hiddenJam();
    const path = `/api/jams/${jam.slug}/entries/${entry.id}/vote`;
    const vote = await env.request(path, { method: 'PUT', as: manager });
    expect(vote.body).toEqual({
      error: {
        status: 409,
        code: 'conflict',
        message:
          'This jam hides its entries until submissions close, so every game gets the same attention: votes for this one open then.',
      },
    });
    // Its team sees it and is told why they cannot vote for their own.
    expect((await env.request(path, { method: 'PUT', as: entrant })).body.error).toMatchObject({ status: 403 });
    await closeSubmissions(jam.id);
    expect((await env.request(path, { method: 'PUT', as: manager })).status).toBe(200);
  });

  it('answers its notes, kudos and team as if it did not exist, except to its team and the managers', async () => {
    const { jam, entry } = await hiddenJam();
    for (const part of ['notes', 'kudos', 'credits']) {
      const path = `/api/jams/${jam.slug}/entries/${entry.id}/${part}`;
      expect((await env.request(path, { as: stranger })).body, part).toEqual({
        error: { status: 404, code: 'not_found', message: 'That entry is not part of this jam.' },
      });
      expect((await env.request(path)).status, part).toBe(404);
      expect((await env.request(path, { as: entrant })).status, part).toBe(200);
      expect((await env.request(path, { as: manager })).status, part).toBe(200);
    }
  });

  it('refuses a play or a report of a hidden entry by a guessed id as if it did not exist, and counts nothing', async () => {
    const { jam, entry } = await hiddenJam();
    const notInJam = { error: { status: 404, code: 'not_found', message: 'That entry is not part of this jam.' } };
    const play = `/api/jams/${jam.slug}/entries/${entry.id}/play`;
    const report = `/api/jams/${jam.slug}/entries/${entry.id}/report`;
    const body = { reason: 'spam', text: 'Found it by its number' };
    expect((await env.request(play, { method: 'PUT', as: stranger })).body).toEqual(notInJam);
    expect((await env.request(report, { method: 'POST', as: stranger, body })).body).toEqual(notInJam);
    expect(await env.db.select().from(plays).where(eq(plays.entryId, entry.id))).toEqual([]);
    // Its team and the jam's managers still can (the team's own play is never counted).
    expect((await env.request(play, { method: 'PUT', as: entrant })).status).toBe(204);
    expect((await env.request(play, { method: 'PUT', as: manager })).status).toBe(204);
    expect((await env.db.select().from(plays).where(eq(plays.entryId, entry.id))).map((row) => row.playerId)).toEqual([
      manager.id,
    ]);
    expect((await env.request(report, { method: 'POST', as: manager, body })).status).toBe(201);
    expect((await env.request(report, { method: 'POST', as: entrant, body })).status).toBe(201);
  });

  it('leaves the entry page out of the sitemap, and the jam in', async () => {
    const { jam, entry } = await hiddenJam();
    const sitemap = (await env.request<string>('/sitemap.xml')).body;
    expect(sitemap).toContain(`/jams/${jam.slug}</loc>`);
    expect(sitemap).not.toContain(`/jams/${jam.slug}/entries/${entry.id}</loc>`);
  });

  it('leaves the entry off the profile of its submitter', async () => {
    const { jam } = await hiddenJam();
    const profile = await env.request(`/api/user/${entrant.name}/profile`);
    expect(profile.body.entries.items.map((item: { jam: { slug: string } }) => item.jam.slug)).not.toContain(jam.slug);
  });
});

describe('after submissions close', () => {
  it('shows everything as usual: the list, the entry page and the profile', async () => {
    const { jam, entry } = await hiddenJam();
    await closeSubmissions(jam.id);
    expect((await env.request(`/api/jams/${jam.slug}/entries`)).body.entries.map((e: { id: number }) => e.id)).toEqual([
      entry.id,
    ]);
    const page = await env.request(`/jams/${jam.slug}/entries/${entry.id}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Secret Sprinter');
    const profile = await env.request(`/api/user/${entrant.name}/profile`);
    expect(profile.body.entries.items.map((item: { jam: { slug: string } }) => item.jam.slug)).toContain(jam.slug);
    expect((await env.request<string>('/sitemap.xml')).body).toContain(`/jams/${jam.slug}/entries/${entry.id}</loc>`);
    expect((await env.request(`/api/jams/${jam.slug}/entries/${entry.id}/play`, { method: 'PUT', as: stranger })).status).toBe(
      204,
    );
  });
});

describe('a jam without hidden entries (the default)', () => {
  it('lists its entries while it runs, as before', async () => {
    const jam = await insertJam(env.db, { status: 'ongoing' });
    const entry = await insertEntry(env.db, jam.id, entrant.id, scratchId++, { title: 'Open Runner' });
    expect((await env.request(`/api/jams/${jam.slug}/entries`)).body.entries.map((e: { id: number }) => e.id)).toEqual([
      entry.id,
    ]);
    expect((await env.request(`/jams/${jam.slug}/entries/${entry.id}`)).status).toBe(200);
  });
});
