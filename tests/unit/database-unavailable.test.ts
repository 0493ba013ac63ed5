import { createServer } from 'node:http';
import { LibsqlError, createClient } from '@libsql/client';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError, errorResponse, isDatabaseUnavailable } from '#server/platform/errors';
import { DatabaseDeadlineError } from '#server/platform/deadlines';

/** As the drivers throw them: each wrapped by drizzle, as a query meets them. */
const wrapped = (cause: Error) => new DrizzleQueryError('update "jams" set "description" = ?', ['x'], cause);
const refused = () =>
  new TypeError('fetch failed', {
    cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8080'), { code: 'ECONNREFUSED' }),
  });

afterEach(() => vi.restoreAllMocks());

describe('a database that is busy or cannot be reached', () => {
  it.each([
    ['a remote libSQL server refusing HTTP connections', wrapped(refused())],
    ['a transaction that could not begin', refused()],
    [
      'a remote libSQL server over WebSockets',
      wrapped(new LibsqlError('HRANA_WEBSOCKET_ERROR: connect ECONNREFUSED', 'HRANA_WEBSOCKET_ERROR')),
    ],
    [
      'an embedded replica forwarding a write',
      wrapped(new Error('WriteDelegation(status: Unavailable, message: "error trying to connect: tcp connect error"')),
    ],
    ['an embedded replica syncing', new Error('Replication(PrimaryHandshakeTimeout)')],
    ['the one-writer queue', wrapped(new LibsqlError('SQLITE_BUSY: no turn to write within 5000 ms', 'SQLITE_BUSY'))],
    // workerd, when sqld was killed under a request (issue 54): its I/O errors carry `remote` and `retryable`.
    [
      'a Worker whose connection to the libSQL server dropped',
      wrapped(Object.assign(new Error('Network connection lost.'), { remote: true, retryable: true })),
    ],
    ['a Worker whose fetch to the libSQL server failed', wrapped(new TypeError('fetch failed'))],
    ['a call past its deadline', wrapped(new DatabaseDeadlineError(4000))],
    [
      'an HTTP request aborted at its deadline',
      wrapped(new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
    ],
  ])('is recognised: %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('is recognised when a libSQL server refuses for load (sqld: HTTP 429 past its cap on requests at once)', async () => {
    // sqld's answer past --max-concurrent-requests, as its HTTP front end sends it.
    const server = createServer((_request, response) => {
      response.writeHead(429, { 'content-type': 'text/plain' }).end('Too many concurrent requests');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const client = createClient({ url: `http://127.0.0.1:${port}` });
    try {
      const error = await client.execute('select 1').then(
        () => null,
        (failure: unknown) => failure,
      );
      expect(error).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(wrapped(error as Error))).toBe(true);
    } finally {
      client.close();
      server.close();
    }
  });

  it.each([
    ['a constraint', wrapped(new LibsqlError('SQLITE_CONSTRAINT: UNIQUE constraint failed', 'SQLITE_CONSTRAINT'))],
    ['a bug', new TypeError('Cannot read properties of undefined')],
    ['not an error', 'ECONNREFUSED'],
  ])('is not mistaken for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('answers 503 with Retry-After and the JSON error shape, logged in one line', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const response = errorResponse(wrapped(refused()));
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toEqual({
      error: {
        status: 503,
        code: 'upstream_unavailable',
        message: 'The database is busy or unreachable right now. Please try again in a moment.',
      },
    });
    expect(errors.mock.calls).toEqual([['Database unavailable, answered 503: connect ECONNREFUSED 127.0.0.1:8080']]);
  });

  it('keeps other errors as they were', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(errorResponse(new Error('boom')).status).toBe(500);
    expect(errors).toHaveBeenCalledTimes(1);
    const limited = errorResponse(new AppError(429, 'rate_limited', 'Slow down.'), { 'retry-after': '30' });
    expect(limited.headers.get('retry-after')).toBe('30');
  });
});
