import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_USERS, seedDemoData } from '#db/seed';
import {
  TEAM_MEMBER_STATUSES,
  DEFAULT_CRITERIA,
  ENTRY_REVIEWS,
  FEEDBACK_MODES,
  INBOX_KINDS,
  JUDGING_MODES,
  QUESTION_KINDS,
  RESULTS_MODES,
  WHO_CAN_VOTE,
  entries,
  jamManagers,
  jamRequests,
  jams,
  users,
  votes,
} from '#db/schema';
import * as feedback from '#lib/feedback';
import * as inbox from '#lib/inbox';
import * as judging from '#lib/judging';
import * as questions from '#lib/questions';
import * as teams from '#lib/teams';
import { ensureAdmins, findUserByName } from '#server/users/users';
import { type TestDatabase, createTestDatabase } from '../helpers/database';

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
}, 30_000);
afterAll(() => test.cleanup());

const rows = async (table: typeof users | typeof jams | typeof entries | typeof votes | typeof jamManagers) =>
  (await test.database.select({ n: count() }).from(table))[0]!.n;

describe(`the data layer (${process.env.TEST_DATABASE ?? 'file'})`, () => {
  it("stores fair judging's, feedback's and the inbox's values exactly as the API names them", () => {
    expect(WHO_CAN_VOTE).toEqual(judging.WHO_CAN_VOTE);
    expect(ENTRY_REVIEWS).toEqual(judging.ENTRY_REVIEWS);
    expect(FEEDBACK_MODES).toEqual(feedback.FEEDBACK_MODES);
    expect(INBOX_KINDS).toEqual(inbox.INBOX_KINDS);
    expect(TEAM_MEMBER_STATUSES).toEqual(teams.TEAM_MEMBER_STATUSES);
    expect(RESULTS_MODES).toEqual(judging.RESULTS_MODES);
    expect(JUDGING_MODES).toEqual(judging.JUDGING_MODES);
    expect(DEFAULT_CRITERIA).toEqual(judging.DEFAULT_CRITERIA);
    expect(QUESTION_KINDS).toEqual(questions.QUESTION_KINDS);
  });

  it('refuses a second user whose name differs only in case', async () => {
    await test.database.insert(users).values({ name: 'CaseTest' });
    await expect(test.database.insert(users).values({ name: 'casetest' })).rejects.toThrow();
    expect((await findUserByName('CASETEST', test.database))?.name).toBe('CaseTest');
  });

  it('makes the configured administrators admins, creating them when missing', async () => {
    await ensureAdmins(['casetest', 'brand_new_admin'], test.database);
    expect((await findUserByName('CaseTest', test.database))?.isAdmin).toBe(true);
    expect((await findUserByName('brand_new_admin', test.database))?.isAdmin).toBe(true);
  });

  it('seeds demo data deterministically and idempotently', async () => {
    const now = new Date('2026-11-22T12:00:00Z');
    await seedDemoData(test.database, now);
    const first = { users: await rows(users), jams: await rows(jams), entries: await rows(entries), votes: await rows(votes) };
    await seedDemoData(test.database, now);
    expect({
      users: await rows(users),
      jams: await rows(jams),
      entries: await rows(entries),
      votes: await rows(votes),
    }).toEqual(first);
    expect(first.jams).toBe(3);

    const all = await test.database.select().from(jams);
    const status = (jam: (typeof all)[number]) => (now < jam.startsAt ? 'upcoming' : now < jam.endsAt ? 'ongoing' : 'ended');
    expect(all.filter((jam) => status(jam) === 'upcoming' && jam.mystery)).toHaveLength(1);
    expect(all.filter((jam) => status(jam) === 'ongoing' && jam.featured)).toHaveLength(1);
    const ended = all.find((jam) => status(jam) === 'ended')!;
    const winners = await test.database
      .select()
      .from(entries)
      .where(and(eq(entries.jamId, ended.id), eq(entries.isWinner, true)));
    expect(winners).toHaveLength(1);
    expect((await findUserByName(DEMO_ADMIN, test.database))?.isAdmin).toBe(true);
    for (const name of DEMO_USERS) expect(await findUserByName(name, test.database)).toBeDefined();

    // Jam requests: one that made the upcoming jam, two waiting, one declined; not doubled by the second run.
    const requests = await test.database.select().from(jamRequests);
    expect(requests.map((request) => request.status).sort()).toEqual(['approved', 'declined', 'pending', 'pending']);
    const upcoming = all.find((jam) => status(jam) === 'upcoming')!;
    expect(requests.find((request) => request.status === 'approved')?.jamId).toBe(upcoming.id);
    expect(requests.find((request) => request.status === 'declined')?.declineReason).toBeTruthy();
  });

  it('keeps one pending jam request per user, any number of answered ones, and only the three statuses', async () => {
    const [asker] = await test.database.insert(users).values({ name: 'request_asker' }).returning();
    const request = {
      requesterId: asker!.id,
      name: 'Asked',
      description: 'd',
      startsAt: new Date('2030-01-01T00:00:00Z'),
      endsAt: new Date('2030-01-02T00:00:00Z'),
    };
    await test.database.insert(jamRequests).values(request);
    await expect(test.database.insert(jamRequests).values(request)).rejects.toThrow();
    await test.database.insert(jamRequests).values([
      { ...request, status: 'declined' },
      { ...request, status: 'declined' },
      { ...request, status: 'approved' },
    ]);
    await expect(test.database.insert(jamRequests).values({ ...request, status: 'withdrawn' as never })).rejects.toThrow();
    expect(await test.database.select().from(jamRequests).where(eq(jamRequests.requesterId, asker!.id))).toHaveLength(4);
  });

  it('allows one entry per user per jam and each project once per jam', async () => {
    const [jam] = await test.database.select().from(jams).limit(1);
    const entry = { jamId: jam!.id, title: 'T', authorName: 'x' };
    const [alice] = await test.database.insert(users).values({ name: 'entry_alice' }).returning();
    const [bob] = await test.database.insert(users).values({ name: 'entry_bob' }).returning();
    await test.database.insert(entries).values({ ...entry, scratchId: 1, submitterId: alice!.id });
    await expect(test.database.insert(entries).values({ ...entry, scratchId: 2, submitterId: alice!.id })).rejects.toThrow();
    await expect(test.database.insert(entries).values({ ...entry, scratchId: 1, submitterId: bob!.id })).rejects.toThrow();
  });

  it('counts a vote once per project and voter', async () => {
    const [entry] = await test.database.select().from(entries).limit(1);
    const [voter] = await test.database.insert(users).values({ name: 'voter_once' }).returning();
    const vote = { entryId: entry!.id, voterId: voter!.id, jamId: entry!.jamId };
    await test.database.insert(votes).values(vote);
    await expect(test.database.insert(votes).values(vote)).rejects.toThrow();
  });

  it('deleting a jam removes its managers, entries and votes; renaming keeps them', async () => {
    const [jam] = await test.database.select().from(jams).where(eq(jams.slug, 'space-sprint-jam'));
    const before = await test.database.select({ n: count() }).from(entries).where(eq(entries.jamId, jam!.id));
    await test.database.update(jams).set({ slug: 'renamed-sprint', name: 'Renamed' }).where(eq(jams.id, jam!.id));
    const after = await test.database.select({ n: count() }).from(entries).where(eq(entries.jamId, jam!.id));
    expect(after).toEqual(before);

    await test.database.delete(jams).where(eq(jams.id, jam!.id));
    for (const table of [entries, votes, jamManagers]) {
      const left = await test.database.select({ n: count() }).from(table).where(eq(table.jamId, jam!.id));
      expect(left[0]!.n).toBe(0);
    }
  });

  it('deleting a user removes their entries, votes and jam requests', async () => {
    const user = (await findUserByName('cat_coder', test.database))!;
    await test.database.delete(users).where(eq(users.id, user.id));
    expect((await test.database.select({ n: count() }).from(votes).where(eq(votes.voterId, user.id)))[0]!.n).toBe(0);
    expect((await test.database.select({ n: count() }).from(entries).where(eq(entries.submitterId, user.id)))[0]!.n).toBe(0);
    expect(await test.database.select().from(jamRequests).where(eq(jamRequests.requesterId, user.id))).toEqual([]);
    const integrity = await test.database.all<{ integrity_check: string }>(sql`PRAGMA integrity_check`);
    expect(integrity[0]?.integrity_check).toBe('ok');
  });
});
