/**
 * The reports table on its own: one open report per person per item (the partial unique indexes),
 * any number of closed ones, and reports that go with their reporter, jam or entry.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries, jams, reports, users } from '#db/schema';
import { type TestDatabase, createTestDatabase } from '../helpers/database';
import { insertEntry, insertJam } from '../helpers/factories';

let test: TestDatabase;
let reporterId: number;
let authorId: number;

beforeAll(async () => {
  test = await createTestDatabase();
  const made = await test.database
    .insert(users)
    .values([{ name: 'db_reporter' }, { name: 'db_author' }])
    .returning();
  reporterId = made[0]!.id;
  authorId = made[1]!.id;
});
afterAll(() => test?.cleanup());

let scratchIds = 840_000_000;
async function item() {
  const jam = await insertJam(test.database);
  const entry = await insertEntry(test.database, jam.id, authorId, (scratchIds += 1));
  return { jam, entry };
}
const report = (values: Partial<typeof reports.$inferInsert> & { jamId: number }) =>
  test.database
    .insert(reports)
    .values({ reporterId, reason: 'spam', ...values })
    .onConflictDoNothing()
    .returning();

describe('the reports table', () => {
  it('holds one open report per person per entry and per jam, and a jam report beside an entry report', async () => {
    const { jam, entry } = await item();
    expect(await report({ jamId: jam.id, entryId: entry.id })).toHaveLength(1);
    expect(await report({ jamId: jam.id, entryId: entry.id, reason: 'other' })).toEqual([]);
    expect(await report({ jamId: jam.id })).toHaveLength(1);
    expect(await report({ jamId: jam.id })).toEqual([]);
    expect(await test.database.select().from(reports).where(eq(reports.jamId, jam.id))).toHaveLength(2);
  });

  it('lets a person report again once their report is closed, keeping the closed one', async () => {
    const { jam, entry } = await item();
    await report({ jamId: jam.id, entryId: entry.id });
    await test.database.update(reports).set({ status: 'dismissed' }).where(eq(reports.entryId, entry.id));
    expect(await report({ jamId: jam.id, entryId: entry.id })).toHaveLength(1);
    expect(
      (await test.database.select().from(reports).where(eq(reports.entryId, entry.id))).map((row) => row.status).sort(),
    ).toEqual(['dismissed', 'open']);
  });

  it('drops the reports of a deleted entry, a deleted jam and a deleted reporter', async () => {
    const first = await item();
    const second = await item();
    await report({ jamId: first.jam.id, entryId: first.entry.id });
    await report({ jamId: second.jam.id });
    await test.database.delete(entries).where(eq(entries.id, first.entry.id));
    expect(await test.database.select().from(reports).where(eq(reports.jamId, first.jam.id))).toEqual([]);
    await test.database.delete(jams).where(eq(jams.id, second.jam.id));
    expect(await test.database.select().from(reports).where(eq(reports.jamId, second.jam.id))).toEqual([]);

    const [leaver] = await test.database.insert(users).values({ name: 'db_leaver' }).returning();
    const third = await item();
    await report({ jamId: third.jam.id, reporterId: leaver!.id });
    await test.database.delete(users).where(eq(users.id, leaver!.id));
    expect(await test.database.select().from(reports).where(eq(reports.jamId, third.jam.id))).toEqual([]);
  });
});
