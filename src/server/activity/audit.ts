import { auditLog } from '#db/schema';
import type { AuditAction } from '#lib/schemas/activity';
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
