import { sql } from 'drizzle-orm';
import { sessions, users } from '#db/schema';
import { SESSION_COOKIE, SESSION_LIFETIME_MS, generateSessionToken, hashToken } from '#server/auth/session';
import { type Fakes, startFakes } from '../fakes';
import { type RunningApp, startApp } from './app';
import { type TestDatabase, createTestDatabase } from './database';
import { type RoundTripProxy, startRoundTripProxy } from './round-trip-proxy';

export interface TestUser {
  id: number;
  name: string;
  token: string;
  /** Headers that carry this user's session cookie. */
  headers: Record<string, string>;
}

/**
 * A parsed document (a JSON answer, an XML feed) as a test reads it: any shape, since the test's
 * assertions are what check the shape.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above: the assertions type-check the shape at run time
export type Parsed = any;

export interface Reply<T = Parsed> {
  status: number;
  headers: Headers;
  body: T;
}

export interface Environment {
  app: RunningApp;
  db: TestDatabase['database'];
  databaseUrl: string;
  fakes: Fakes;
  /** With `{ remote: true }`: the proxy that counts the app's round trips to its libSQL server. */
  roundTrips?: RoundTripProxy;
  /** Creates (or reuses) a user with the given flags and a fresh session. */
  login(name: string, flags?: { isAdmin?: boolean; isBanned?: boolean }): Promise<TestUser>;
  /** Calls the app like a same-site browser would (Origin set), optionally as a user. */
  request<T = Parsed>(
    path: string,
    options?: { method?: string; body?: unknown; as?: TestUser | null; headers?: Record<string, string> },
  ): Promise<Reply<T>>;
  close(): Promise<void>;
}

/** A response as tests look at it: status, headers, and the body parsed as JSON when it is JSON. */
export async function readReply<T = Parsed>(response: Response): Promise<Reply<T>> {
  if (response.ok && response.headers.get('content-type')?.startsWith('text/event-stream')) {
    // A live stream (ADR 044) does not end: its first chunk (the `ready` event) is the body.
    const reader = response.body!.getReader();
    const { value } = await reader.read();
    await reader.cancel();
    return { status: response.status, headers: response.headers, body: new TextDecoder().decode(value) as T };
  }
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, headers: response.headers, body: parsed as T };
}

/**
 * A fresh database, the Scratch fakes and the built server: what an API test file needs. `remote`:
 * the database is a libSQL server (sqld) that the app reaches through a round-trip counting proxy;
 * the test's own handle (`db`) goes to it directly, so what a test prepares is not counted.
 */
export async function startEnvironment(
  env: Record<string, string> = {},
  options: { remote?: boolean } = {},
): Promise<Environment> {
  const database = await createTestDatabase(options.remote ? 'sqld' : undefined);
  const roundTrips = options.remote ? await startRoundTripProxy(database.url) : undefined;
  const fakes = await startFakes();
  const app = await startApp({ DATABASE_URL: roundTrips?.url ?? database.url, ...fakes.env, ...env });
  const db = database.database;

  return {
    app,
    db,
    databaseUrl: database.url,
    fakes,
    roundTrips,
    async login(name, flags = {}) {
      const [user] = await db
        .insert(users)
        .values({ name, isAdmin: flags.isAdmin ?? false, isBanned: flags.isBanned ?? false })
        .onConflictDoUpdate({
          target: sql`lower(${users.name})`,
          set: { isAdmin: flags.isAdmin ?? false, isBanned: flags.isBanned ?? false },
        })
        .returning();
      const token = generateSessionToken();
      await db
        .insert(sessions)
        .values({ id: hashToken(token), userId: user!.id, expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS) });
      return { id: user!.id, name: user!.name, token, headers: { cookie: `${SESSION_COOKIE}=${token}` } };
    },
    async request(path, { method = 'GET', body, as, headers = {} } = {}) {
      const response = await fetch(`${app.url}${path}`, {
        method,
        redirect: 'manual',
        headers: {
          origin: app.url,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(as ? as.headers : {}),
          ...headers,
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      return readReply(response);
    },
    async close() {
      await app.stop();
      await roundTrips?.close();
      await fakes.close();
      await database.cleanup();
    },
  };
}
