/**
 * The Node host's fetch for the libSQL server client (buffered-fetch.ts): what comes back is what
 * the server sent, a body streamed in pieces arrives whole, and an aborted request fails.
 */
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bufferedFetch } from '#server/node/buffered-fetch';
import { createClient } from '@libsql/client';
import { startSqld } from '../helpers/sqld';

let server: Server;
let base: string;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.url === '/stream') {
      res.writeHead(200, { 'content-type': 'text/plain', 'x-kind': 'lines' });
      for (const line of ['one\n', 'two\n', 'three\n']) {
        res.write(line);
        await pause(20);
      }
      res.end();
    } else if (req.url === '/echo') {
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ method: req.method, body: Buffer.concat(chunks).toString(), type: req.headers['content-type'] }));
    } else if (req.url === '/empty') {
      res.writeHead(204).end();
    } else if (req.url === '/never') {
      // Answers nothing: the caller's signal must end the wait.
    } else {
      res.writeHead(404).end('nothing here');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('the buffered fetch', () => {
  it('answers with the status, headers and the whole body a server streamed in pieces', async () => {
    const response = await bufferedFetch(`${base}/stream`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-kind')).toBe('lines');
    expect(await response.text()).toBe('one\ntwo\nthree\n');
  });

  it('sends the method, headers and body of a Request', async () => {
    const response = await bufferedFetch(
      new Request(`${base}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' }),
    );
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ method: 'POST', body: '{"a":1}', type: 'application/json' });
  });

  it('answers a refusal and an empty answer as they came', async () => {
    const missing = await bufferedFetch(`${base}/missing`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('nothing here');
    const empty = await bufferedFetch(`${base}/empty`);
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
  });

  it('fails when the request is aborted, and when nothing listens', async () => {
    await expect(bufferedFetch(`${base}/never`, { signal: AbortSignal.timeout(100) })).rejects.toThrow();
    await expect(bufferedFetch('http://127.0.0.1:9/')).rejects.toThrow();
  });

  it('carries a libSQL client to a real sqld: statements, batches and their failures', async () => {
    const sqld = await startSqld();
    const client = createClient({ url: sqld.url, fetch: bufferedFetch });
    try {
      await client.execute('create table notes (id integer primary key, text text not null unique)');
      const results = await client.batch(
        [
          { sql: 'insert into notes (text) values (?)', args: ['first'] },
          { sql: 'insert into notes (text) values (?)', args: ['second'] },
          'select count(*) as n from notes',
        ],
        'write',
      );
      expect(results[2]!.rows[0]!.n).toBe(2);
      await expect(client.execute({ sql: 'insert into notes (text) values (?)', args: ['first'] })).rejects.toThrow(/UNIQUE/);
    } finally {
      client.close();
      await sqld.stop();
    }
  });
});
