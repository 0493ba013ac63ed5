/**
 * Reads that start in the same turn travel to a remote database together (ADR 033), on a real
 * libSQL server behind the counting proxy.
 */
import { createClient } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installHost } from '#server/platform/host';
import { batchedReads } from '#server/platform/read-batches';
import { type RoundTripProxy, startRoundTripProxy } from '../helpers/round-trip-proxy';
import { type RunningSqld, startSqld } from '../helpers/sqld';

let sqld: RunningSqld;
let proxy: RoundTripProxy;
let client: ReturnType<typeof createClient>;

beforeAll(async () => {
  sqld = await startSqld();
  proxy = await startRoundTripProxy(sqld.url);
  client = batchedReads(createClient({ url: proxy.url }));
  await client.execute('create table things (id integer primary key, name text)');
  await client.execute("insert into things (name) values ('kite'), ('yoyo'), ('marble')");
});

afterAll(async () => {
  installHost({ requestScope: undefined });
  client?.close();
  await proxy?.close();
  await sqld?.stop();
});

const names = (result: { rows: unknown[] }) => result.rows.map((row) => (row as { name: string }).name);

describe('batched reads', () => {
  it('sends reads started side by side as one round trip, each with its own answer', async () => {
    proxy.reset();
    const [first, second, third] = await Promise.all([
      client.execute({ sql: 'select name from things where id = ?', args: [1] }),
      client.execute({ sql: 'select name from things where id = ?', args: [2] }),
      client.execute('select count(*) as n from things'),
    ]);
    expect(names(first)).toEqual(['kite']);
    expect(names(second)).toEqual(['yoyo']);
    expect(Number(third.rows[0]!.n)).toBe(3);
    expect(proxy.count()).toBe(1);
  });

  it('joins a read started after an await in the same turn', async () => {
    proxy.reset();
    const later = async () => {
      await Promise.resolve();
      return client.execute('select name from things where id = 3');
    };
    const [early, late] = await Promise.all([client.execute('select name from things where id = 1'), later()]);
    expect([...names(early), ...names(late)]).toEqual(['kite', 'marble']);
    expect(proxy.count()).toBe(1);
  });

  it('gives a failing read its own error and the others their answers', async () => {
    const answers = await Promise.allSettled([
      client.execute('select name from things where id = 2'),
      client.execute('select nonsense from nowhere'),
    ]);
    expect(answers[0]).toMatchObject({ status: 'fulfilled' });
    expect(names((answers[0] as PromiseFulfilledResult<{ rows: unknown[] }>).value)).toEqual(['yoyo']);
    expect(answers[1]).toMatchObject({ status: 'rejected' });
    expect(String((answers[1] as PromiseRejectedResult).reason)).toMatch(/no such table: nowhere/);
  });

  it('sends a write at once, on its own', async () => {
    proxy.reset();
    await Promise.all([
      client.execute("insert into things (name) values ('top')"),
      client.execute('select count(*) as n from things'),
    ]);
    expect(proxy.count()).toBe(2);
    await client.execute("delete from things where name = 'top'");
  });

  it("keeps each request's reads apart where the host has a request scope, and sends a read outside any alone", async () => {
    let current: object | undefined;
    installHost({ requestScope: { current: () => current } });
    try {
      proxy.reset();
      const inScope = (scope: object | undefined, id: number) => {
        current = scope;
        return client.execute({ sql: 'select name from things where id = ?', args: [id] });
      };
      const one = {};
      const two = {};
      const answers = await Promise.all([inScope(one, 1), inScope(two, 2), inScope(one, 3), inScope(undefined, 1)]);
      expect(answers.flatMap(names)).toEqual(['kite', 'yoyo', 'marble', 'kite']);
      expect(proxy.count()).toBe(3); // request one's two reads, request two's, and the one outside
    } finally {
      installHost({ requestScope: undefined });
    }
  });
});
