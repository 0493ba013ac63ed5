/**
 * What deleting an account does beyond the foreign keys (issue 41 §3; docs/decisions/036): the
 * cascades delete the person's rows and clear their id wherever someone else's row names them
 * (db/schema.ts), and these statements, in the same batch before the user's row goes, take their
 * name out of what stays: the audit log keeps what happened, not who it was, and the rate-limit
 * counts and Idempotency-Keys kept under their id go. tests/api/account-removal.test.ts classifies every table.
 */
import { type SQL, and, eq, or, sql } from 'drizzle-orm';
import { auditLog, idempotencyKeys, rateLimitBuckets, themeSuggesters, themeSuggestions } from '#db/schema';
import type { Database } from '#server/platform/db';

type Writer = Pick<Database, 'update' | 'delete' | 'run'>;

/** The statements, each written only when `onlyIf` holds (the deletion's own condition). */
export function forgetStatements(database: Writer, id: number, name: string, onlyIf: SQL) {
  const aboutThem = or(eq(auditLog.actorId, id), eq(auditLog.targetUserId, id));
  return [
    // Their name in the details of entries about them (user.*, co-creator credits); a jam's name stays.
    database
      .update(auditLog)
      .set({ details: sql`json_remove(${auditLog.details}, '$.name')` })
      .where(and(aboutThem, sql`lower(json_extract(${auditLog.details}, '$.name')) = ${name.toLowerCase()}`, onlyIf)),
    // The name they acted under (the foreign key clears the id).
    database
      .update(auditLog)
      .set({ actorName: null })
      .where(and(eq(auditLog.actorId, id), onlyIf)),
    // Buckets are `{limiter}:user:{id}` for per-user limits (the others are per address and go within a day).
    database.delete(rateLimitBuckets).where(and(sql`${rateLimitBuckets.key} glob ${`*:user:${id}`}`, onlyIf)),
    // Their Idempotency-Keys and the answers kept for them (ADR 047), which may quote what they wrote.
    database.delete(idempotencyKeys).where(and(eq(idempotencyKeys.owner, `user:${id}`), onlyIf)),
    // Their theme suggestions' texts (issue 53): a theme only they suggested goes; one others suggested
    // too keeps the theme, as its normalised key, under the next who suggested it.
    database.run(sql`delete from ${themeSuggestions} where ${themeSuggestions.suggestedBy} = ${id} and ${onlyIf}
      and not exists (select 1 from ${themeSuggesters} s where s.suggestion_id = ${themeSuggestions.id} and s.user_id <> ${id})`),
    database.run(sql`update ${themeSuggestions} set text = ${themeSuggestions.key},
      suggested_by = (select s.user_id from ${themeSuggesters} s where s.suggestion_id = ${themeSuggestions.id} and s.user_id <> ${id}
        order by s.created_at, s.rowid limit 1)
      where ${themeSuggestions.suggestedBy} = ${id} and ${onlyIf}`),
  ] as const;
}
