import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_RATE_LIMIT } from '../../src/server/login';
import { type Environment, startEnvironment } from '../helpers/environment';

let env: Environment;

beforeAll(async () => {
  env = await startEnvironment();
});
afterAll(() => env?.close());

async function exhaust(path: string) {
  for (let i = 0; i < LOGIN_RATE_LIMIT.capacity; i++) {
    expect((await env.request(path)).status).toBe(302);
  }
  return env.request(path);
}

describe('rate limits per IP', () => {
  it.each(['/api/auth/login', '/api/auth/callback?privateCode=x'])(
    'answers %s with 429, Retry-After and the error shape once the bucket is empty',
    async (path) => {
      const refused = await exhaust(path);
      expect(refused.status).toBe(429);
      const wait = Number(refused.headers.get('retry-after'));
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(Math.ceil(LOGIN_RATE_LIMIT.perMs / LOGIN_RATE_LIMIT.capacity / 1000));
      expect(refused.body).toEqual({
        error: {
          status: 429,
          code: 'rate_limited',
          message: `Too many login attempts. Please wait ${wait} seconds and try again.`,
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
