/**
 * Writing to someone's inbox (issue 34 §2). Every event has a `key` that names it, unique per
 * person, so an event arrives once however often the code that sees it runs (a kudos toggled off
 * and on again, two requests at once, a time-based event worked out on every read).
 *
 * The keys in use (each written by the service that sees the event happen):
 * - `kudos:{entryId}:{giverId}` (group `kudos:{entryId}`), `note:{noteId}` (group `note:{entryId}`);
 * - `report:{reportId}` for each manager of the reported jam and each administrator (`data.queue`: `jam` or `admin`, whose queue it links to);
 * - `started:{jamId}`, `deadline:{jamId}`, `voting-ends:{jamId}`, `results:{jamId}`,
 *   `results:{jamId}:won`, `results:{jamId}:choice`: worked out when the inbox is read (./due.ts);
 * - `disqualified:{entryId}:{reviewedAt ms}` (again after a reopen and a second disqualification),
 *   `removed:{jamId}:{scratchId}:{ms}` (the entry row is gone, so its title and jam are in `data`);
 * - `request:{requestId}` for the answer to a jam request (approved or declined: it is answered once).
 * - `credit-invited:{entryId}:{userId}:{invitedAt ms}` to the invitee, `credit-accepted:{entryId}:{userId}:{acceptedAt ms}`
 *   and `credit-declined:{entryId}:{userId}:{invitedAt ms}` to the submitter (issue 35, ../teams/memberships.ts).
 */
import { type SQL, sql } from 'drizzle-orm';
import { notifications } from '#db/schema';
import type { InboxKind } from '#lib/inbox';
import { type Computed, jsonWith } from '#server/platform/batch-sql';
import type { Database } from '#server/platform/db';

export interface InboxEvent {
  userId: number;
  kind: InboxKind;
  /** Names the event, e.g. `kudos:{entryId}:{giverId}`, `started:{jamId}`; a second write with the same key is ignored. */
  key: string;
  /** Unread events with the same group key show as one item, e.g. `kudos:{entryId}`. */
  groupKey?: string | null;
  jamId?: number | null;
  entryId?: number | null;
  actorId?: number | null;
  data?: Record<string, unknown> | null;
  /** When it happened, when that is not now (a time-based event: the jam's start, its last day…). */
  createdAt?: Date;
}

/** A database or an open transaction: the events are written with the change that caused them. */
export type InboxWriter = Pick<Database, 'insert'>;

/** An event whose key, jam or data values may be SQL, worked out as the batch writes (a new report's id, a new jam). */
export interface BatchedInboxEvent extends Omit<InboxEvent, 'key' | 'jamId'> {
  key: Computed<string>;
  jamId?: Computed<number | null>;
}

const EVENT_COLUMNS = [
  notifications.userId,
  notifications.kind,
  notifications.key,
  notifications.groupKey,
  notifications.jamId,
  notifications.entryId,
  notifications.actorId,
  notifications.data,
  notifications.createdAt,
];

/**
 * `notify` as a statement of the batch that makes the change (one transaction, one round trip).
 * `onlyIf` (SQL) writes the events only when the change happens: placed before the change, it is the
 * change's own condition. Nobody is told of their own act; an event already written stays as it is.
 */
export function notifyStatement(
  database: Pick<Database, 'run'>,
  events: [BatchedInboxEvent, ...BatchedInboxEvent[]],
  onlyIf: SQL = sql`1`,
) {
  const names = EVENT_COLUMNS.map((column) => sql.identifier(column.name));
  const rows = events.map(
    (event) =>
      sql`(${event.userId}, ${event.kind}, ${event.key}, ${event.groupKey ?? null}, ${event.jamId ?? null}, ${event.entryId ?? null}, ${event.actorId ?? null}, ${jsonWith(event.data)}, ${event.createdAt?.getTime() ?? sql`cast(unixepoch('subsec') * 1000 as integer)`})`,
  );
  return database.run(sql`with events (${sql.join(names, sql`, `)}) as (values ${sql.join(rows, sql`, `)})
    insert into ${notifications} (${sql.join(names, sql`, `)})
    select * from events where (actor_id is null or actor_id <> user_id) and ${onlyIf}
    on conflict do nothing`);
}

/** `notify` inside the caller's transaction. */
export async function notifyWith(writer: InboxWriter, ...events: InboxEvent[]): Promise<void> {
  const insert = insertEvents(writer, events);
  if (insert) await insert;
}

/** The insert that writes the events (null: nothing to write), to await or to send in a batch with what reads them. */
export function insertEvents(writer: InboxWriter, events: InboxEvent[]) {
  const rows = events.filter((event) => event.actorId == null || event.actorId !== event.userId);
  return rows.length === 0 ? null : writer.insert(notifications).values(rows).onConflictDoNothing();
}
