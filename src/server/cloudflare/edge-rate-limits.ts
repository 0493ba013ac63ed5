/**
 * Rate limits at the edge without a database write per request: a limiter whose Rate Limiting binding
 * wrangler.jsonc configures (`RATE_LIMIT_VOTES` for the limiter `votes`, …) is counted by Cloudflare
 * in the location that serves the request; a limiter without one keeps its count in the database.
 * A binding counts in fixed windows of 10 or 60 s, so wrangler.jsonc gives each binding its limiter's
 * own numbers (capacity per window; tests/unit/edge-rate-limits.test.ts holds them equal), and a
 * refusal's wait is the rest of the window.
 */
import type { RateLimitStore } from '#server/platform/host';

/** What the Workers runtime gives a `ratelimits` binding. */
interface RateLimitBinding {
  limit(options: { key: string }): Promise<{ success: boolean }>;
}

/** The binding's name for a limiter: `entry-checks` → `RATE_LIMIT_ENTRY_CHECKS`. */
export const bindingName = (limiter: string) => `RATE_LIMIT_${limiter.toUpperCase().replaceAll('-', '_')}`;

const isBinding = (value: unknown): value is RateLimitBinding =>
  typeof value === 'object' && value !== null && typeof (value as RateLimitBinding).limit === 'function';

/** Seconds to the end of the fixed window `perMs` long that `now` falls in (at least 1). */
export const secondsLeftInWindow = (perMs: number, now = Date.now()) => Math.max(1, Math.ceil((perMs - (now % perMs)) / 1000));

/** The Worker's store: each limiter's binding where `env` has one, else `fallback` (the database). */
export function edgeRateLimits(env: object, fallback: RateLimitStore): RateLimitStore {
  const bindings = env as Record<string, unknown>;
  return {
    async take(key, limit, limiter) {
      const binding = limiter ? bindings[bindingName(limiter)] : undefined;
      if (!isBinding(binding)) return fallback.take(key, limit, limiter);
      const { success } = await binding.limit({ key });
      return success ? null : secondsLeftInWindow(limit.perMs);
    },
  };
}
