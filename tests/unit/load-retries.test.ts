/**
 * A libSQL server that refuses for room (sqld's 429 past --max-concurrent-requests) is asked again,
 * on a real sqld whose cap is set low enough for a burst to meet it.
 */
import { createClient } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '#server/platform/db';
import { gatedWrites, isRefusedForRoom, retriedWhenFull, sendUntilAdmitted } from '#server/platform/load-retries';
import { type RunningSqld, startSqld } from '../helpers/sqld';

let sqld: RunningSqld;

beforeAll(async () => {
  sqld = await startSqld({ maxConcurrentRequests: 4 });
});

afterAll(async () => {
  await sqld?.stop();
});

const burst = (count: number, insert: (value: number) => Promise<unknown>) =>
  Promise.allSettled(Array.from({ length: count }, (_, value) => insert(value)));

describe('a libSQL server that refuses for room', () => {
  it('refuses part of a burst from a client that does not ask again, and runs none of the refused statements', async () => {
    const plain = createClient({ url: sqld.url });
    try {
      await plain.execute('create table plain_burst (value integer not null)');
      const answers = await burst(200, (value) =>
        plain.execute({ sql: 'insert into plain_burst (value) values (?)', args: [value] }),
      );
      const refused = answers.filter((answer) => answer.status === 'rejected');
      expect(refused.length).toBeGreaterThan(0);
      expect(refused.every((answer) => isRefusedForRoom(answer.reason))).toBe(true);
      const { rows } = await plain.execute('select count(*) as n from plain_burst');
      expect(Number(rows[0]!.n)).toBe(200 - refused.length);
    } finally {
      plain.close();
    }
  });

  it('has every statement and batch of a burst through the site’s handle land, each exactly once', async () => {
    const database = connectDatabase(sqld.url);
    const client = database.$client;
    try {
      await client.execute('create table site_burst (value integer not null unique)');
      const answers = await burst(200, (value) =>
        value % 2 === 0
          ? client.execute({ sql: 'insert into site_burst (value) values (?)', args: [value] })
          : client.batch([{ sql: 'insert into site_burst (value) values (?)', args: [value] }, 'select 1'], 'write'),
      );
      expect(answers.filter((answer) => answer.status === 'rejected')).toEqual([]);
      const { rows } = await client.execute('select count(*) as n, count(distinct value) as distinct_values from site_burst');
      expect(rows[0]).toMatchObject({ n: 200, distinct_values: 200 });
    } finally {
      client.close();
    }
  });
});

describe('asking again', () => {
  const refusal = () => Object.assign(new Error('SERVER_ERROR: Server returned HTTP status 429'), { status: 429 });

  it('gives up after its last try and passes the refusal on', async () => {
    let tries = 0;
    const failure = await sendUntilAdmitted(
      () => {
        tries += 1;
        return Promise.reject(new Error('wrapped', { cause: refusal() }));
      },
      () => 0,
    ).catch((error: unknown) => error);
    expect(tries).toBe(7);
    expect(isRefusedForRoom(failure)).toBe(true);
  });

  it('resends a write the server could not take the lock for (nothing of it ran)', async () => {
    let tries = 0;
    const answer = await sendUntilAdmitted(
      () => {
        tries += 1;
        if (tries < 3)
          return Promise.reject(new Error('SQLITE_BUSY: SQLite error: database is locked', { cause: new Error('locked') }));
        return Promise.resolve('written');
      },
      () => 0,
    );
    expect({ answer, tries }).toEqual({ answer: 'written', tries: 3 });
  });

  it('never resends what failed for any other reason', async () => {
    let tries = 0;
    const failure = await sendUntilAdmitted(() => {
      tries += 1;
      return Promise.reject(Object.assign(new Error('SQLITE_CONSTRAINT: UNIQUE constraint failed'), { status: 400 }));
    }).catch((error: unknown) => error);
    expect(tries).toBe(1);
    expect((failure as Error).message).toMatch(/UNIQUE/);
  });
});

describe('a connection that dropped (a server that restarted)', () => {
  it('sends a read once more, and never a write (it may have run)', async () => {
    const sent: string[] = [];
    const dropping = {
      execute: (statement: string) => {
        sent.push(statement);
        return sent.length % 2 === 1
          ? Promise.reject(Object.assign(new Error('Network connection lost.'), { retryable: true }))
          : Promise.resolve({ rows: [] });
      },
      batch: () => Promise.resolve([]),
    } as unknown as Parameters<typeof retriedWhenFull>[0];
    const client = retriedWhenFull(dropping);
    await expect(client.execute('select 1')).resolves.toEqual({ rows: [] });
    await expect(client.execute('insert into things default values')).rejects.toThrow('Network connection lost');
    expect(sent).toEqual(['select 1', 'select 1', 'insert into things default values']);
  });
});

describe('writes in turn', () => {
  it('sends at most the limit of writes at once from a process, and every read at once', async () => {
    const sqldClient = createClient({ url: sqld.url });
    let inFlight = 0;
    let mostWrites = 0;
    const watched = Object.assign(Object.create(sqldClient) as typeof sqldClient, {
      execute: async (statement: Parameters<typeof sqldClient.execute>[0]) => {
        inFlight += 1;
        mostWrites = Math.max(mostWrites, inFlight);
        try {
          return await sqldClient.execute(statement);
        } finally {
          inFlight -= 1;
        }
      },
      batch: sqldClient.batch.bind(sqldClient),
    });
    const client = gatedWrites(watched, 3);
    try {
      await client.execute('create table gated (value integer not null)');
      mostWrites = 0;
      await burst(60, (value) => client.execute({ sql: 'insert into gated (value) values (?)', args: [value] }));
      expect(mostWrites).toBe(3);
      mostWrites = 0;
      await burst(30, () => client.execute('select count(*) from gated'));
      expect(mostWrites).toBeGreaterThan(3);
      const { rows } = await client.execute('select count(*) as n from gated');
      expect(Number(rows[0]!.n)).toBe(60);
    } finally {
      sqldClient.close();
    }
  });
});
