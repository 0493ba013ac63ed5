/** The top progress bar (spec §9: 3 px, throttle 300 ms, duration 5000 ms, hide delay 500 ms). */
import { atom } from 'nanostores';

export type ProgressState = 'idle' | 'running' | 'failed';

export const $progress = atom<{ state: ProgressState; pending: number }>({ state: 'idle', pending: 0 });

export function startProgress(): void {
  const { pending } = $progress.get();
  $progress.set({ state: 'running', pending: pending + 1 });
}

export function finishProgress(ok = true): void {
  const { pending, state } = $progress.get();
  const left = Math.max(0, pending - 1);
  const failed = !ok || state === 'failed';
  $progress.set({ state: left > 0 ? (failed ? 'failed' : 'running') : failed ? 'failed' : 'idle', pending: left });
}
