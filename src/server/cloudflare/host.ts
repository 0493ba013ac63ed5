/**
 * The Cloudflare host: what a Worker installs into the core before it answers. Its configuration is
 * the Worker's environment (wrangler `vars` and secrets, the same names as the README's table), its
 * database a libSQL server over HTTP, its page store the platform's cache, its rate limits the
 * platform's Rate Limiting bindings where configured. An invalid setting answers
 * every request with the one line that names it, as the Node server stops with it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { databaseRateLimits } from '#server/http/rate-limit';
import { ConfigError, config } from '#server/platform/config';
import { connectDatabase, isFileUrl } from '#server/platform/db';
import { type RequestScope, type RequestState, installHost } from '#server/platform/host';
import { edgePageStore } from './edge-page-store';
import { edgeRateLimits } from './edge-rate-limits';
import { isR2Bucket, r2FileStore } from './r2-file-store';

// Workers' CacheStorage has a `default` cache (not in the DOM's types).
const pageStore = edgePageStore(() => (caches as unknown as { default: Cache }).default);
let installedFrom: object | undefined;
let problem: string | null = null;

/** The Worker's text bindings, as the core's environment. */
const textBindings = (env: object) =>
  Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));

function check(): string | null {
  try {
    const settings = config();
    if (isFileUrl(settings.DATABASE_URL)) {
      return `Invalid configuration: DATABASE_URL must be a libsql://, https:// or http:// URL on Cloudflare Workers; a file: database needs the Node server (got ${JSON.stringify(settings.DATABASE_URL)})`;
    }
    return null;
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
}

/** Installs the host for this environment (once per isolate and env); the configuration problem, if any. */
export function installWorkerHost(env: object, requestScope?: RequestScope): string | null {
  if (installedFrom === env) return problem;
  installedFrom = env;
  installHost({ environment: textBindings(env), requestScope });
  problem = check();
  if (problem) console.error(problem);
  else {
    const { DATABASE_URL, DATABASE_AUTH_TOKEN, ITINERARY_PAGE_CACHE } = config();
    installHost({
      // No queue in the client: @libsql/client queues statements past 20 at once in one queue for the
      // whole isolate, so a statement of one request was started and settled from another's, which
      // workerd refuses (the request hangs). Each request's statements run in its own context.
      database: connectDatabase(DATABASE_URL, DATABASE_AUTH_TOKEN, { concurrency: Infinity }),
      pageStore: ITINERARY_PAGE_CACHE === 'on' ? pageStore : undefined,
      rateLimits: edgeRateLimits(env, databaseRateLimits()),
      // Uploaded files (ADR 050): the R2 bucket of wrangler.jsonc; without the binding, the database keeps them.
      files: 'JAM_FILES' in env && isR2Bucket(env.JAM_FILES) ? r2FileStore(env.JAM_FILES) : undefined,
      // A request's Idempotency-Key and deadline reach its database calls (ADR 047; nodejs_compat lends it).
      requestContext: new AsyncLocalStorage<RequestState>(),
    });
  }
  return problem;
}
