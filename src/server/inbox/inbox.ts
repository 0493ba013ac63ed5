/**
 * Reading the inbox (issue 34 §2): the items, newest first and paged in the database, the bell's
 * unread count, and marking read. Events sharing a group key (kudos or notes on one entry) show as
 * one item; unread and read ones are grouped apart, so new kudos on an entry whose earlier kudos
 * were read make a new unread item. The count of the bell is the count of unread items, so it
 * matches what the page shows as unread. Both include the due time-based events (./due.ts), read
 * beside them and written only when some are due.
 */
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { entries, jams, notifications, users } from '#db/schema';
import type { InboxKind } from '#lib/inbox';
import { MARK_READ_MAX_IDS, INBOX_PER_PAGE, type MarkedReadDto, type InboxItemDto, type InboxListDto } from '#lib/schemas/inbox';
import type { SessionUser } from '#server/auth/session';
import { type Database, db } from '#server/platform/db';
import { batchNamed, readTogether } from '#server/platform/named';
import { keptPage, onKeptPage } from '#server/platform/sql-pages';
import { dueEventsOf } from './due';
import { insertEvents } from './notify';

/** An item's handle: its group key, or `id:{id}` for an event of its own. */
const groupOf = sql`coalesce(${notifications.groupKey}, 'id:' || ${notifications.id})`;

/** One item of a page: its group, the group's newest event and what that event names. */
interface ItemRow {
  grp: string;
  unread: number;
  lastId: number;
  ids: string;
  n: number;
  people: number;
  at: number;
  total: number;
  kind: InboxKind;
  data: string | null;
  entryId: number | null;
  actor: string | null;
  jamSlug: string | null;
  jamName: string | null;
  entryTitle: string | null;
}

/** Unread items (groups), as the bell shows them. */
const unreadItems = (database: Database, userId: number) =>
  database
    .select({ count: sql<number>`count(distinct ${groupOf})`.mapWith(Number) })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));

async function countUnread(userId: number): Promise<number> {
  const [row] = await unreadItems(db(), userId);
  return row?.count ?? 0;
}

/**
 * Page `page` of the person's items, newest first, each with its newest event, in one statement:
 * the items are numbered and counted together and the page kept within the pages.
 */
const pageOfItems = (database: Database, userId: number, page: number) => {
  const grouped = sql`select ${groupOf} as grp, ${notifications.readAt} is null as unread, max(${notifications.id}) as lastId,
      group_concat(${notifications.id}) as ids, count(*) as n, count(distinct ${notifications.actorId}) as people,
      max(${notifications.createdAt}) as at
    from ${notifications} where ${notifications.userId} = ${userId}
    group by grp, unread`;
  return database.all<ItemRow>(sql`
    select g.grp, g.unread, g.lastId, g.ids, g.n, g.people, g.at, g.total,
      last.kind, last.data, last.entry_id as entryId, u.name as actor, j.slug as jamSlug, j.name as jamName, e.title as entryTitle
    from (select grouped.*, count(*) over () as total, row_number() over (order by at desc, lastId desc) as nth
      from (${grouped}) as grouped) as g
    join ${notifications} last on last.id = g.lastId
    left join ${users} u on u.id = last.actor_id
    left join ${jams} j on j.id = last.jam_id
    left join ${entries} e on e.id = last.entry_id
    where ${onKeptPage(sql`g.nth`, sql`g.total`, page, INBOX_PER_PAGE)}
    order by g.nth`);
};

/**
 * Reads what a GET shows beside the person's due time-based events (./due.ts), in one round trip.
 * Only when something is due does it write: the events and the same reads again in one batch.
 */
async function readAfterDue<Reads extends Record<string, BatchItem<'sqlite'>>>(
  userId: number,
  now: number,
  reads: (database: Database) => Reads,
): Promise<{ [K in keyof Reads]: Reads[K]['_']['result'] }> {
  const database = db();
  const { due, ...answers } = await readTogether({ due: dueEventsOf(userId, now), ...reads(database) });
  const insert = insertEvents(database, due);
  if (!insert) return answers as { [K in keyof Reads]: Reads[K]['_']['result'] };
  const { dueEvents: _written, ...again } = await batchNamed(database, { dueEvents: insert, ...reads(database) });
  return again as { [K in keyof Reads]: Reads[K]['_']['result'] };
}

/** The bell: unread items, the due time-based events included. */
export async function unreadCount(user: SessionUser, now = Date.now()): Promise<number> {
  const {
    unread: [row],
  } = await readAfterDue(user.id, now, (database) => ({ unread: unreadItems(database, user.id) }));
  return row?.count ?? 0;
}

function hrefFor(kind: InboxKind, jam: { slug: string } | null, entryId: number | null, data: Record<string, unknown>) {
  const jamHref = jam ? `/jams/${jam.slug}` : null;
  switch (kind) {
    case 'kudos':
    case 'note':
    case 'entry-disqualified':
      return jamHref && entryId !== null ? `${jamHref}/entries/${entryId}` : '/dashboard';
    case 'results':
      return jamHref && entryId !== null ? `${jamHref}/entries/${entryId}` : (jamHref ?? '/dashboard');
    case 'report':
      // Administrators' reports go to the admin dashboard's queue of every jam (issue 41).
      return data.queue === 'admin' ? '/dashboard/reports' : '/dashboard#moderation';
    case 'credit-invited':
    case 'judge-invited':
      return '/dashboard#invitations';
    case 'judge-feedback':
      return jamHref && entryId !== null ? `${jamHref}/entries/${entryId}#judge-feedback` : '/dashboard';
    case 'credit-accepted':
    case 'credit-declined':
      return jamHref && entryId !== null ? `${jamHref}/entries/${entryId}` : '/dashboard';
    case 'request-declined':
      return '/dashboard';
    default:
      return jamHref ?? '/dashboard';
  }
}

/** One page of the person's items, newest first, the due time-based events included. */
export async function listInbox(user: SessionUser, page = 1, now = Date.now()): Promise<InboxListDto> {
  const {
    rows,
    unread: [unread],
  } = await readAfterDue(user.id, now, (database) => ({
    rows: pageOfItems(database, user.id, page),
    unread: unreadItems(database, user.id),
  }));
  const perPage = INBOX_PER_PAGE;
  const total = Number(rows[0]?.total ?? 0);
  const { page: current, totalPages } = keptPage(page, total, perPage);
  const items: InboxItemDto[] = rows.map((row) => {
    const data = (row.data === null ? null : (JSON.parse(row.data) as Record<string, unknown> | null)) ?? {};
    const jam = row.jamSlug !== null && row.jamName !== null ? { slug: row.jamSlug, name: row.jamName } : null;
    const entry = row.entryId !== null && row.entryTitle !== null ? { id: row.entryId, title: row.entryTitle } : null;
    return {
      group: row.grp,
      ids: String(row.ids)
        .split(',')
        .map(Number)
        .sort((a, b) => b - a)
        .slice(0, MARK_READ_MAX_IDS),
      kind: row.kind,
      read: !Number(row.unread),
      createdAt: new Date(Number(row.at)).toISOString(),
      count: Number(row.n),
      people: Number(row.people),
      actor: row.actor,
      jam,
      entry,
      data,
      href: hrefFor(row.kind, jam, entry?.id ?? null, data),
    };
  });
  return { items, page: current, perPage, total, totalPages, unread: unread?.count ?? 0 };
}

/** Marks notifications read, by id or by an item's group; the person's own only; harmless twice. */
export async function markRead(user: SessionUser, input: { ids?: number[]; group?: string }): Promise<MarkedReadDto> {
  const which = [
    ...(input.ids?.length ? [inArray(notifications.id, input.ids)] : []),
    ...(input.group ? [sql`${groupOf} = ${input.group}`] : []),
  ];
  // Naming nothing marks nothing (the schema refuses it; this keeps "all" out of reach here).
  if (which.length === 0) return { marked: 0, unread: await countUnread(user.id) };
  // The count after the change, in the same batch (one round trip).
  const database = db();
  const [marked, [unread]] = await database.batch([
    database
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.userId, user.id), isNull(notifications.readAt), or(...which)))
      .returning({ id: notifications.id }),
    unreadItems(database, user.id),
  ]);
  return { marked: marked.length, unread: unread?.count ?? 0 };
}

/** Marks every notification of the person read. */
export async function markAllRead(user: SessionUser): Promise<MarkedReadDto> {
  const marked = await db()
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, user.id), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return { marked: marked.length, unread: 0 };
}
