/**
 * Group commit (ADR 052) on a real sqld: writes that wait for a turn share one batch and one commit,
 * each answered with its own results; a statement's failure is only its own write's.
 */
import { type Client, type InStatement, LibsqlBatchError, LibsqlError, type ResultSet, createClient } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupedWrites } from '#server/platform/group-commit';
import { type RunningSqld, startSqld } from '../helpers/sqld';

let sqld: RunningSqld;
let plain: Client;

beforeAll(async () => {
  sqld = await startSqld();
  plain = createClient({ url: sqld.url });
});

afterAll(async () => {
  plain?.close();
  await sqld?.stop();
});

/** A client over sqld that records the size of every batch it sends and how many statements go alone. */
function watchedClient() {
  const sent = { batches: [] as number[], alone: 0 };
  const client = createClient({ url: sqld.url });
  const execute = client.execute.bind(client) as (statement: InStatement) => Promise<ResultSet>;
  const batch = client.batch.bind(client);
  Object.assign(client, {
    execute: (statement: InStatement) => {
      sent.alone += 1;
      return execute(statement);
    },
    batch: (statements: InStatement[], mode?: 'write' | 'read' | 'deferred') => {
      sent.batches.push(statements.length);
      return batch(statements, mode);
    },
  });
  return { client, sent };
}

describe('writes waiting for a turn', () => {
  it('go to the server together, and each is answered with its own statements’ results', async () => {
    await plain.execute('create table grouped (id integer primary key, value integer not null unique)');
    const { client, sent } = watchedClient();
    const grouped = groupedWrites(client, 1);
    try {
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, value) =>
          value % 2 === 0
            ? grouped.execute({ sql: 'insert into grouped (value) values (?)', args: [value] })
            : grouped.batch(
                [
                  { sql: 'insert into grouped (value) values (?) returning value', args: [value] },
                  { sql: 'select count(*) as n from grouped where value = ?', args: [value] },
                ],
                'write',
              ),
        ),
      );
      answers.forEach((answer, value) => {
        if (value % 2 === 0) expect((answer as ResultSet).rowsAffected).toBe(1);
        else {
          const [inserted, counted] = answer as ResultSet[];
          expect(inserted!.rows).toEqual([expect.objectContaining({ value })]);
          expect(counted!.rows[0]).toMatchObject({ n: 1 });
        }
      });
      // The first went alone; the 59 that waited for it went out in far fewer batches.
      expect(sent.alone).toBe(1);
      expect(sent.batches.length).toBeLessThan(10);
      expect(sent.batches.reduce((sum, size) => sum + size, 0)).toBe(30 * 2 + 29);
      const { rows } = await plain.execute('select count(*) as n, count(distinct value) as d from grouped');
      expect(rows[0]).toMatchObject({ n: 60, d: 60 });
    } finally {
      client.close();
    }
  });

  it('answer a write whose statement fails with its own error once the rest of its group committed without it, and land each of those once', async () => {
    await plain.execute('create table refused_one (value integer not null unique)');
    await plain.execute('insert into refused_one (value) values (7)');
    const { client, sent } = watchedClient();
    const grouped = groupedWrites(client, 1);
    try {
      const answers = await Promise.allSettled(
        Array.from({ length: 20 }, (_, value) =>
          grouped.batch([{ sql: 'insert into refused_one (value) values (?)', args: [value] }], 'write'),
        ),
      );
      const refused = answers.flatMap((answer, value) =>
        answer.status === 'rejected' ? [{ value, reason: answer.reason }] : [],
      );
      expect(refused.map(({ value }) => value)).toEqual([7]);
      expect(refused[0]!.reason).toBeInstanceOf(LibsqlError);
      expect((refused[0]!.reason as LibsqlError).code).toBe('SQLITE_CONSTRAINT');
      expect((refused[0]!.reason as LibsqlBatchError).statementIndex).toBe(0);
      // The first went alone; the group of the other 19 rolled back at 7, and the other 18 went again together.
      expect(sent.batches).toEqual([1, 19, 18]);
      const { rows } = await plain.execute('select count(*) as n from refused_one');
      expect(Number(rows[0]!.n)).toBe(20);
    } finally {
      client.close();
    }
  });

  it('share a failure of the server, and are not sent again (the group may have committed)', async () => {
    let batches = 0;
    let release!: () => void;
    const first = new Promise<void>((resolve) => (release = resolve));
    const failing = {
      execute: async () => {
        await first;
        return { rows: [], rowsAffected: 1 } as unknown as ResultSet;
      },
      batch: async () => {
        batches += 1;
        throw new Error('fetch failed');
      },
      close: () => undefined,
    } as unknown as Client;
    const grouped = groupedWrites(failing, 1);
    const alone = grouped.execute({ sql: 'insert into t values (0)', args: [] });
    const waiting = [1, 2, 3].map((value) => grouped.execute({ sql: 'insert into t values (?)', args: [value] }));
    release();
    await expect(alone).resolves.toMatchObject({ rowsAffected: 1 });
    for (const answer of await Promise.allSettled(waiting)) {
      expect(answer).toMatchObject({ status: 'rejected', reason: { message: 'fetch failed' } });
    }
    expect(batches).toBe(1);
  });

  it('let reads go straight on while writes wait', async () => {
    let writing!: () => void;
    const stuck = new Promise<void>((resolve) => (writing = resolve));
    const reads: string[] = [];
    const slow = {
      execute: async (statement: InStatement) => {
        const sql = typeof statement === 'string' ? statement : statement.sql;
        if (sql.startsWith('select')) reads.push(sql);
        else await stuck;
        return { rows: [], rowsAffected: 0 } as unknown as ResultSet;
      },
      batch: async () => [],
      close: () => undefined,
    } as unknown as Client;
    const grouped = groupedWrites(slow, 1);
    const write = grouped.execute('insert into t values (1)');
    await grouped.execute('select 1');
    await grouped.batch(['select 2'], 'read');
    expect(reads).toEqual(['select 1']);
    writing();
    await write;
  });
});
