/**
 * Reading the inbox (issue 34 §2): the items, newest first and paged in the database, the bell's
 * unread count, and marking read. Events sharing a group key (kudos or notes on one entry) show as
 * one item; unread and read ones are grouped apart, so new kudos on an entry whose earlier kudos
 * were read make a new unread item. The count of the bell is the count of unread items, so it
 * matches what the page shows as unread. Both first write the due time-based events (./due.ts).
 */
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { entries, jams, notifications, users } from '#db/schema';
import type { NotificationKind } from '#lib/inbox';
import {
  MARK_READ_MAX_IDS,
  NOTIFICATIONS_PER_PAGE,
  type MarkedReadDto,
  type NotificationItemDto,
  type NotificationListDto,
} from '#lib/schemas/inbox';
import type { SessionUser } from '#server/auth/session';
import { db } from '#server/platform/db';
import { materializeDue } from './due';

/** An item's handle: its group key, or `id:{id}` for an event of its own. */
const groupOf = sql`coalesce(${notifications.groupKey}, 'id:' || ${notifications.id})`;

interface GroupRow {
  grp: string;
  unread: number;
  lastId: number;
  ids: string;
  n: number;
  people: number;
  at: number;
}

/** Unread items (groups), as the bell shows them. */
async function countUnread(userId: number): Promise<number> {
  const [row] = await db()
    .select({ count: sql<number>`count(distinct ${groupOf})`.mapWith(Number) })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.count ?? 0;
}

/**
 * The bell: unread items, after writing the due time-based events. The count is read beside the
 * due events' query (one round trip), and again only when some were written.
 */
export async function unreadCount(user: SessionUser, now = Date.now()): Promise<number> {
  const [written, count] = await Promise.all([materializeDue(user.id, now), countUnread(user.id)]);
  return written > 0 ? countUnread(user.id) : count;
}

function hrefFor(kind: NotificationKind, jam: { slug: string } | null, entryId: number | null) {
  const jamHref = jam ? `/jams/${jam.slug}` : null;
  switch (kind) {
    case 'kudos':
    case 'note':
    case 'entry-disqualified':
      return jamHref && entryId !== null ? `${jamHref}/entries/${entryId}` : '/dashboard';
    case 'results':
      return jamHref && entryId !== null ? `${jamHref}/entries/${entryId}` : (jamHref ?? '/dashboard');
    case 'report':
      return '/dashboard#moderation';
    case 'credit-invited':
      return '/dashboard#invitations';
    case 'credit-accepted':
    case 'credit-declined':
      return jamHref && entryId !== null ? `${jamHref}/entries/${entryId}` : '/dashboard';
    case 'request-declined':
      return '/dashboard';
    default:
      return jamHref ?? '/dashboard';
  }
}

/** One page of the person's items, newest first. */
export async function listNotifications(user: SessionUser, page = 1, now = Date.now()): Promise<NotificationListDto> {
  await materializeDue(user.id, now);
  const database = db();
  const perPage = NOTIFICATIONS_PER_PAGE;
  const grouped = sql`select ${groupOf} as grp, ${notifications.readAt} is null as unread, max(${notifications.id}) as lastId,
      group_concat(${notifications.id}) as ids, count(*) as n, count(distinct ${notifications.actorId}) as people,
      max(${notifications.createdAt}) as at
    from ${notifications} where ${notifications.userId} = ${user.id}
    group by grp, unread`;
  const [counted] = (await database.all(sql`select count(*) as total from (${grouped})`)) as { total: number }[];
  const total = Number(counted?.total ?? 0);
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  const current = Math.min(Math.max(1, page), totalPages);
  const groups = (await database.all(
    sql`${grouped} order by at desc, lastId desc limit ${perPage} offset ${(current - 1) * perPage}`,
  )) as GroupRow[];
  const lastIds = groups.map((group) => Number(group.lastId));
  const rows =
    lastIds.length === 0
      ? []
      : await database
          .select({
            id: notifications.id,
            kind: notifications.kind,
            data: notifications.data,
            entryId: notifications.entryId,
            actor: users.name,
            jamSlug: jams.slug,
            jamName: jams.name,
            entryTitle: entries.title,
          })
          .from(notifications)
          .leftJoin(users, eq(users.id, notifications.actorId))
          .leftJoin(jams, eq(jams.id, notifications.jamId))
          .leftJoin(entries, eq(entries.id, notifications.entryId))
          .where(inArray(notifications.id, lastIds));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const items: NotificationItemDto[] = groups.flatMap((group) => {
    const row = byId.get(Number(group.lastId));
    if (!row) return [];
    const data = row.data ?? {};
    const jam = row.jamSlug !== null && row.jamName !== null ? { slug: row.jamSlug, name: row.jamName } : null;
    const entry = row.entryId !== null && row.entryTitle !== null ? { id: row.entryId, title: row.entryTitle } : null;
    return [
      {
        group: group.grp,
        ids: String(group.ids)
          .split(',')
          .map(Number)
          .sort((a, b) => b - a)
          .slice(0, MARK_READ_MAX_IDS),
        kind: row.kind,
        read: !Number(group.unread),
        createdAt: new Date(Number(group.at)).toISOString(),
        count: Number(group.n),
        people: Number(group.people),
        actor: row.actor,
        jam,
        entry,
        data,
        href: hrefFor(row.kind, jam, entry?.id ?? null),
      },
    ];
  });
  return { items, page: current, perPage, total, totalPages, unread: await countUnread(user.id) };
}

/** Marks notifications read, by id or by an item's group; the person's own only; harmless twice. */
export async function markRead(user: SessionUser, input: { ids?: number[]; group?: string }): Promise<MarkedReadDto> {
  const which = [
    ...(input.ids?.length ? [inArray(notifications.id, input.ids)] : []),
    ...(input.group ? [sql`${groupOf} = ${input.group}`] : []),
  ];
  // Naming nothing marks nothing (the schema refuses it; this keeps "all" out of reach here).
  if (which.length === 0) return { marked: 0, unread: await countUnread(user.id) };
  const marked = await db()
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, user.id), isNull(notifications.readAt), or(...which)))
    .returning({ id: notifications.id });
  return { marked: marked.length, unread: await countUnread(user.id) };
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
