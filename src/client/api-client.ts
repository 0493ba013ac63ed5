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
}

export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const url = new URL(path.startsWith('/api') ? path : `/api${path}`, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  const started = Date.now();
  startProgress();
  let ok = false;
  try {
    const response = await fetch(url, {
      method: options.method ?? 'GET',
      credentials: 'same-origin',
      headers: options.body === undefined ? {} : { 'content-type': 'application/json' },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
    const left = (options.minDelayMs ?? 0) - (Date.now() - started);
    if (left > 0) await new Promise((r) => setTimeout(r, left));
    const data = response.status === 204 ? undefined : await response.json().catch(() => undefined);
    if (!response.ok) {
      const error = (data as { error?: { code?: string; message?: string } } | undefined)?.error;
      throw new ApiError(response.status, error?.code ?? 'unknown', error?.message ?? response.statusText, data);
    }
    ok = true;
    return data as T;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(0, 'network', 'The server could not be reached. Check your connection and try again.');
  } finally {
    finishProgress(ok);
  }
}
