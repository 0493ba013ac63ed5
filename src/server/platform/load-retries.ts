/**
 * A libSQL server refuses a request it has no room for: sqld answers HTTP 429 "Too many concurrent
 * requests" past its cap on requests at once (128 by default) before it runs any statement of it,
 * and "database is locked" when a write waited for the lock past its busy timeout. A
 * spike (the last minute before a deadline, a vote burst) meets that cap for moments at a time, so a
 * refused statement or batch is sent again after a short, random wait (full jitter, doubling) rather
 * than answered with a 503 at once. Only that refusal is retried: it says nothing ran, so a write is
 * as safe to resend as a read. Other failures, and a refusal past the last try, go to the caller
 * (answered 503 with Retry-After by errors.ts). Interactive transactions are left alone: a refusal in
 * the middle of one cannot be resent by itself.
 */
import type { Client } from '@libsql/client';

/** The waits' ceilings, in ms: about 1.5 s at most in all, well inside a request's patience. */
const BACKOFF_MS = [20, 40, 80, 160, 320, 640];

/**
 * Whether the error (or one of its causes) says nothing ran: the server had no room (429), or its
 * database stayed locked past its busy timeout ("database is locked", SQLITE_BUSY: a statement or a
 * batch's transaction that could not take the lock did nothing, and a batch is all or nothing).
 */
export function isRefusedForRoom(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < 6 && current instanceof Error; depth += 1) {
    if ((current as { status?: unknown }).status === 429) return true;
    if ((current as { code?: unknown }).code === 'SQLITE_BUSY' || /\bdatabase is locked\b/.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `send`, again after each refusal for room, up to the last backoff step. */
export async function sendUntilAdmitted<T>(send: () => Promise<T>, random: () => number = Math.random): Promise<T> {
  for (const ceiling of BACKOFF_MS) {
    try {
      return await send();
    } catch (error) {
      if (!isRefusedForRoom(error)) throw error;
      await pause(Math.round(random() * ceiling));
    }
  }
  return send();
}

/**
 * A connection that dropped (workerd's "Network connection lost", a reset): a pooled connection to a
 * server that restarted fails so on its first use. A read is sent once more on a fresh one; a write
 * is not (it may have run).
 */
const isDropped = (error: unknown): boolean => {
  for (let current = error, depth = 0; depth < 6 && current instanceof Error; depth += 1, current = current.cause) {
    if (
      (current as { code?: unknown }).code === 'ECONNRESET' ||
      /^Network connection lost\b|^fetch failed$/.test(current.message)
    )
      return true;
  }
  return false;
};

async function readAgainIfDropped<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (!isDropped(error)) throw error;
    return send();
  }
}

/** The client with its statements and batches resent when the server refuses them for room, and its reads when a connection dropped. */
export function retriedWhenFull(client: Client): Client {
  const execute = client.execute.bind(client) as (...args: unknown[]) => ReturnType<Client['execute']>;
  const batch = client.batch.bind(client) as (...args: unknown[]) => ReturnType<Client['batch']>;
  const sqlOf = (statement: unknown) =>
    typeof statement === 'string' ? statement : ((statement as { sql?: string } | undefined)?.sql ?? '');
  return Object.assign(client, {
    execute: ((...args: unknown[]) => {
      const send = () => sendUntilAdmitted(() => execute(...args));
      return READ.test(sqlOf(args[0])) ? readAgainIfDropped(send) : send();
    }) as Client['execute'],
    batch: ((...args: unknown[]) => {
      const send = () => sendUntilAdmitted(() => batch(...args));
      return args[1] === 'read' ? readAgainIfDropped(send) : send();
    }) as Client['batch'],
  });
}

/**
 * At most `limit` writes of this process (or isolate) at the database at once; the others wait their
 * turn here. A libSQL server takes one write at a time, and `sqld` keeps each waiting write busy on
 * its cores until the lock is free: past a few dozen waiting, the writer holding the lock gets no
 * core, and writes that took milliseconds take seconds, then fail as "database is locked" (ADR 037).
 * A waiting write looks again after a short pause of its own rather than being woken by the write
 * before it: workerd cancels a request whose promise another request settles. The Node host, where
 * one process serves every request, sends the writes waiting for a turn together instead
 * (group-commit.ts). Reads go straight on.
 */
export function gatedWrites(client: Client, limit: number, { random = Math.random } = {}): Client {
  const execute = client.execute.bind(client) as (...args: unknown[]) => ReturnType<Client['execute']>;
  const batch = client.batch.bind(client) as (...args: unknown[]) => ReturnType<Client['batch']>;
  let running = 0;
  async function inTurn<T>(send: () => Promise<T>): Promise<T> {
    while (running >= limit) await pause(2 + random() * 8);
    running += 1;
    try {
      return await send();
    } finally {
      running -= 1;
    }
  }
  const isRead = (statement: unknown) =>
    READ.test(typeof statement === 'string' ? statement : ((statement as { sql?: string } | undefined)?.sql ?? ''));
  return Object.assign(client, {
    execute: ((...args: unknown[]) => (isRead(args[0]) ? execute(...args) : inTurn(() => execute(...args)))) as Client['execute'],
    batch: ((...args: unknown[]) => (args[1] === 'read' ? batch(...args) : inTurn(() => batch(...args)))) as Client['batch'],
  });
}

const READ = /^\s*select\b/i;
