/**
 * Embedded connections keep their prepared statements (src/server/node/statement-cache.ts): a
 * statement is prepared once per connection, answers each run with that run's arguments, and a
 * schema change is never answered with what was prepared before it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'libsql';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/node/database';
import { STATEMENTS_PER_CONNECTION, keepPreparedStatements } from '#server/node/statement-cache';

const folder = mkdtempSync(join(tmpdir(), 'itinerary-statements-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A libsql connection that counts what it really prepares, with the cache installed over it. */
function countingConnection() {
  const prepared: string[] = [];
  class Counting extends Database {}
  const prepare = Counting.prototype.prepare;
  Counting.prototype.prepare = function countedPrepare(this: Database.Database, sql: string) {
    prepared.push(sql);
    return prepare.call(this, sql);
  } as typeof prepare;
  keepPreparedStatements(Counting.prototype as never);
  return { connection: new Counting(':memory:'), prepared };
}

describe('kept prepared statements', () => {
  it('prepares a statement once per connection and runs it with each call’s own arguments', () => {
    const { connection, prepared } = countingConnection();
    connection.exec('create table jam (id integer primary key, name text)');
    const insert = 'insert into jam (name) values (?)';
    connection.prepare(insert).run(['Spring Jam']);
    connection.prepare(insert).run(['Summer Jam']);
    const select = 'select name from jam where id >= ? order by id';
    expect(connection.prepare(select).raw(true).all([1])).toEqual([['Spring Jam'], ['Summer Jam']]);
    expect(connection.prepare(select).raw(true).all([2])).toEqual([['Summer Jam']]);
    expect(prepared).toEqual([insert, select]);

    const other = new (Object.getPrototypeOf(connection).constructor as typeof Database)(':memory:');
    other.prepare('select 1').all([]);
    connection.prepare('select 1').all([]);
    expect(prepared.filter((sql) => sql === 'select 1')).toHaveLength(2);
  });

  it(`keeps at most ${STATEMENTS_PER_CONNECTION} statements per connection, dropping the least recently used`, () => {
    const { connection, prepared } = countingConnection();
    const first = 'select 0 as n';
    connection.prepare(first).all([]);
    for (let i = 1; i <= STATEMENTS_PER_CONNECTION; i++) {
      connection.prepare(`select ${i} as n`).all([]);
      if (i === STATEMENTS_PER_CONNECTION - 1) connection.prepare(first).all([]); // used again: kept
    }
    connection.prepare(first).all([]);
    connection.prepare('select 1 as n').all([]); // the least recently used when the cache overflowed
    expect(prepared.filter((sql) => sql === first)).toHaveLength(1);
    expect(prepared.filter((sql) => sql === 'select 1 as n')).toHaveLength(2);
  });

  it('forgets a connection’s statements when its schema changes, so `select *` shows a new column', () => {
    const { connection, prepared } = countingConnection();
    connection.exec('create table entry (id integer primary key, title text)');
    connection.prepare('insert into entry (title) values (?)').run(['Maze']);
    const star = 'select * from entry';
    expect(
      connection
        .prepare(star)
        .raw(true)
        .columns()
        .map((column) => column.name),
    ).toEqual(['id', 'title']);
    connection.prepare('alter table entry add column notes text').run([]);
    const again = connection.prepare(star).raw(true);
    expect(again.columns().map((column) => column.name)).toEqual(['id', 'title', 'notes']);
    expect(again.all([])).toEqual([[1, 'Maze', null]]);
    expect(prepared.filter((sql) => sql === star)).toHaveLength(2);
  });

  it('asks libsql for raw mode and safe integers only when a kept statement’s mode changes, and keeps a write’s refusal of raw mode', () => {
    const { connection } = countingConnection();
    connection.exec('create table jam (id integer primary key, name text)');
    const statementPrototype = Object.getPrototypeOf(connection.prepare('select 1')) as {
      raw: (on?: boolean) => unknown;
      safeIntegers: (on?: boolean) => unknown;
    };
    const { raw, safeIntegers } = statementPrototype;
    const asked = { raw: 0, safeIntegers: 0 };
    statementPrototype.raw = function countedRaw(this: unknown, on?: boolean) {
      asked.raw += 1;
      return raw.call(this, on);
    };
    statementPrototype.safeIntegers = function countedSafeIntegers(this: unknown, on?: boolean) {
      asked.safeIntegers += 1;
      return safeIntegers.call(this, on);
    };
    try {
      const read = 'select name from jam where id = ?';
      const write = 'insert into jam (name) values (?)';
      const refusals: string[] = [];
      for (const name of ['Spring Jam', 'Summer Jam', 'Autumn Jam']) {
        const insert = connection.prepare(write).safeIntegers(true);
        try {
          insert.raw(true);
        } catch (error) {
          refusals.push((error as Error).message);
        }
        insert.run([name]);
        expect(connection.prepare(read).safeIntegers(true).raw(true).all([1])).toEqual([['Spring Jam']]);
      }
      expect(refusals).toHaveLength(3);
      expect(new Set(refusals).size).toBe(1);
      expect(asked).toEqual({ raw: 2, safeIntegers: 2 });
      expect(connection.prepare(read).raw(false).all([2])).toEqual([{ name: 'Summer Jam' }]);
      expect(asked.raw).toBe(3);
    } finally {
      Object.assign(statementPrototype, { raw, safeIntegers });
    }
  });

  it('answers through @libsql/client and drizzle as before: rows, schema changes and rolled-back transactions', async () => {
    const database = await openDatabase(`file:${join(folder, 'client.db')}`);
    const client = database.$client;
    await client.execute('create table vote (id integer primary key, entry integer not null)');
    for (const entry of [7, 7, 9]) await client.execute({ sql: 'insert into vote (entry) values (?)', args: [entry] });
    const count = { sql: 'select count(*) as n from vote where entry = ?', args: [7] };
    expect((await client.execute(count)).rows[0]).toMatchObject({ n: 2 });
    expect((await client.execute({ ...count, args: [9] })).rows[0]).toMatchObject({ n: 1 });

    const transaction = await client.transaction('write');
    await transaction.execute({ sql: 'insert into vote (entry) values (?)', args: [9] });
    await transaction.rollback();
    expect((await client.execute({ ...count, args: [9] })).rows[0]).toMatchObject({ n: 1 });

    await client.execute('alter table vote add column voter text');
    await client.execute({ sql: 'update vote set voter = ? where entry = ?', args: ['griffpatch', 9] });
    const rows = (await client.execute('select * from vote order by id')).rows;
    expect(rows.map((row) => ({ ...row }))).toEqual([
      { id: 1, entry: 7, voter: null },
      { id: 2, entry: 7, voter: null },
      { id: 3, entry: 9, voter: 'griffpatch' },
    ]);
    client.close();
  });
});
