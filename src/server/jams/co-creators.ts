/**
 * Who is credited on entries (issue 35 §1), read by the entry lists, votes and kudos. Only accepted
 * co-creators count, and banned people are hidden (deleting a user removes their credits outright).
 */
import { type SQL, and, asc, eq, inArray, sql } from 'drizzle-orm';
import { entryCredits, users } from '#db/schema';
import { avatarPath } from '#lib/avatars';
import type { CoCreatorDto } from '#lib/schemas/credits';
import { db } from '#server/platform/db';

/** The credited co-creators of some entries, in one query, in the order they accepted. */
export async function coCreatorsOf(entryIds: readonly number[]): Promise<Map<number, CoCreatorDto[]>> {
  const found = new Map<number, CoCreatorDto[]>();
  if (entryIds.length === 0) return found;
  const rows = await db()
    .select({ entryId: entryCredits.entryId, name: users.name })
    .from(entryCredits)
    .innerJoin(users, eq(users.id, entryCredits.userId))
    .where(and(inArray(entryCredits.entryId, [...entryIds]), eq(entryCredits.status, 'accepted'), eq(users.isBanned, false)))
    .orderBy(asc(entryCredits.acceptedAt), asc(entryCredits.userId));
  for (const row of rows) {
    const list = found.get(row.entryId) ?? [];
    list.push({ name: row.name, avatar: avatarPath(row.name) });
    found.set(row.entryId, list);
  }
  return found;
}

/** Whether the user is an accepted co-creator of the entry, as an SQL condition (for statements that check it atomically). */
export const creditedCondition = (entryId: number | SQL, userId: number): SQL =>
  sql`exists (select 1 from ${entryCredits} where ${entryCredits.entryId} = ${entryId} and ${entryCredits.userId} = ${userId} and ${entryCredits.status} = 'accepted')`;

/** Whether the user is an accepted co-creator of the entry. */
export async function isCredited(entryId: number, userId: number): Promise<boolean> {
  const [row] = await db().all<{ yes: number }>(sql`select ${creditedCondition(entryId, userId)} as yes`);
  return Boolean(Number(row?.yes ?? 0));
}

/** The submitter or an accepted co-creator: the people an entry belongs to. */
export async function isOnTeam(entry: { id: number; submitterId: number }, userId: number): Promise<boolean> {
  return entry.submitterId === userId || (await isCredited(entry.id, userId));
}

/** The database's refusal of a second entry in a jam (migration 0016's triggers and partial unique index). */
export const isOneEntryViolation = (error: unknown): boolean => {
  const text = error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? '')}` : '';
  return /one entry per person per jam|entry_credits_one_per_jam|entry_credits\.jam_id, entry_credits\.user_id/i.test(text);
};
