/**
 * The signal that data shown on public pages changed. Services call `announceChange`; the host's
 * page store (if any) drops or marks stale the pages that show it. Keeps services unaware of who
 * caches what; the rules are in src/server/platform/changes.ts.
 */
import { type Change, mayServeStale, tagsShowing } from '#server/platform/changes';
import { host } from '#server/platform/host';
import { noteStaleWrite } from './writers';

export type { Change };

export function announceChange(change: Change): void {
  const tags = tagsShowing(change);
  if (tags !== 'all' && tags.size === 0) return;
  if (mayServeStale(change)) noteStaleWrite();
  host().pageStore?.invalidate(change);
  host().shareChange?.(change);
}
