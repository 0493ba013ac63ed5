/** The top progress bar (spec §9: 3 px, throttle 300 ms, duration 5000 ms, hide delay 500 ms). */
import { atom } from 'nanostores';

export type ProgressState = 'idle' | 'running' | 'failed';

export const PROGRESS_THROTTLE_MS = 300;
export const PROGRESS_DURATION_MS = 5000;
export const PROGRESS_HIDE_DELAY_MS = 500;

export const $progress = atom<{ state: ProgressState; pending: number }>({ state: 'idle', pending: 0 });

export function startProgress(): void {
  const { pending, state } = $progress.get();
  // A new batch of work after a failure that has finished starts clean.
  const failed = state === 'failed' && pending > 0;
  $progress.set({ state: failed ? 'failed' : 'running', pending: pending + 1 });
}

export function finishProgress(ok = true): void {
  const { pending, state } = $progress.get();
  const left = Math.max(0, pending - 1);
  const failed = !ok || state === 'failed';
  $progress.set({ state: left > 0 ? (failed ? 'failed' : 'running') : failed ? 'failed' : 'idle', pending: left });
}

/** Back to idle, e.g. when the browser restores a page from its back/forward cache. */
export function resetProgress(): void {
  $progress.set({ state: 'idle', pending: 0 });
}

/** Spec: the bar creeps towards the end over `duration` without ever reaching it on its own. */
export function estimatedProgress(elapsedMs: number, durationMs = PROGRESS_DURATION_MS): number {
  return Math.min(95, (2 / Math.PI) * 100 * Math.atan((elapsedMs / durationMs) * 2));
}
