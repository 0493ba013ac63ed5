/**
 * Reading the audit log (written by src/server/activity/audit.ts): administrators see everything, a jam's
 * managers see what happened to their jam. Read-only; filtering and paging happen in the database.
 */
import { type SQL, and, count, desc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { type Jam, auditLog, jams, users } from '#db/schema';
import {
  type ActivityEntryDto,
  type ActivityListDto,
  type ActivityQuery,
  type AuditAction,
  type JamActivityQuery,
} from '#lib/schemas/activity';
import { db } from '#server/platform/db';
import { findJam } from '#server/jams/jams';
import { requireJamPermission } from '#server/auth/permissions';
import type { SessionUser } from '#server/auth/session';
import { findUserByName } from '#server/users/users';

const target = alias(users, 'target');

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** Matches nothing: a filter naming a jam or user that does not exist. */
const NOTHING = sql`0`;

async function conditions(query: JamActivityQuery & { jam?: string }, jam: Jam | null): Promise<SQL | undefined> {
  const parts: (SQL | undefined)[] = [];
  if (jam) parts.push(eq(auditLog.jamId, jam.id));
  else if (query.jam) {
    const found = await findJam(query.jam);
    parts.push(found ? eq(auditLog.jamId, found.jam.id) : NOTHING);
  }
  if (query.user) {
    const user = await findUserByName(query.user);
    // A deleted account is still found by the name it acted under.
    parts.push(
      user
        ? or(eq(auditLog.actorId, user.id), eq(auditLog.targetUserId, user.id))
        : sql`lower(${auditLog.actorName}) = ${query.user.toLowerCase()}`,
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

async function list(query: JamActivityQuery & { jam?: string }, jam: Jam | null): Promise<ActivityListDto> {
  const database = db();
  const where = await conditions(query, jam);
  const [{ total } = { total: 0 }] = await database.select({ total: count() }).from(auditLog).where(where);
  const totalPages = Math.max(1, Math.ceil(total / query.perPage));
  const page = Math.min(query.page, totalPages);
  const rows = await database
    .select({ entry: auditLog, jamSlug: jams.slug, jamName: jams.name, targetName: target.name })
    .from(auditLog)
    .leftJoin(jams, eq(jams.id, auditLog.jamId))
    .leftJoin(target, eq(target.id, auditLog.targetUserId))
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(query.perPage)
    .offset((page - 1) * query.perPage);
  return { entries: rows.map(toDto), page, perPage: query.perPage, total, totalPages };
}

/** Everything administrators and managers did, newest first: administrators only. */
export async function listActivity(viewer: SessionUser, query: ActivityQuery): Promise<ActivityListDto> {
  await requireJamPermission(viewer, null, 'activity:read-all');
  return list(query, null);
}

/** What happened to one jam, newest first: its managers and administrators. */
export async function listJamActivity(viewer: SessionUser, jam: Jam, query: JamActivityQuery): Promise<ActivityListDto> {
  await requireJamPermission(viewer, jam.id, 'jam:read-activity');
  return list(query, jam);
}
