/**
 * Migration 0007 renames `projects` to `entries` and `votes.project_id` to `votes.entry_id` on a
 * database that already holds data: the rows, their references and the entry-count triggers must
 * come through under the new names.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries, jams, votes } from '#db/schema';
import { type Database, migrateDatabase, openDatabase } from '#server/node/database';
import { type RunningSqld, startSqld } from '../helpers/sqld';

const MIGRATIONS = resolve(import.meta.dirname, '../../db/migrations');
const RENAME_TAG = '0007_entries';

let folder: string;
let sqld: RunningSqld | undefined;
let database: Database;

/** The migrations folder as it was before the rename: every migration up to 0006. */
function migrationsBeforeRename(): string {
  const before = join(folder, 'migrations');
  mkdirSync(join(before, 'meta'), { recursive: true });
  const journal = JSON.parse(readFileSync(join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const renameAt = journal.entries.findIndex((entry) => entry.tag === RENAME_TAG);
  expect(renameAt).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, renameAt);
  writeFileSync(join(before, 'meta/_journal.json'), JSON.stringify(journal));
  for (const { tag } of journal.entries) copyFileSync(join(MIGRATIONS, `${tag}.sql`), join(before, `${tag}.sql`));
  return before;
}

const names = async (type: 'table' | 'index' | 'trigger') =>
  (
    await database.all<{ name: string }>(
      sql`select name from sqlite_master where type = ${type} and name not like 'sqlite_%' order by name`,
    )
  ).map((row) => row.name);

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'itinerary-migration-'));
  if (process.env.TEST_DATABASE === 'sqld') sqld = await startSqld();
  database = await openDatabase(sqld?.url ?? `file:${join(folder, 'old.db')}`);

  await migrateDatabase(database, migrationsBeforeRename());
  // Written with the old names, as a database from before the rename holds them.
  await database.run(sql`insert into users (id, name) values (1, 'old_submitter'), (2, 'old_voter')`);
  await database.run(sql`insert into jams (id, slug, name, starts_at, ends_at) values (1, 'old-jam', 'Old Jam', 0, 1)`);
  await database.run(
    sql`insert into projects (id, jam_id, scratch_id, submitter_id, title, author_name, is_winner)
        values (41, 1, 900000041, 1, 'Old Game', 'old_submitter', 1)`,
  );
  await database.run(sql`insert into votes (project_id, voter_id, jam_id) values (41, 2, 1)`);

  await migrateDatabase(database);
}, 60_000);

afterAll(async () => {
  database?.$client.close();
  await sqld?.stop();
  rmSync(folder, { recursive: true, force: true });
});

describe(`migration ${RENAME_TAG} (${process.env.TEST_DATABASE ?? 'file'})`, () => {
  it('keeps the entry and its vote under the new names', async () => {
    expect(await database.select().from(entries)).toEqual([
      expect.objectContaining({ id: 41, jamId: 1, scratchId: 900000041, submitterId: 1, title: 'Old Game', isWinner: true }),
    ]);
    expect(await database.select({ entryId: votes.entryId, voterId: votes.voterId, jamId: votes.jamId }).from(votes)).toEqual([
      { entryId: 41, voterId: 2, jamId: 1 },
    ]);
  });

  it('leaves no table, index or trigger named after projects', async () => {
    expect(await names('table')).toContain('entries');
    for (const type of ['table', 'index', 'trigger'] as const) {
      expect((await names(type)).filter((name) => name.includes('project'))).toEqual([]);
    }
    expect(await names('index')).toEqual(
      expect.arrayContaining([
        'entries_jam_scratch_unique',
        'entries_jam_submitter_unique',
        'entries_jam_submitted_idx',
        'entries_submitter_idx',
      ]),
    );
    expect(await names('trigger')).toEqual(
      expect.arrayContaining(['entries_entry_count_insert', 'entries_entry_count_delete', 'entries_entry_count_move']),
    );
  });

  it('points the votes at entries and keeps the id sequence', async () => {
    const keys = await database.all<{ table: string; from: string }>(
      sql`select "table", "from" from pragma_foreign_key_list('votes')`,
    );
    expect(keys).toContainEqual({ table: 'entries', from: 'entry_id' });
    const [sequence] = await database.all<{ seq: number }>(sql`select seq from sqlite_sequence where name = 'entries'`);
    expect(sequence?.seq).toBe(41);
  });

  it('keeps the entry count, the one-entry-per-person rule and the vote cascade working', async () => {
    const entryCount = async () => (await database.select({ n: jams.entryCount }).from(jams).where(eq(jams.id, 1)))[0]!.n;
    expect(await entryCount()).toBe(1);
    const entry = { jamId: 1, submitterId: 1, title: 'Second', authorName: 'old_submitter' };
    await expect(database.insert(entries).values({ ...entry, scratchId: 900000042 })).rejects.toThrow();
    const [added] = await database
      .insert(entries)
      .values({ ...entry, submitterId: 2, scratchId: 900000042 })
      .returning();
    expect(added!.id).toBe(42);
    expect(await entryCount()).toBe(2);
    await database.delete(entries).where(eq(entries.id, 41));
    expect(await entryCount()).toBe(1);
    expect(await database.select().from(votes), 'the vote goes with its entry').toEqual([]);
  });
});
