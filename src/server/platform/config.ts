import { z } from 'zod';
import {
  DEFAULT_ORIGINAL_FRONTEND_SOURCE_URL,
  DEFAULT_ORIGINAL_SERVER_SOURCE_URL,
  DEFAULT_SOURCE_CODE_URL,
} from '#lib/site-links';
import { USERNAME_PATTERN } from '#lib/schemas/common';
import { host } from './host';

const emptyAsUnset = (value: unknown) => (value === '' ? undefined : value);
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

const configSchema = z
  .object({
    NODE_ENV: z.string().default('development'),
    HOST: z.string().min(1).default('localhost'),
    PORT: z.coerce
      .number({ error: 'must be a port number' })
      .int('must be a whole number')
      .min(0, 'must be 0..65535')
      .max(65535, 'must be 0..65535')
      .default(4321),
    PUBLIC_SITE_URL: httpUrl.default('http://localhost:4321').transform(withoutTrailingSlash),
    DATABASE_URL: z
      .string()
      .regex(/^(file:|libsql:\/\/|https?:\/\/|wss?:\/\/)/, {
        error: 'must start with file:, libsql://, http(s):// or ws(s)://',
      })
      .default('file:./data/itinerary.db'),
    DATABASE_AUTH_TOKEN: z.string().optional(),
    /** A `file:` path where each Node server keeps an embedded replica of the remote DATABASE_URL (reads local, writes to it). */
    DATABASE_REPLICA: z
      .string()
      .regex(/^file:/, { error: 'must be a file: path (the embedded replica of the remote DATABASE_URL)' })
      .refine((url) => !/^file:(:memory:)?$/.test(url), { error: 'must name a file (an embedded replica cannot be in memory)' })
      .optional(),
    /** Seconds between two syncs of the embedded replica: how stale one server may be after a write through another. */
    DATABASE_SYNC_INTERVAL: z.coerce
      .number({ error: 'must be a number of seconds' })
      .min(0.5, 'must be at least 0.5 seconds')
      .max(3600, 'must be at most 3600 seconds')
      .default(1),
    /**
     * How long a call to a libSQL server may go unanswered, in ms (ADR 047): past it a write answers
     * 503 with Retry-After (safe to retry: PUT/DELETE by nature, POST with its Idempotency-Key).
     */
    ITINERARY_DB_DEADLINE_MS: z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(500, 'must be at least 500 ms')
      .max(60_000, 'must be at most 60000 ms')
      .default(4000),
    SCRATCH_AUTH_URL: httpUrl.default('https://auth.itinerary.eu.org').transform(withoutTrailingSlash),
    SCRATCH_API_URL: httpUrl.default('https://api.scratch.mit.edu').transform(withoutTrailingSlash),
    CONTRIBUTORS_URL: httpUrl.default('https://api.github.com/repos/itinerary-jams/itinerary/contributors'),
    /** Linked from the footer, About, Terms and Developers; new issues go to `{SOURCE_CODE_URL}/issues/new`. */
    SOURCE_CODE_URL: httpUrl.default(DEFAULT_SOURCE_CODE_URL).transform(withoutTrailingSlash),
    /** The earlier tool's two repositories, linked from the footer. */
    ORIGINAL_FRONTEND_SOURCE_URL: httpUrl.default(DEFAULT_ORIGINAL_FRONTEND_SOURCE_URL).transform(withoutTrailingSlash),
    ORIGINAL_SERVER_SOURCE_URL: httpUrl.default(DEFAULT_ORIGINAL_SERVER_SOURCE_URL).transform(withoutTrailingSlash),
    /** The external feedback page (navigation and footer); unset: `{SOURCE_CODE_URL}/discussions`. */
    FEEDBACK_URL: httpUrl.optional(),
    ITINERARY_ADMINS: z
      .string()
      .default('')
      .transform((list) =>
        list
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().regex(USERNAME_PATTERN, 'must be comma-separated Scratch usernames'))),
    /**
     * Hosts (comma-separated; each covers its subdomains) whose http(s) links anyone's jam page text
     * may make live, beside scratch.mit.edu (issue 53 §5); administrators' own text links anywhere.
     */
    ITINERARY_LINK_HOSTS: z
      .string()
      .default('')
      .transform((list) =>
        list
          .split(',')
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z
            .string()
            .regex(
              /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
              'must be comma-separated host names (example.org)',
            ),
        ),
      ),
    ITINERARY_DEV_LOGIN: z
      .enum(['0', '1', 'true', 'false'], { error: 'must be 1 or 0' })
      .default('0')
      .transform((flag) => flag === '1' || flag === 'true'),
    /** `off` disables the in-process page cache (benchmarks compare both). */
    ITINERARY_PAGE_CACHE: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
    /** Upper bound, in seconds, on how long a cached page lives; also the staleness bound between app servers. */
    ITINERARY_PAGE_CACHE_TTL: z.coerce
      .number({ error: 'must be a number of seconds' })
      .int('must be a whole number of seconds')
      .min(1, 'must be at least 1 second')
      .max(86_400, 'must be at most 86400 seconds')
      .default(30),
    /**
     * Seconds: a cached page whose counts changed is rendered again at most once per interval (the
     * previous page answers meanwhile), so its counts lag the writes by at most twice this (ADR 045).
     */
    ITINERARY_PAGE_REFRESH_INTERVAL: z.coerce
      .number({ error: 'must be a number of seconds' })
      .min(0.1, 'must be at least 0.1 seconds')
      .max(60, 'must be at most 60 seconds')
      .default(1),
    /** Server processes `npm start` runs on this machine (node:cluster, one port): a number, or `auto` for one per core (ADR 045). */
    ITINERARY_PROCESSES: z
      .union([z.literal('auto'), z.coerce.number().int().min(1).max(256)], {
        error: 'must be auto or a whole number from 1 to 256',
      })
      .default('auto'),
    /** Benches only: a folder where each server process writes where its time went when it exits (ADR 045). */
    ITINERARY_LOAD_REPORT: z.string().optional(),
    /** Live streams (ADR 044) one Node server holds open at most; past it, 503 with Retry-After. */
    ITINERARY_LIVE_STREAMS: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be at least 0')
      .max(100_000, 'must be at most 100000')
      .default(5000),
    /**
     * ADR 050: the folder where the Node server keeps uploaded files (jam versions); unset: `files/`
     * beside an embedded database file, `./data/files` with a remote database.
     */
    ITINERARY_FILES_DIR: z.preprocess(emptyAsUnset, z.string().min(1).optional()),
  })
  .superRefine((config, ctx) => {
    if (config.DATABASE_REPLICA && config.DATABASE_URL.startsWith('file:')) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_REPLICA'],
        message: `needs a remote DATABASE_URL (libsql://, http(s):// or ws(s)://) to replicate, not the embedded ${config.DATABASE_URL}`,
      });
    }
    if (config.ITINERARY_DEV_LOGIN && config.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['ITINERARY_DEV_LOGIN'],
        message: 'must not be enabled when NODE_ENV=production',
      });
    }
  });

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the environment once; a bad value throws one line that names the variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const cleaned = Object.fromEntries(Object.entries(env).map(([key, value]) => [key, emptyAsUnset(value)]));
  const result = configSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const variable = String(issue.path[0] ?? 'environment');
  const got = env[variable];
  const shown = got === undefined ? '' : ` (got ${JSON.stringify(got.length > 60 ? got.slice(0, 60) + '…' : got)})`;
  throw new ConfigError(`Invalid configuration: ${variable} ${issue.message}${shown}`);
}

let cached: { source: object; config: Config } | undefined;

/** The host's environment (a Worker's bindings) or `process.env`, parsed once per source. */
export function config(): Config {
  const source =
    host().environment ?? (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};
  if (cached?.source !== source) cached = { source, config: parseConfig(source) };
  return cached.config;
}
