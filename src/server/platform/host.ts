/**
 * The seam between the core (middleware, pages, endpoints, services) and the host that runs it: our
 * Node server, a Cloudflare Worker, or any other adapter's server. A host installs what only it can do
 * before it serves; the core asks here and falls back to what runs anywhere. Kept on `globalThis`, so a
 * host bundled apart from the Astro build (scripts/start.ts) and the build itself see the same services.
 */
import type { Change } from './changes';
import type { Database } from './database-handle';
import type { FileStore } from './file-store';

export interface PageStore {
  /** Answers a public page from the store, or renders it and keeps it when its policy allows. */
  serve(ctx: { request: Request; url: URL; locals: App.Locals }, render: () => Promise<Response>): Promise<Response>;
  /** Drops or marks stale the pages that show what changed. */
  invalidate(change: Change): void;
}

export interface RateLimitStore {
  /** Takes one request from the bucket `key` of the named limiter; null when allowed, else the seconds to wait. */
  take(key: string, limit: { capacity: number; perMs: number }, limiter?: string): Promise<number | null>;
}

/** Which request the running code serves, on a host that must keep requests' I/O apart (workerd). */
export interface RequestScope {
  /** A token of the current request, or undefined outside any request. */
  current(): object | undefined;
}

/** What listens to a jam's live stream (ADR 044). */
export interface LiveListener {
  /** The id of the last event it sent: the hub sends only later ones. */
  cursor: number;
  send(events: LiveEvent[]): void;
  /** A comment line, so proxies and the browser see the stream is alive. */
  heartbeat(): void;
  /** The server is shutting down: end the stream (the browser reconnects elsewhere). */
  close(): void;
}

/** An event as a stream sends it: the row of `jam_events`. */
export interface LiveEvent {
  id: number;
  jamId: number;
  kind: 'entry-added' | 'entry-withdrawn' | 'phase' | 'results';
  data: Record<string, unknown>;
}

/** A long-lived process's streams: one reader of the database for all of them (ADR 044). */
export interface LiveHub {
  /** Starts sending `jam`'s events after `listener.cursor`; null when the server has no room for another stream. */
  subscribe(
    jam: {
      id: number;
      slug: string;
      startsAt: Date;
      endsAt: Date;
      votingEndsAt: Date | null;
      results: 'automatic' | 'manual';
      resultsPublishedAt: Date | null;
    },
    listener: LiveListener,
  ): (() => void) | null;
}

/**
 * What a request carries through its awaits (an `AsyncLocalStorage` on hosts that have one): the
 * endpoint runs its handler in it, and the database wrappers read it (ADR 047).
 */
export interface RequestContext<Store = RequestState> {
  run<Result>(store: Store, work: () => Result): Result;
  getStore(): Store | undefined;
}

/** What an endpoint's handler tells the database about its request. */
export interface RequestState {
  /** An `Idempotency-Key` claim to write with the request's first write, in the same batch or transaction. */
  claim?: { sql: string; args: (string | number | null)[]; state: 'waiting' | 'sending' | 'written' };
  /** Set once a write of this request succeeded (a refusal after it is not checked again, ADR 047). */
  wrote?: boolean;
  /** When this request's database calls give up (ms since epoch, ADR 047); none: each call's own deadline. */
  deadlineAt?: number;
  /** Set once a read of this request was answered by the replica (a refusal may then be the replica's lag). */
  readReplica?: boolean;
  /** Who is asking (the browser's session token, kept in memory only): on a replica, their reads follow their writes (ADR 032). */
  reader?: string;
}

export interface HostServices {
  /** The database handle, opened once at start-up (the Node host: an embedded file with its statement cache and one writer). */
  database?: Database;
  /** The primary behind an embedded replica (none: `database` is the primary). */
  primary?: Database;
  /** With a replica: resolves once a sync begun after the call brought the primary's frames; rejects when it could not. */
  replicaSynced?: () => Promise<void>;
  /** Carries a request's state through its awaits (none: keys are claimed before the write, ADR 047). */
  requestContext?: RequestContext;
  /** Where public pages are kept (none: pages carry their Cache-Control headers only). */
  pageStore?: PageStore;
  /** Passes a change this server announced to the other servers (embedded replicas, ADR 056; none: nobody to tell). */
  shareChange?: (change: Change) => void;
  /** Where rate-limit counts are kept (none: in the database, shared by every process and isolate). */
  rateLimits?: RateLimitStore;
  /** The site's Content-Security-Policy, read from the build (none: only what a `<meta>` cannot carry). */
  contentSecurityPolicy?: string;
  /** Keeps each request's batched reads to itself (none: one group of reads for the whole process). */
  requestScope?: RequestScope;
  /** Live streams held open and fed by one poller (none: each stream polls a few times and ends, as on Workers). */
  liveHub?: LiveHub;
  /** Runs work after the earlier work of the same key in this process (none: at once; one-after-another.ts). */
  oneAfterAnother?: <T>(key: string, work: () => Promise<T>) => Promise<T>;
  /** Where uploaded files are kept (none: in the database; ADR 050). */
  files?: FileStore;
  /** The configuration's source (none: `process.env`). */
  environment?: Record<string, string | undefined>;
}

const INSTALLED = Symbol.for('itinerary.host');
type Holder = { [INSTALLED]?: HostServices };

/** Called by a host before it serves; later calls add to or replace what earlier ones installed. */
export function installHost(services: HostServices): void {
  const holder = globalThis as Holder;
  holder[INSTALLED] = { ...holder[INSTALLED], ...services };
}

export function host(): HostServices {
  return (globalThis as Holder)[INSTALLED] ?? {};
}
