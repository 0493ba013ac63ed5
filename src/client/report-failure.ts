import { ApiError } from './api-client';
import { pushToast } from '#stores/toasts';

/**
 * Spec §8 Dashboard: a failed action shows its "could not …; check the console" toast
 * and logs the real reason. Returns the reason, for the form or dialog to show next to it.
 */
export function reportFailure(toast: string, error: unknown): string {
  console.error(toast, error);
  pushToast({ type: 'error', content: { message: toast } });
  return error instanceof ApiError ? error.message : String(error);
}
