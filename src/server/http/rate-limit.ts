/**
 * In-process token buckets, one per key (an IP address, or a user id for submissions and votes):
 * `capacity` requests at once, refilled evenly over `perMs`. One process holds its own counts;
 * with several app servers each limits alone.
 */
import { AppError, errorResponse } from './errors';

export interface RateLimit {
  capacity: number;
  perMs: number;
}

export interface RateLimiter {
  /** Takes one request from the key's bucket; null when allowed, else the seconds to wait. */
  take(key: string): number | null;
}

interface Bucket {
  tokens: number;
  at: number;
}

/** Buckets that are full again carry no information; drop them once the map grows this large. */
const PRUNE_ABOVE = 10_000;

export function createRateLimiter({ capacity, perMs }: RateLimit, now: () => number = Date.now): RateLimiter {
  const buckets = new Map<string, Bucket>();
  const refillPerMs = capacity / perMs;
  const level = (bucket: Bucket, at: number) => Math.min(capacity, bucket.tokens + (at - bucket.at) * refillPerMs);

  const prune = (at: number) => {
    for (const [key, bucket] of buckets) if (level(bucket, at) >= capacity) buckets.delete(key);
  };

  return {
    take(key) {
      const at = now();
      const tokens = level(buckets.get(key) ?? { tokens: capacity, at }, at);
      if (tokens < 1) {
        buckets.set(key, { tokens, at });
        return Math.max(1, Math.ceil((1 - tokens) / refillPerMs / 1000));
      }
      buckets.set(key, { tokens: tokens - 1, at });
      if (buckets.size > PRUNE_ABOVE) prune(at);
      return null;
    },
  };
}

/** The 429 answer (JSON error shape + Retry-After) when the key has used up its bucket, else null. */
export function rateLimited(limiter: RateLimiter, key: string, what = 'login attempts'): Response | null {
  const wait = limiter.take(key);
  if (wait === null) return null;
  const error = new AppError(
    429,
    'rate_limited',
    `Too many ${what}. Please wait ${wait} ${wait === 1 ? 'second' : 'seconds'} and try again.`,
    {
      retryAfter: wait,
    },
  );
  return errorResponse(error, { 'retry-after': String(wait) });
}
