import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, connectDatabase } from '#server/platform/db';
import { oneWriterAtATime } from '#server/platform/one-writer';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('an embedded database written from several requests at once', () => {
  let folder: string;
  let database: Database;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'itinerary-one-writer-'));
    database = connectDatabase(`file:${join(folder, 'writes.db')}`);
    await database.run(sql`create table notes (id integer primary key, text text not null unique)`);
  });
  afterAll(() => {
    database?.$client.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('runs transactions that wait between statements one after another, none failing with SQLITE_BUSY', async () => {
    const started = Date.now();
    const transactions = Array.from({ length: 6 }, (_, n) =>
      database.transaction(async (tx) => {
        await tx.run(sql`insert into notes (text) values (${`first ${n}`})`);
        await pause(20);
        await tx.run(sql`insert into notes (text) values (${`second ${n}`})`);
      }),
    );
    // A write outside any transaction and a read, both while the transactions are open.
    const plainWrite = database.run(sql`insert into notes (text) values ('plain')`);
    const read = database.all(sql`select count(*) as count from notes`);

    await Promise.all([...transactions, plainWrite, read]);
    const rows = await database.all<{ count: number }>(sql`select count(*) as count from notes`);
    expect(rows[0]!.count).toBe(13);
    // Blocked in SQLite's busy handler they would have taken the busy timeout (5 s) each.
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('lets the next writer in after a transaction that failed and rolled back', async () => {
    const failing = database.transaction(async (tx) => {
      await tx.run(sql`insert into notes (text) values ('rolled back')`);
      await pause(10);
      await tx.run(sql`insert into notes (text) values ('plain')`); // not unique: fails
    });
    const next = database.run(sql`insert into notes (text) values ('after the failure')`);

    await expect(failing).rejects.toMatchObject({
      cause: { code: 'SQLITE_CONSTRAINT', message: expect.stringContaining('UNIQUE') },
    });
    await next;
    const texts = await database.all<{ text: string }>(
      sql`select text from notes where text in ('rolled back', 'after the failure')`,
    );
    expect(texts).toEqual([{ text: 'after the failure' }]);
  });

  it('fails a writer with SQLITE_BUSY when its turn does not come in time, and lets the next one in once it does', async () => {
    const client = oneWriterAtATime(createClient({ url: `file:${join(folder, 'stuck.db')}` }), 200);
    await client.execute('create table numbers (n integer)');
    const neverEnding = await client.transaction('write');

    await expect(client.execute('insert into numbers values (1)')).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
    const next = client.execute('insert into numbers values (2)');
    await neverEnding.commit();
    await next;
    expect((await client.execute('select n from numbers')).rows.map((row) => row.n)).toEqual([2]);
    client.close();
  });

  it('reads the other processes’ writes again after a write of its own was refused for their lock', async () => {
    const file = `file:${join(folder, 'two-processes.db')}`;
    // Another process's connection, holding SQLite's write lock for a while.
    const other = createClient({ url: file });
    await other.executeMultiple('PRAGMA journal_mode = WAL; create table t (n integer)');
    const ours = oneWriterAtATime(createClient({ url: file }), 1000);
    await ours.execute('PRAGMA busy_timeout = 100');
    const held = await other.transaction('write');
    await held.execute('insert into t values (1)');
    // A batch that reads before it writes (drizzle's batches are deferred) meets the other's lock.
    await expect(ours.batch(['select count(*) from t', 'insert into t values (2)'], 'deferred')).rejects.toMatchObject({
      code: 'SQLITE_BUSY',
    });
    await held.commit();
    await other.execute('insert into t values (3)');
    expect((await ours.execute('select n from t order by n')).rows.map((row) => row.n)).toEqual([1, 3]);
    await ours.execute('insert into t values (4)');
    expect((await other.execute('select count(*) as n from t')).rows[0]!.n).toBe(3);
    other.close();
    ours.close();
  });
});
