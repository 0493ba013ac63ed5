import { type SQL, sql } from 'drizzle-orm';
import { auditLog } from '#db/schema';
import type { AuditAction } from '#lib/schemas/activity';
import { type Computed, jsonWith } from '#server/platform/batch-sql';
import type { Database } from '#server/platform/db';
import type { SessionUser } from '#server/auth/session';

type Writer = Pick<Database, 'insert'>;

export interface AuditEvent {
  /** One of AUDIT_ACTIONS, so the activity pages know every kind there is. */
  action: AuditAction;
  jamId?: number | null;
  targetUserId?: number | null;
  details?: Record<string, unknown>;
}

/** Writes who did what; call inside the same transaction as the change itself. */
export async function recordAudit(writer: Writer, actor: SessionUser, event: AuditEvent): Promise<void> {
  await writer.insert(auditLog).values({
    actorId: actor.id,
    actorName: actor.name,
    action: event.action,
    jamId: event.jamId ?? null,
    targetUserId: event.targetUserId ?? null,
    details: event.details ?? null,
  });
}

/** An audit event whose ids and details may be SQL, worked out as the batch writes (a new jam's id, a count). */
export interface BatchedAuditEvent {
  action: AuditAction;
  jamId?: Computed<number | null>;
  targetUserId?: Computed<number | null>;
  /** Values may be SQL too. */
  details?: Record<string, unknown>;
}

const AUDIT_COLUMNS = [
  auditLog.actorId,
  auditLog.actorName,
  auditLog.action,
  auditLog.jamId,
  auditLog.targetUserId,
  auditLog.details,
];

/**
 * The audit entry as a statement of the batch that makes the change, so both are one transaction and
 * one round trip. `onlyIf` (SQL) writes it only when the change happens: placed before the change in
 * the batch, it is the change's own condition (the row is still pending, the word is not there yet).
 */
export function auditStatement(
  database: Pick<Database, 'run'>,
  actor: SessionUser,
  event: BatchedAuditEvent,
  onlyIf: SQL = sql`1`,
) {
  const columns = sql.join(
    AUDIT_COLUMNS.map((column) => sql.identifier(column.name)),
    sql`, `,
  );
  return database.run(sql`insert into ${auditLog} (${columns})
    select ${actor.id}, ${actor.name}, ${event.action}, ${event.jamId ?? null}, ${event.targetUserId ?? null}, ${jsonWith(event.details)}
    where ${onlyIf}`);
}
