/**
 * Every rate limit of the site in one table (issue 55 §5): each row is a bucket of its own, per user
 * (after the access guard) or per client address, with its numbers and the word its 429 counts
 * ("Too many notes. Please wait …"). An endpoint names its row (`rateLimit: rateLimitOf('notes')`);
 * no endpoint borrows another's bucket, so voting never uses up someone's notes, kudos, reports or
 * theme answers. The Worker's Rate Limiting bindings in wrangler.jsonc carry the same numbers
 * (tests/unit/edge-rate-limits.test.ts).
 */
import type { RateLimitSpec } from './endpoint-spec';
import { type RateLimit, type RateLimiter, createRateLimiter } from './rate-limit';

const MINUTE = 60_000;
const HOUR = 3_600_000;

interface RateLimitRow extends RateLimit {
  per: 'ip' | 'user';
  /** "Too many {what}" in the 429. */
  what: string;
}

export const RATE_LIMITS = {
  /** Starting a login and the provider's callback: per address, before anyone is logged in. */
  login: { capacity: 60, perMs: MINUTE, per: 'ip', what: 'login attempts' },
  'login-callback': { capacity: 60, perMs: MINUTE, per: 'ip', what: 'login attempts' },
  /** Casting and taking back upvotes: clicking passes, a script does not. */
  votes: { capacity: 60, perMs: MINUTE, per: 'user', what: 'votes' },
  /** Rating an entry's criteria (a judge or a voter). */
  ratings: { capacity: 60, perMs: MINUTE, per: 'user', what: 'ratings' },
  kudos: { capacity: 60, perMs: MINUTE, per: 'user', what: 'kudos' },
  /** Posting, deleting, hiding and reviewing notes. */
  notes: { capacity: 60, perMs: MINUTE, per: 'user', what: 'notes' },
  /** A moderator's decisions on held theme suggestions, answers and jam texts. */
  'held-text-reviews': { capacity: 60, perMs: MINUTE, per: 'user', what: 'decisions' },
  'judge-feedback': { capacity: 60, perMs: MINUTE, per: 'user', what: 'feedback changes' },
  /** Reports of jams, entries and notes together. */
  reports: { capacity: 60, perMs: MINUTE, per: 'user', what: 'reports' },
  plays: { capacity: 60, perMs: MINUTE, per: 'user', what: 'plays' },
  'theme-suggestions': { capacity: 60, perMs: MINUTE, per: 'user', what: 'suggestions' },
  'theme-answers': { capacity: 60, perMs: MINUTE, per: 'user', what: 'answers' },
  'theme-picks': { capacity: 60, perMs: MINUTE, per: 'user', what: 'votes' },
  /** Joining and leaving jams. */
  joins: { capacity: 30, perMs: MINUTE, per: 'user', what: 'joins' },
  /** A manager's "check entries now" (each asks Scratch). */
  'entry-checks': { capacity: 15, perMs: MINUTE, per: 'user', what: 'checks' },
  submissions: { capacity: 10, perMs: MINUTE, per: 'user', what: 'submissions' },
  /** Uploading an entry's jam version (an .sb3 of up to 20 MB). */
  'jam-versions': { capacity: 10, perMs: MINUTE, per: 'user', what: 'uploads' },
  'entry-answers': { capacity: 10, perMs: MINUTE, per: 'user', what: 'answer changes' },
  /** Inviting co-creators. */
  invitations: { capacity: 10, perMs: MINUTE, per: 'user', what: 'invitations' },
  'judge-invitations': { capacity: 10, perMs: MINUTE, per: 'user', what: 'invitations' },
  /** Refreshing an entry from Scratch. */
  refreshes: { capacity: 5, perMs: MINUTE, per: 'user', what: 'refreshes' },
  /** New private feed addresses. */
  'feed-tokens': { capacity: 5, perMs: MINUTE, per: 'user', what: 'new addresses' },
  /** Counted over an hour: kept in the database on every host (a binding counts 10 or 60 s). */
  'jam-requests': { capacity: 10, perMs: HOUR, per: 'user', what: 'jam requests' },
} as const satisfies Record<string, RateLimitRow>;

export type RateLimitName = keyof typeof RATE_LIMITS;

const limiters = Object.fromEntries(
  Object.entries(RATE_LIMITS).map(([name, { capacity, perMs }]) => [name, createRateLimiter(name, { capacity, perMs })]),
) as Record<RateLimitName, RateLimiter>;

/** An endpoint's `rateLimit`: the row's bucket, whom it counts, and its word for the 429. */
export function rateLimitOf(name: RateLimitName): RateLimitSpec {
  const { per, what } = RATE_LIMITS[name];
  return { limiter: limiters[name], per, what };
}
