/** The islands' way to the API: JSON in and out, the progress bar, and one error type. */
import { finishProgress, startProgress } from '#stores/progress';

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /** Spec §7: the fetch helper can wait at least this long, so spinners do not flash. */
  minDelayMs?: number;
  signal?: AbortSignal;
  /**
   * A POST's `Idempotency-Key` (ADR 047): one per user action, made here when not given. A form that
   * may send the same action again after a failure passes the key it kept, so the server stores it once.
   */
  idempotencyKey?: string;
}

/**
 * The key of each POST not yet answered with success, by its path and body: the same action sent
 * again (the person presses the button once more after "too busy") reuses it, so the server stores it
 * once even if the first try went through after all. A success forgets it; a key lives an hour here.
 */
const pendingKeys = new Map<string, { key: string; at: number }>();
const PENDING_KEY_MS = 60 * 60 * 1000;

function keyForAction(path: string, body: unknown): { key: string; done(): void } {
  const action = `${path}\n${JSON.stringify(body) ?? ''}`;
  const now = Date.now();
  for (const [kept, { at }] of pendingKeys) if (now - at > PENDING_KEY_MS) pendingKeys.delete(kept);
  const pending = pendingKeys.get(action) ?? { key: newActionKey(), at: now };
  pendingKeys.set(action, pending);
  return { key: pending.key, done: () => pendingKeys.delete(action) };
}

/** A fresh key for one user action: 128 random bits (getRandomValues works where randomUUID does not: plain http). */
export function newActionKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Writes that mean the same however often they are sent (a vote is a PUT), and POSTs, which carry
 * their Idempotency-Key: one more try is safe.
 */
const IDEMPOTENT = new Set(['PUT', 'DELETE', 'POST']);
/** How long to wait before sending a write again whose connection dropped. */
const DROPPED_RETRY_MS = 1000;
/** A busy server's Retry-After we wait out before that one more try; a longer one is the user's call. */
const LONGEST_WAIT_S = 10;

export const STILL_BUSY_MESSAGE =
  'We tried twice, but the site is too busy right now. Nothing was changed; please try again in a moment.';

/** Seconds a 503 asks us to wait before the same idempotent write is sent once more, or null for no retry. */
function waitBeforeRetry(method: string, response: Response): number | null {
  if (response.status !== 503 || !IDEMPOTENT.has(method)) return null;
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds >= 0 && seconds <= LONGEST_WAIT_S ? seconds : null;
}

export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const url = new URL(path.startsWith('/api') ? path : `/api${path}`, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = options.body === undefined ? {} : { 'content-type': 'application/json' };
  // The same key on the retries below and when the person sends the same action again after a
  // failure: the server answers it once, whichever of them reached it.
  const action = method === 'POST' && !options.idempotencyKey ? keyForAction(url.pathname + url.search, options.body) : null;
  if (method === 'POST') headers['idempotency-key'] = options.idempotencyKey ?? action!.key;
  const send = () =>
    fetch(url, {
      method,
      credentials: 'same-origin',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  const started = Date.now();
  startProgress();
  let ok = false;
  try {
    let response: Response;
    try {
      response = await send();
    } catch (error) {
      // The connection dropped before an answer (a server restarting): the write may or may not have
      // been carried out, so it is sent once more as it was (its key makes that safe for a POST).
      if (!IDEMPOTENT.has(method) || options.signal?.aborted) throw error;
      await new Promise((r) => setTimeout(r, DROPPED_RETRY_MS));
      response = await send();
    }
    const wait = waitBeforeRetry(method, response);
    const retried = wait !== null;
    if (retried) {
      await new Promise((r) => setTimeout(r, wait * 1000));
      response = await send();
    }
    const left = (options.minDelayMs ?? 0) - (Date.now() - started);
    if (left > 0) await new Promise((r) => setTimeout(r, left));
    const data = response.status === 204 ? undefined : await response.json().catch(() => undefined);
    if (!response.ok) {
      const error = (data as { error?: { code?: string; message?: string } } | undefined)?.error;
      const message = retried && response.status === 503 ? STILL_BUSY_MESSAGE : (error?.message ?? response.statusText);
      throw new ApiError(response.status, error?.code ?? 'unknown', message, data);
    }
    ok = true;
    action?.done();
    return data as T;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(0, 'network', 'The server could not be reached. Check your connection and try again.');
  } finally {
    finishProgress(ok);
  }
}
