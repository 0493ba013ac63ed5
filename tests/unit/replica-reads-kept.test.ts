import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Client, createClient } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEPT_ANSWERS, MAX_STATEMENT_TEXTS, keepReads, keyOf } from '#server/node/replica-reads-kept';

/** The replica's file, its reading connection with kept answers, and a second connection standing in for the syncer. */
describe('the replica’s answers kept between two syncs', () => {
  let folder: string;
  let reader: Client;
  let syncer: Client;
  let kept: ReturnType<typeof keepReads>;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'itinerary-kept-reads-'));
    const url = `file:${join(folder, 'replica.db')}`;
    syncer = createClient({ url });
    await syncer.executeMultiple(`
      create table jams (id integer primary key, slug text not null, entry_count integer not null);
      insert into jams values (1, 'big-jam', 10), (2, 'small-jam', 1);`);
    reader = createClient({ url });
    kept = keepReads(reader);
  });
  afterAll(() => {
    reader?.close();
    syncer?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const countOf = async (slug: string) =>
    Number((await reader.execute({ sql: 'select entry_count from jams where slug = ?', args: [slug] })).rows[0]!.entry_count);

  it('answers a read asked again from memory until a sync brings frames, then reads the file again', async () => {
    kept.forget();
    expect(await countOf('big-jam')).toBe(10);
    await syncer.execute("update jams set entry_count = 11 where slug = 'big-jam'"); // frames the main thread has not heard of yet
    const before = { ...kept.stats };
    expect(await countOf('big-jam')).toBe(10);
    expect(kept.stats.kept).toBe(before.kept + 1);
    kept.forget(); // the sync that brought them has finished
    expect(await countOf('big-jam')).toBe(11);
    expect(kept.stats.ran).toBe(before.ran + 1);
  });

  it('keeps each statement’s answer by its arguments', async () => {
    kept.forget();
    expect(await countOf('big-jam')).toBe(11);
    expect(await countOf('small-jam')).toBe(1);
    expect(await countOf('big-jam')).toBe(11);
    expect(keyOf({ sql: 'select 1 where ? = ?', args: [1, '1'] })).not.toBe(
      keyOf({ sql: 'select 1 where ? = ?', args: ['1', 1] }),
    );
    expect(keyOf({ sql: 'select ? as a', args: { a: 1 } })).not.toBe(keyOf({ sql: 'select ? as a', args: { a: 2 } }));
  });

  it('keys a long statement by a number of its own, not its text (V8 hashes a text over 16,383 characters by its length)', () => {
    const long = (column: string) => `select ${column} from jams where id = ? ${' '.repeat(20_000)}`;
    const [a, b] = [keyOf({ sql: long('a'), args: [1] })!, keyOf({ sql: long('b'), args: [1] })!];
    expect(long('a').length).toBe(long('b').length);
    expect(a.length).toBeLessThan(40);
    expect(a).not.toBe(b);
    expect(keyOf({ sql: long('a'), args: [1] })).toBe(a);
    expect(keyOf({ sql: long('a'), args: [2] })).not.toBe(a);
  });

  it('never gives a new statement text the number of one whose answers may still be kept, after too many texts', () => {
    const kept = keyOf({ sql: 'select entry_count from jams where slug = ?', args: ['big-jam'] });
    // More texts than are remembered (they start again), each read with the same argument.
    for (let n = 0; n <= 2 * MAX_STATEMENT_TEXTS; n++)
      expect(keyOf({ sql: `select id from jams where slug = ? -- ${n}`, args: ['big-jam'] })).not.toBe(kept);
  });

  it('always runs statements whose answer depends on the clock, randomness or the connection, and those with a blob argument', async () => {
    for (const sql of [
      'select id from jams order by random() limit 1',
      "select unixepoch('subsec') as now",
      "select datetime('now') as now",
      'select current_timestamp as now',
      'select last_insert_rowid() as id',
    ])
      expect(keyOf(sql), sql).toBeNull();
    expect(keyOf({ sql: 'select length(?) as size', args: [new Uint8Array([1, 2, 3])] })).toBeNull();
    const before = kept.stats.ran;
    await reader.execute('select id from jams order by random() limit 1');
    await reader.execute('select id from jams order by random() limit 1');
    expect(kept.stats.ran).toBe(before + 2);
  });

  it('runs only the reads of a batch it does not have, and answers in the batch’s order', async () => {
    kept.forget();
    expect(await countOf('small-jam')).toBe(1);
    const before = { ...kept.stats };
    const results = await reader.batch(
      [
        { sql: 'select entry_count from jams where slug = ?', args: ['big-jam'] },
        { sql: 'select entry_count from jams where slug = ?', args: ['small-jam'] },
        { sql: 'select count(*) as jams from jams', args: [] },
      ],
      'read',
    );
    expect(results.map((result) => Number(Object.values(result.rows[0]!)[0]))).toEqual([11, 1, 2]);
    expect(kept.stats).toEqual({ kept: before.kept + 1, ran: before.ran + 2 });
  });

  it('does not keep an answer that arrived after a sync brought frames (it may be older than the file)', async () => {
    kept.forget();
    const reading = countOf('small-jam');
    kept.forget();
    expect(await reading).toBe(1);
    const before = kept.stats.ran;
    expect(await countOf('small-jam')).toBe(1);
    expect(kept.stats.ran).toBe(before + 1);
  });

  it('forgets everything once it keeps too many answers', async () => {
    kept.forget();
    for (let n = 0; n <= KEPT_ANSWERS; n++) await reader.execute({ sql: 'select ? as n', args: [n] });
    const before = kept.stats.ran;
    await reader.execute({ sql: 'select ? as n', args: [0] });
    expect(kept.stats.ran).toBe(before + 1);
    await reader.execute({ sql: 'select ? as n', args: [KEPT_ANSWERS] });
    expect(kept.stats.ran).toBe(before + 1);
  });
});
