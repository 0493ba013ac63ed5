import { ApiError } from './api-client';
import { pushToast } from '#stores/toasts';

export interface FailureToast {
  /**
   * What the toast says besides `toast`: nothing (the default: spec §8's "could not …; check the
   * console"), `'api'` the server's reason after it when the server gave one, `'always'` the reason
   * after it whatever failed, `'instead'` the server's reason instead of it when there is one.
   */
  reason?: 'api' | 'always' | 'instead';
  /** Not logged: a refusal the person can act on (their own entry, a closed vote) is no fault. */
  quiet?: boolean;
}

/** Why it failed, in one line: the server's message, or the error's. */
export const reasonOf = (error: unknown): string =>
  error instanceof ApiError || error instanceof Error ? error.message : String(error);

/**
 * Every error toast of the islands (issue 55 §5): a failed action shows `toast` (null: the reason
 * alone) and, unless `quiet`, logs the real reason (spec §8 Dashboard). `error` null: a failure
 * found before anything was sent (a form's own check). Returns the reason, for the form or dialog
 * to show next to it.
 */
export function reportFailure(
  toast: string | null,
  error: unknown,
  { reason = undefined, quiet = false }: FailureToast = {},
): string {
  const why = error === null ? (toast ?? '') : reasonOf(error);
  if (!quiet) console.error(toast ?? why, error);
  const fromServer = error instanceof ApiError ? error.message : '';
  const message =
    toast === null
      ? why
      : reason === 'always'
        ? `${toast} ${why}`
        : reason === 'api'
          ? `${toast} ${fromServer}`.trim()
          : reason === 'instead'
            ? fromServer || toast
            : toast;
  pushToast({ type: 'error', content: { message } });
  return why;
}
