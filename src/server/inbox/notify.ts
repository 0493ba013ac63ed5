/**
 * Writing to someone's inbox (issue 34 §2). Every event has a `key` that names it, unique per
 * person, so an event arrives once however often the code that sees it runs (a kudos toggled off
 * and on again, two requests at once, a time-based event worked out on every read).
 */
import { notifications } from '#db/schema';
import type { NotificationKind } from '#lib/inbox';
import { db } from '#server/platform/db';

export interface InboxEvent {
  userId: number;
  kind: NotificationKind;
  /** Names the event, e.g. `kudos:{entryId}:{giverId}`, `started:{jamId}`; a second write with the same key is ignored. */
  key: string;
  /** Unread events with the same group key show as one item, e.g. `kudos:{entryId}`. */
  groupKey?: string | null;
  jamId?: number | null;
  entryId?: number | null;
  actorId?: number | null;
  data?: Record<string, unknown> | null;
}

/** Writes the events; ones already written (same person and key) are left as they are. Nobody is told of their own act. */
export async function notify(...events: InboxEvent[]): Promise<void> {
  const rows = events.filter((event) => event.actorId == null || event.actorId !== event.userId);
  if (rows.length === 0) return;
  await (await db()).insert(notifications).values(rows).onConflictDoNothing();
}
