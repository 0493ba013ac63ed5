import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Environment, startEnvironment } from '../helpers/environment';
import { RATE_LIMITS } from '#server/http/rate-limits';

let env: Environment;

beforeAll(async () => {
  env = await startEnvironment();
});
afterAll(() => env?.close());

const { capacity, perMs } = RATE_LIMITS.login;

/** Sends until refused; the bucket refills while we send, so count what got through. */
async function exhaust(path: string) {
  const started = Date.now();
  for (let allowed = 0; allowed < capacity * 2; allowed++) {
    const reply = await env.request(path);
    if (reply.status === 429) return { refused: reply, allowed, refilled: ((Date.now() - started) * capacity) / perMs };
    expect(reply.status).toBe(302);
  }
  throw new Error(`${path} was never limited`);
}

describe('rate limits per IP', () => {
  it.each(['/api/auth/login', '/api/auth/callback?privateCode=x'])(
    'answers %s with 429, Retry-After and the error shape once the bucket is empty',
    async (path) => {
      const { refused, allowed, refilled } = await exhaust(path);
      expect(allowed).toBeGreaterThanOrEqual(capacity);
      expect(allowed).toBeLessThanOrEqual(capacity + Math.ceil(refilled));
      const wait = Number(refused.headers.get('retry-after'));
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(Math.ceil(perMs / capacity / 1000));
      expect(refused.body).toEqual({
        error: {
          status: 429,
          code: 'rate_limited',
          message: `Too many login attempts. Please wait ${wait} ${wait === 1 ? 'second' : 'seconds'} and try again.`,
          retryAfter: wait,
        },
      });
    },
  );

  it('does not limit the rest of the site', async () => {
    expect((await env.request('/api/auth/me')).status).toBe(401);
    expect((await env.request('/login')).status).toBe(200);
  });
});
