import { describe, expect, it } from 'vitest';
import { type RateLimit, memoryRateLimits, rateLimited } from '#server/http/rate-limit';

/** A limiter over counts kept in this process, on a clock the test moves. */
const createRateLimiter = (limit: RateLimit, now: () => number) => {
  const store = memoryRateLimits(now);
  return { take: (key: string) => store.take(key, limit) };
};

const clock = (start = 0) => {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
};

describe('token bucket rate limiter (counts in the process)', () => {
  it('allows a burst of `capacity` requests, then asks to wait', async () => {
    const time = clock();
    const limiter = createRateLimiter({ capacity: 3, perMs: 3000 }, time.now);
    expect([await limiter.take('a'), await limiter.take('a'), await limiter.take('a')]).toEqual([null, null, null]);
    expect(await limiter.take('a')).toBe(1);
  });

  it('refills evenly over the period', async () => {
    const time = clock();
    const limiter = createRateLimiter({ capacity: 2, perMs: 60_000 }, time.now);
    await limiter.take('a');
    await limiter.take('a');
    expect(await limiter.take('a')).toBe(30);
    time.advance(29_000);
    expect(await limiter.take('a')).toBe(1);
    time.advance(1_000);
    expect(await limiter.take('a')).toBeNull();
  });

  it('counts each key on its own', async () => {
    const limiter = createRateLimiter({ capacity: 1, perMs: 1000 }, clock().now);
    expect(await limiter.take('a')).toBeNull();
    expect(await limiter.take('b')).toBeNull();
    expect(await limiter.take('a')).not.toBeNull();
  });

  it('answers 429 with Retry-After and the JSON error shape', async () => {
    const limiter = createRateLimiter({ capacity: 1, perMs: 5000 }, clock().now);
    expect(await rateLimited(limiter, 'ip')).toBeNull();
    const response = (await rateLimited(limiter, 'ip'))!;
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('5');
    expect((await response.json()).error).toEqual({
      status: 429,
      code: 'rate_limited',
      message: 'Too many login attempts. Please wait 5 seconds and try again.',
      retryAfter: 5,
    });
  });
});
