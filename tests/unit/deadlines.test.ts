/**
 * Every call to a libSQL server has a deadline (ADR 047): a primary that accepts the connection and
 * never answers (SIGSTOP, a hung host) fails the call at the deadline instead of holding it, and a
 * request's calls share the request's deadline.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Client } from '@libsql/client';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseDeadlineError, timeLeft, withDeadlines, withFreshDeadline, withinDeadline } from '#server/platform/deadlines';
import { gatedWrites } from '#server/platform/load-retries';
import { type RequestState, installHost } from '#server/platform/host';
import { brokenPercentEncoding } from '#server/http/request-input';

const never = () => new Promise<never>(() => undefined);

/** A client whose every call hangs, as one talking to a frozen sqld does. */
const hanging = () => {
  let closed = 0;
  const transaction = {
    execute: never,
    batch: never,
    executeMultiple: never,
    commit: never,
    rollback: never,
    close: () => closed++,
  };
  const client = { execute: never, batch: never, transaction: () => Promise.resolve(transaction) } as unknown as Client;
  return { client, closed: () => closed };
};

afterEach(() => installHost({ requestContext: undefined }));

describe('a database call with a deadline', () => {
  it('fails with DatabaseDeadlineError at the deadline when the server never answers', async () => {
    const started = Date.now();
    await expect(withinDeadline(never(), 50)).rejects.toBeInstanceOf(DatabaseDeadlineError);
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('settles as the call does when it answers in time', async () => {
    await expect(withinDeadline(Promise.resolve(7), 1000)).resolves.toBe(7);
    await expect(withinDeadline(Promise.reject(new Error('constraint')), 1000)).rejects.toThrow('constraint');
  });

  it('bounds every statement, batch and transaction step of a client', async () => {
    const { client } = hanging();
    const bounded = withDeadlines(client, 50);
    await expect(bounded.execute('insert into jams default values')).rejects.toBeInstanceOf(DatabaseDeadlineError);
    await expect(bounded.batch(['delete from jams'], 'write')).rejects.toBeInstanceOf(DatabaseDeadlineError);
    const transaction = await bounded.transaction('write');
    await expect(transaction.execute('delete from jams')).rejects.toBeInstanceOf(DatabaseDeadlineError);
    await expect(transaction.commit()).rejects.toBeInstanceOf(DatabaseDeadlineError);
  });

  it('waits on past its deadline while the server answers other calls (busy, not frozen)', async () => {
    const client = {
      execute: (sql: string) => new Promise((resolve) => setTimeout(() => resolve(sql), sql === 'slow' ? 1500 : 5)),
      batch: never,
      transaction: never,
    } as unknown as Client;
    const bounded = withDeadlines(client, 300);
    await bounded.execute('fast');
    const slow = bounded.execute('slow');
    const busy = setInterval(() => void bounded.execute('fast'), 100);
    try {
      await expect(slow).resolves.toBe('slow');
    } finally {
      clearInterval(busy);
    }
  });

  it('counts a write’s wait for its turn: a queue behind a server that answers nothing is answered within one deadline', async () => {
    const { client } = hanging();
    const bounded = withDeadlines(gatedWrites(client, 1), 100);
    const started = Date.now();
    const settled = await Promise.all(
      [1, 2, 3].map((n) =>
        bounded.execute(`insert into jams (id) values (${n})`).then(
          () => 'written',
          (error: unknown) => [error instanceof DatabaseDeadlineError, Date.now() - started],
        ),
      ),
    );
    // The one at the server and the two waiting for their turn: each at its deadline, not one deadline per turn.
    for (const [named, ms] of settled as [boolean, number][]) {
      expect(named).toBe(true);
      expect(ms).toBeLessThan(400);
    }
  });

  it('leaves what follows a request’s write only what is left of the request’s deadline', async () => {
    const context = new AsyncLocalStorage<RequestState>();
    installHost({ requestContext: context });
    const now = Date.now();
    expect(timeLeft(5000, now)).toBe(5000);
    context.run({ deadlineAt: now + 1200 }, () => expect(timeLeft(5000, now)).toBe(1200));
    context.run({ deadlineAt: now - 10 }, () => expect(timeLeft(5000, now)).toBe(0));
  });

  it('gives a request’s later call only what is left of its deadline: a read that waited on a frozen server leaves its write none', async () => {
    const context = new AsyncLocalStorage<RequestState>();
    installHost({ requestContext: context });
    const client = withDeadlines(hanging().client, 300);
    const started = Date.now();
    await context.run({ deadlineAt: started + 300 }, async () => {
      await expect(client.execute('select 1')).rejects.toBeInstanceOf(DatabaseDeadlineError);
      await expect(client.execute('update jams set name = name')).rejects.toBeInstanceOf(DatabaseDeadlineError);
    });
    expect(Date.now() - started).toBeLessThan(450);
  });

  it('gives what a request does long after it began (a stream’s next poll) a deadline of its own', async () => {
    const context = new AsyncLocalStorage<RequestState>();
    installHost({ requestContext: context });
    const answersIn100ms = () => new Promise((resolve) => setTimeout(() => resolve('answered'), 100));
    const client = withDeadlines({ ...hanging().client, execute: answersIn100ms } as unknown as Client, 300);
    await context.run({ deadlineAt: Date.now() - 1000 }, async () => {
      await expect(client.execute('select 1')).rejects.toBeInstanceOf(DatabaseDeadlineError);
      await expect(withFreshDeadline(300, () => client.execute('select 1'))).resolves.toBe('answered');
      expect(context.getStore()?.deadlineAt).toBeLessThan(Date.now());
    });
  });
});

describe('an address with a broken percent-encoding', () => {
  it.each(['/api/jams/%E0%A4%A', '/api/jams?q=%', '/jams/x?sort=%ZZ', '/%'])('is refused with 400: %s', (path) => {
    const refusal = brokenPercentEncoding(new URL(path, 'http://localhost'));
    expect(refusal).toMatchObject({ status: 400, code: 'bad_request' });
  });

  it.each(['/api/jams?q=caf%C3%A9', '/jams/k%C3%A9k', '/api/jams?q=50%25'])('is let through when well formed: %s', (path) => {
    expect(brokenPercentEncoding(new URL(path, 'http://localhost'))).toBeNull();
  });
});
