/** Fair judging §1: every entry's Scratch history, its flags, the managers' review and the checks. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, entries, jams } from '#db/schema';
import { OLD_PROJECT_HISTORY } from '../fakes/fixtures';
import { type Environment, type TestUser, startEnvironment } from '../helpers/environment';
import { insertEntry, insertJam, insertManager, insertVote } from '../helpers/factories';

let env: Environment;
let oldtimer: TestUser, tinkerer: TestUser, remixer: TestUser, orphan: TestUser, manager: TestUser, admin: TestUser;
let pixel: TestUser, voter: TestUser;

beforeAll(async () => {
  env = await startEnvironment();
  oldtimer = await env.login('flag_oldtimer');
  tinkerer = await env.login('flag_tinkerer');
  remixer = await env.login('flag_remixer');
  orphan = await env.login('flag_orphan');
  manager = await env.login('flags_manager');
  admin = await env.login('flags_admin', { isAdmin: true });
  pixel = await env.login('pixel_pioneer');
  voter = await env.login('flags_voter');
});
afterAll(() => env?.close());

const HOUR = 3_600_000;
const submit = (slug: string, id: number, as: TestUser) =>
  env.request(`/api/jams/${slug}/entries`, { method: 'POST', body: { url: `https://scratch.mit.edu/projects/${id}` }, as });
const review = (slug: string, entryId: number, verdict: string, as: TestUser | null) =>
  env.request(`/api/jams/${slug}/entries/${entryId}/review`, { method: 'PUT', body: { review: verdict }, as });
const entryRow = async (id: number) => (await env.db.select().from(entries).where(eq(entries.id, id)))[0]!;
const patchProject = (id: number, changes: unknown) =>
  fetch(`${env.fakes.scratchApi.url}/__fixtures/projects/${id}`, { method: 'PATCH', body: JSON.stringify(changes) });
const auditOf = async (jamId: number) =>
  (await env.db.select().from(auditLog).where(eq(auditLog.jamId, jamId))).map((row) => row.action);

describe('the fake Scratch API', () => {
  it('answers history and remix with the real field names and shapes', async () => {
    const original = await (await fetch(`${env.fakes.scratchApi.url}/projects/100000009`)).json();
    expect(original.history).toEqual(OLD_PROJECT_HISTORY);
    expect(original.remix).toEqual({ parent: null, root: null });
    const remix = await (await fetch(`${env.fakes.scratchApi.url}/projects/100000011`)).json();
    expect(remix.remix).toEqual({ parent: 900000101, root: 900000101 });
    expect(typeof remix.history.created).toBe('string');
  });
});

describe('submitting stores the project history', () => {
  it('keeps created, modified, shared and the remix with its parent title, and flags the entry', async () => {
    const jam = await insertJam(env.db);
    const old = await submit(jam.slug, 100000009, oldtimer);
    expect(old.status).toBe(201);
    expect(old.body.flags).toEqual([
      { kind: 'created-before-start', at: OLD_PROJECT_HISTORY.created, parentId: null, parentTitle: null },
    ]);
    const row = await entryRow(old.body.id);
    expect(row.projectCreatedAt?.toISOString()).toBe(OLD_PROJECT_HISTORY.created);
    expect(row.projectModifiedAt?.toISOString()).toBe(OLD_PROJECT_HISTORY.modified);
    expect(row.projectSharedAt?.toISOString()).toBe(OLD_PROJECT_HISTORY.shared);
    expect(row.historyCheckedAt).toBeInstanceOf(Date);

    const remix = await submit(jam.slug, 100000011, remixer);
    expect(remix.body.flags).toEqual([{ kind: 'remix', at: null, parentId: 900000101, parentTitle: 'Orbit Runner' }]);
    expect(await entryRow(remix.body.id)).toMatchObject({ remixParentId: 900000101, remixRootId: 900000101 });
  });

  it('leaves the title of a parent Scratch does not share null, and an original has no flags', async () => {
    const jam = await insertJam(env.db);
    const orphaned = await submit(jam.slug, 100000012, orphan);
    expect(orphaned.status).toBe(201);
    expect(orphaned.body.flags).toEqual([{ kind: 'remix', at: null, parentId: 100000003, parentTitle: null }]);
    const fresh = await submit(jam.slug, 100000001, pixel);
    expect(fresh.body).toMatchObject({ flags: [], disqualified: false, plays: null });
  });

  it('still takes a remix when Scratch cannot answer about its parent, without the parent title', async () => {
    const jam = await insertJam(env.db);
    const reply = await submit(jam.slug, 100000014, orphan);
    expect(reply.status).toBe(201);
    expect(reply.body.flags).toEqual([{ kind: 'remix', at: null, parentId: 100000013, parentTitle: null }]);
  });

  it('refuses a project created before the start when the jam asks, naming the day kindly', async () => {
    const jam = await insertJam(env.db, { refuseOldProjects: true });
    const reply = await submit(jam.slug, 100000009, oldtimer);
    expect(reply.status).toBe(409);
    expect(reply.body.error).toEqual({
      status: 409,
      code: 'conflict',
      message:
        'This jam only accepts projects made during the jam. Your project was created on 2026-02-20, before the jam started — start a new project and submit that one.',
    });
    expect(await env.db.select().from(entries).where(eq(entries.jamId, jam.id))).toEqual([]);
    // A project made during the jam is welcome.
    expect((await submit(jam.slug, 100000010, tinkerer)).status).toBe(201);
  });
});

describe('flags in the entries as everyone and as managers see them', () => {
  it('hides a checked entry’s chips from the public while its managers still see them, audited', async () => {
    const jam = await insertJam(env.db);
    await insertManager(env.db, jam.id, manager.id);
    const { body: entry } = await submit(jam.slug, 100000009, oldtimer);

    const checked = await review(jam.slug, entry.id, 'checked', manager);
    expect(checked.status).toBe(200);
    expect(checked.body).toMatchObject({
      id: entry.id,
      review: 'checked',
      reviewedBy: 'flags_manager',
      flags: [{ kind: 'created-before-start' }],
      plays: 0,
    });
    expect(checked.body.reviewedAt).toEqual(expect.any(String));

    const listed = await env.request(`/api/jams/${jam.slug}/entries`);
    expect(listed.body.entries[0]).toMatchObject({ id: entry.id, flags: [], disqualified: false });
    const reviewList = await env.request(`/api/jams/${jam.slug}/review`, { as: manager });
    expect(reviewList.body.entries[0]).toMatchObject({
      id: entry.id,
      review: 'checked',
      flags: [{ kind: 'created-before-start' }],
    });

    // Saying it twice changes nothing and writes one audit entry.
    expect((await review(jam.slug, entry.id, 'checked', manager)).status).toBe(200);
    expect(await auditOf(jam.id)).toEqual(['entry.check']);
    expect((await review(jam.slug, entry.id, 'open', manager)).body).toMatchObject({ review: 'open' });
    expect(await auditOf(jam.id)).toEqual(['entry.check', 'entry.reopen']);
    expect((await env.request(`/api/jams/${jam.slug}/entries`)).body.entries[0].flags).toHaveLength(1);
  });

  it('lets only managers of the jam and administrators give a verdict, and checks its value', async () => {
    const jam = await insertJam(env.db);
    await insertManager(env.db, jam.id, manager.id);
    const entry = await insertEntry(env.db, jam.id, pixel.id, 100000001);
    expect((await review(jam.slug, entry.id, 'checked', null)).status).toBe(401);
    const refused = await review(jam.slug, entry.id, 'checked', pixel);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('Only managers of this jam and administrators can do that.');
    const wrong = await review(jam.slug, entry.id, 'banished', admin);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe('review: The review must be open, checked or disqualified.');
    expect((await review(jam.slug, 987654321, 'checked', admin)).status).toBe(404);
    expect((await review(jam.slug, entry.id, 'disqualified', admin)).body).toMatchObject({
      review: 'disqualified',
      disqualified: true,
      reviewedBy: 'flags_admin',
    });
    expect(await auditOf(jam.id)).toEqual(['entry.disqualify']);
  });

  it('orders the review list flagged-and-open first, then flagged, then the rest, with counts', async () => {
    const jam = await insertJam(env.db, { startsAt: new Date(Date.now() - 24 * HOUR) });
    await insertManager(env.db, jam.id, manager.id);
    const plain = await insertEntry(env.db, jam.id, pixel.id, 100000001);
    const flaggedChecked = await insertEntry(env.db, jam.id, remixer.id, 100000011, {
      remixParentId: 900000101,
      review: 'checked',
    });
    const flaggedOpen = await insertEntry(env.db, jam.id, oldtimer.id, 100000009, {
      projectCreatedAt: new Date(OLD_PROJECT_HISTORY.created),
    });
    const reply = await env.request(`/api/jams/${jam.slug}/review?perPage=2`, { as: manager });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('private, no-store');
    expect(reply.body).toMatchObject({
      page: 1,
      perPage: 2,
      total: 3,
      totalPages: 2,
      flagged: 2,
      flaggedOpen: 1,
      entriesCheckedAt: null,
    });
    expect(reply.body.entries.map((entry: { id: number }) => entry.id)).toEqual([flaggedOpen.id, flaggedChecked.id]);
    const second = await env.request(`/api/jams/${jam.slug}/review?page=2&perPage=2`, { as: manager });
    expect(second.body.entries.map((entry: { id: number }) => entry.id)).toEqual([plain.id]);
  });
});

describe('a disqualified entry', () => {
  it('has no rank, does not push others down, and is neither the winner nor the community choice', async () => {
    const jam = await insertJam(env.db, { status: 'ended', entriesCheckedAt: new Date() });
    await insertManager(env.db, jam.id, manager.id);
    const top = await insertEntry(env.db, jam.id, pixel.id, 100000001);
    const second = await insertEntry(env.db, jam.id, oldtimer.id, 100000009);
    await insertVote(env.db, jam.id, top.id, voter.id);
    await insertVote(env.db, jam.id, top.id, admin.id);
    await insertVote(env.db, jam.id, second.id, voter.id);
    await env.request(`/api/jams/${jam.slug}/entries/${top.id}/winner`, { method: 'PUT', as: manager });

    const disqualified = await review(jam.slug, top.id, 'disqualified', manager);
    expect(disqualified.body).toMatchObject({ disqualified: true, isWinner: false, rank: null });
    expect(await auditOf(jam.id)).toEqual(['winner.select', 'entry.disqualify']);
    const [audit] = await env.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.jamId, jam.id), eq(auditLog.action, 'entry.disqualify')));
    expect(audit?.details).toMatchObject({ entryId: top.id, from: 'open', winnerRevoked: true });

    const winners = await env.request(`/api/jams/${jam.slug}/winners`);
    expect(winners.body.winner).toBeNull();
    expect(winners.body.communityChoice).toMatchObject({ id: second.id });

    const selecting = await env.request(`/api/jams/${jam.slug}/entries/${top.id}/winner`, { method: 'PUT', as: manager });
    expect(selecting.status).toBe(409);
    expect(selecting.body.error.message).toBe(
      'A disqualified entry cannot be the winner. Reopen its review first if disqualifying it was a mistake.',
    );
    // Its page shows it, unranked; the other one is first.
    const page = await env.request(`/jams/${jam.slug}/entries/${second.id}`);
    expect(page.body).toMatch(/class="entry-rank"[^>]*>#1 </);
    const own = await env.request(`/jams/${jam.slug}/entries/${top.id}`);
    expect(own.body).not.toContain('class="entry-rank"');
    expect(own.body).toMatch(
      /class="chip entry-disqualified[^"]*"><span aria-hidden="true">⊘<\/span> <span>Disqualified<\/span>/,
    );
    expect(own.body).toContain('A manager disqualified this entry. It is still shown here, but it is not ranked and cannot win.');
  });
});

describe('checking entries again', () => {
  it('"Check entries now" reads at most 20 per call, oldest first, and says how many are left', async () => {
    const jam = await insertJam(env.db);
    await insertManager(env.db, jam.id, manager.id);
    for (let index = 0; index < 23; index += 1) {
      const user = await env.login(`flags_many_${index}`);
      await insertEntry(env.db, jam.id, user.id, 800_000_000 + index);
    }
    const check = () => env.request(`/api/jams/${jam.slug}/entries/check`, { method: 'POST', as: manager });
    const first = await check();
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ checked: 20, left: 3 });
    expect(first.body.missing).toHaveLength(20);
    expect((await check()).body).toMatchObject({ checked: 3, left: 0 });
    expect((await check()).body).toEqual({ checked: 0, left: 0, missing: [] });
    expect((await env.request(`/api/jams/${jam.slug}/entries/check`, { method: 'POST', as: pixel })).status).toBe(403);
  });

  it('flags a project changed after the end once a manager checks again, keeping a project that is gone', async () => {
    const jam = await insertJam(env.db);
    await insertManager(env.db, jam.id, manager.id);
    const { body: entry } = await submit(jam.slug, 100000010, tinkerer);
    expect(entry.flags).toEqual([]);
    const gone = await insertEntry(env.db, jam.id, pixel.id, 100000003, { title: 'Secret Draft' });
    // The jam ends; the author saves the project again afterwards.
    const endsAt = new Date(Date.now() - HOUR);
    await env.db.update(jams).set({ endsAt, entriesCheckedAt: new Date() }).where(eq(jams.id, jam.id));
    const modified = new Date(Date.now() - HOUR / 2).toISOString();
    await patchProject(100000010, { history: { modified } });
    await env.db
      .update(entries)
      .set({ historyCheckedAt: new Date(Date.now() - 2 * HOUR) })
      .where(eq(entries.jamId, jam.id));

    const reply = await env.request(`/api/jams/${jam.slug}/entries/check`, { method: 'POST', as: manager });
    expect(reply.body).toEqual({ checked: 2, left: 0, missing: [{ id: gone.id, title: 'Secret Draft', scratchId: 100000003 }] });
    const listed = await env.request(`/api/jams/${jam.slug}/entries`);
    const byId = new Map(listed.body.entries.map((item: { id: number }) => [item.id, item]));
    expect((byId.get(entry.id) as { flags: unknown }).flags).toEqual([
      { kind: 'updated-after-deadline', at: modified, parentId: null, parentTitle: null },
    ]);
    expect(await entryRow(gone.id)).toMatchObject({ title: 'Secret Draft', projectCreatedAt: null });
  });

  it('checks every entry once after the end, on the first read of the jam, and never again', async () => {
    const jam = await insertJam(env.db, { status: 'ended' });
    const entry = await insertEntry(env.db, jam.id, oldtimer.id, 100000009);
    const reads = await Promise.all([1, 2, 3].map(() => env.request(`/api/jams/${jam.slug}`)));
    expect(reads.map((read) => read.status)).toEqual([200, 200, 200]);
    await expect.poll(async () => (await entryRow(entry.id)).historyCheckedAt, { timeout: 10_000 }).toBeInstanceOf(Date);
    const [claimed] = await env.db.select().from(jams).where(eq(jams.id, jam.id));
    expect(claimed!.entriesCheckedAt).toBeInstanceOf(Date);
    const firstCheck = (await entryRow(entry.id)).historyCheckedAt!.getTime();
    expect((await entryRow(entry.id)).projectCreatedAt?.toISOString()).toBe(OLD_PROJECT_HISTORY.created);

    await env.request(`/api/jams/${jam.slug}`);
    await env.request(`/api/jams/${jam.slug}/viewer`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await entryRow(entry.id)).historyCheckedAt!.getTime()).toBe(firstCheck);
    const [again] = await env.db.select().from(jams).where(eq(jams.id, jam.id));
    expect(again!.entriesCheckedAt!.getTime()).toBe(claimed!.entriesCheckedAt!.getTime());
  });

  it('does not check a jam that has not ended yet', async () => {
    const jam = await insertJam(env.db);
    await insertEntry(env.db, jam.id, oldtimer.id, 100000009);
    await env.request(`/api/jams/${jam.slug}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const [row] = await env.db.select().from(jams).where(eq(jams.id, jam.id));
    expect(row!.entriesCheckedAt).toBeNull();
  });
});
