/**
 * Reading the audit log (written by src/server/activity/audit.ts): administrators see everything, a jam's
 * managers see what happened to their jam. Read-only; filtering and paging happen in the database.
 */
import { type SQL, and, count, desc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { type Jam, auditLog, jamSlugRedirects, jams, users } from '#db/schema';
import {
  type ActivityEntryDto,
  type ActivityListDto,
  type ActivityQuery,
  type AuditAction,
  type JamActivityQuery,
} from '#lib/schemas/activity';
import { db } from '#server/platform/db';
import { keptOffsetArg, keptPage } from '#server/platform/sql-pages';
import { can, requireJamPermission } from '#server/auth/permissions';
import type { SessionUser } from '#server/auth/session';
import { readTogether } from '#server/platform/named';

const target = alias(users, 'target');

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** A jam by its slug or an old slug of a renamed one, as a subquery (null: none, which matches nothing). */
const jamIdBySlug = (slug: string) =>
  sql`coalesce((select ${jams.id} from ${jams} where ${jams.slug} = ${slug}),
    (select ${jamSlugRedirects.jamId} from ${jamSlugRedirects} where ${jamSlugRedirects.slug} = ${slug}))`;

/** The filters, with the jam and the person named as subqueries, so the page is read in one round trip. */
function conditions(query: JamActivityQuery & { jam?: string }, jam: Jam | null): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (jam) parts.push(eq(auditLog.jamId, jam.id));
  else if (query.jam) parts.push(sql`${auditLog.jamId} = ${jamIdBySlug(query.jam)}`);
  if (query.user) {
    const userId = sql`(select ${users.id} from ${users} where lower(${users.name}) = ${query.user.toLowerCase()})`;
    // Entries from before ADR 036 keep the name a deleted account acted under; since, deleting takes it out.
    parts.push(
      or(
        sql`${auditLog.actorId} = ${userId}`,
        sql`${auditLog.targetUserId} = ${userId}`,
        sql`(${auditLog.actorId} is null and ${userId} is null and lower(${auditLog.actorName}) = ${query.user.toLowerCase()})`,
      ),
    );
  }
  if (query.action) parts.push(eq(auditLog.action, query.action));
  return and(...parts);
}

type Row = {
  entry: typeof auditLog.$inferSelect;
  jamSlug: string | null;
  jamName: string | null;
  targetName: string | null;
};

function toDto({ entry, jamSlug, jamName, targetName }: Row): ActivityEntryDto {
  const details = entry.details ?? {};
  // A deleted jam or user keeps its last name in the details of the entry that removed it.
  const jam =
    entry.jamId !== null && jamSlug !== null && jamName !== null
      ? { id: entry.jamId, slug: jamSlug, name: jamName }
      : entry.action === 'jam.delete' && text(details.name)
        ? { id: null, slug: null, name: text(details.name)! }
        : null;
  const targetUser =
    entry.targetUserId !== null && targetName !== null
      ? { id: entry.targetUserId, name: targetName }
      : entry.action.startsWith('user.') && text(details.name)
        ? { id: null, name: text(details.name)! }
        : null;
  return {
    id: entry.id,
    at: entry.at.toISOString(),
    action: entry.action as AuditAction,
    actor: entry.actorName === null ? null : { id: entry.actorId, name: entry.actorName },
    jam,
    targetUser,
    details,
  };
}

/** One page and the total, side by side: the page's offset counts the entries itself, kept within the pages. */
async function list(query: JamActivityQuery & { jam?: string }, jam: Jam | null): Promise<ActivityListDto> {
  const database = db();
  const where = conditions(query, jam);
  const counted = database.select({ total: count() }).from(auditLog).where(where);
  const [[{ total } = { total: 0 }], rows] = await Promise.all([
    counted,
    database
      .select({ entry: auditLog, jamSlug: jams.slug, jamName: jams.name, targetName: target.name })
      .from(auditLog)
      .leftJoin(jams, eq(jams.id, auditLog.jamId))
      .leftJoin(target, eq(target.id, auditLog.targetUserId))
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(query.perPage)
      .offset(keptOffsetArg(sql`(${counted})`, query.page, query.perPage)),
  ]);
  const { page, totalPages } = keptPage(query.page, total, query.perPage);
  return { entries: rows.map(toDto), page, perPage: query.perPage, total, totalPages };
}

/** Everything administrators and managers did, newest first: administrators only. */
export async function listActivity(viewer: SessionUser, query: ActivityQuery): Promise<ActivityListDto> {
  await requireJamPermission(viewer, null, 'activity:read-all');
  return list(query, null);
}

/** What happened to one jam, newest first: its managers and administrators (the permission read beside the page). */
export async function listJamActivity(viewer: SessionUser, jam: Jam, query: JamActivityQuery): Promise<ActivityListDto> {
  const { page } = await readTogether({
    allowed: requireJamPermission(viewer, jam.id, 'jam:read-activity'),
    page: list(query, jam),
  });
  return page;
}

/** The same for the jam's activity page: null for people who may not read it. */
export async function jamActivityFor(viewer: SessionUser, jam: Jam, query: JamActivityQuery): Promise<ActivityListDto | null> {
  const [allowed, page] = await Promise.all([can(viewer, 'jam:read-activity', { jamId: jam.id }), list(query, jam)]);
  return allowed ? page : null;
}
