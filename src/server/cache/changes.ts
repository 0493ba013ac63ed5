/**
 * A tiny in-process signal that data shown on public pages changed. Services call
 * `announceChange`; caches subscribe. Keeps services unaware of who caches what.
 */
export type Change =
  | { kind: 'jam' | 'entries' | 'participants'; jamId: number }
  /** One entry changed or went (refreshed, removed): its own page goes at once, the jam's lists may stand in briefly. */
  | { kind: 'entry'; jamId: number; entryId: number }
  | { kind: 'users' }
  /** `resultsPublic`: whether anyone but the voter can see the counts (only once the jam has ended). */
  | { kind: 'votes'; jamId: number; resultsPublic: boolean };

const listeners = new Set<(change: Change) => void>();

export function onChange(listener: (change: Change) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function announceChange(change: Change): void {
  for (const listener of listeners) listener(change);
}
