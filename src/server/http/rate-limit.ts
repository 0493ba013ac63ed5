/**
 * Token buckets, one per key (an IP address, or a user id for submissions and votes): `capacity`
 * requests at once, refilled evenly over `perMs`. Where the counts live is the host's choice: the
 * Node server keeps them in its process (memoryRateLimits; with several servers each limits alone);
 * a Worker asks Cloudflare's Rate Limiting bindings where wrangler.jsonc configures them
 * (src/server/cloudflare/edge-rate-limits.ts); any other host keeps them in the database
 * (databaseRateLimits), one atomic statement per request, so they hold across a Worker's isolates.
 */
import { sql } from 'drizzle-orm';
import { rateLimitBuckets } from '#db/schema';
import { db } from '#server/platform/db';
import { type RateLimitStore, host } from '#server/platform/host';
import { AppError, errorResponse } from '#server/platform/errors';

export interface RateLimit {
  capacity: number;
  perMs: number;
}

export interface RateLimiter {
  /** Takes one request from the key's bucket; null when allowed, else the seconds to wait. */
  take(key: string): Promise<number | null>;
}

const secondsToWait = (tokens: number, { capacity, perMs }: RateLimit) =>
  Math.max(1, Math.ceil(((1 - tokens) * perMs) / capacity / 1000));

interface Bucket {
  tokens: number;
  at: number;
}

/** Buckets that are full again carry no information; drop them once the map grows this large. */
const PRUNE_ABOVE = 10_000;

/** Counts kept in this process. */
export function memoryRateLimits(now: () => number = Date.now): RateLimitStore {
  const buckets = new Map<string, Bucket & RateLimit>();
  const level = (bucket: Bucket & RateLimit, at: number) =>
    Math.min(bucket.capacity, bucket.tokens + ((at - bucket.at) * bucket.capacity) / bucket.perMs);

  const prune = (at: number) => {
    for (const [key, bucket] of buckets) if (level(bucket, at) >= bucket.capacity) buckets.delete(key);
  };

  return {
    async take(key, limit) {
      const at = now();
      const tokens = level(buckets.get(key) ?? { ...limit, tokens: limit.capacity, at }, at);
      if (tokens < 1) {
        buckets.set(key, { ...limit, tokens, at });
        return secondsToWait(tokens, limit);
      }
      buckets.set(key, { ...limit, tokens: tokens - 1, at });
      if (buckets.size > PRUNE_ABOVE) prune(at);
      return null;
    },
  };
}

/**
 * Counts kept in the database: one upsert refills the bucket, takes a token if there is one and
 * says whether it did (SQLite computes every SET from the row as it was), so two requests at once
 * can never both take the last token.
 */
export function databaseRateLimits(now: () => number = Date.now): RateLimitStore {
  return {
    async take(key, limit) {
      const at = now();
      const rate = limit.capacity / limit.perMs;
      const level = sql`min(${limit.capacity}, ${rateLimitBuckets.tokens} + (${at} - ${rateLimitBuckets.at}) * ${rate})`;
      const [row] = await db()
        .insert(rateLimitBuckets)
        .values({ key, tokens: limit.capacity - 1, at, allowed: true })
        .onConflictDoUpdate({
          target: rateLimitBuckets.key,
          set: {
            allowed: sql`${level} >= 1`,
            tokens: sql`case when ${level} >= 1 then ${level} - 1 else ${level} end`,
            at: sql`${at}`,
          },
        })
        .returning({ tokens: rateLimitBuckets.tokens, allowed: rateLimitBuckets.allowed });
      return row!.allowed ? null : secondsToWait(row!.tokens, limit);
    },
  };
}

/** A bucket untouched for a day is full again under every limit we set (the longest refills in an hour). */
export const RATE_LIMIT_KEPT_MS = 86_400_000;

/** Drops the buckets that are full again (run by the expired-data sweep). */
export async function pruneRateLimits(now = Date.now()): Promise<void> {
  await db()
    .delete(rateLimitBuckets)
    .where(sql`${rateLimitBuckets.at} < ${now - RATE_LIMIT_KEPT_MS}`);
}

let fallback: RateLimitStore | undefined;
const store = () => host().rateLimits ?? (fallback ??= databaseRateLimits());

const limits = new Map<string, RateLimit>();

/** Every named limiter created so far, with its limit (the Worker's bindings must match them). */
export const namedRateLimits = (): ReadonlyMap<string, RateLimit> => limits;

/** A named limiter: its buckets are `{name}:{key}` in whichever store the host chose. */
export function createRateLimiter(name: string, limit: RateLimit): RateLimiter {
  limits.set(name, limit);
  return { take: (key) => store().take(`${name}:${key}`, limit, name) };
}

/** The 429 answer (JSON error shape + Retry-After) when the key has used up its bucket, else null. */
export async function rateLimited(limiter: RateLimiter, key: string, what = 'login attempts'): Promise<Response | null> {
  const wait = await limiter.take(key);
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
