/**
 * Who is credited on entries (issue 35 §1), read by the entry lists, votes and kudos. Only accepted
 * co-creators count, and banned people are hidden (deleting a user removes their credits outright).
 */
import { type Column, type SQL, sql } from 'drizzle-orm';
import { entryCredits, users } from '#db/schema';
import { avatarPath } from '#lib/avatars';
import type { CoCreatorDto } from '#lib/schemas/credits';
import { db, outerColumn } from '#server/platform/db';

/**
 * The credited co-creators of the entry `entryId` names (a column of the outer query), as one column
 * of the query that reads the entry: a JSON array of `[name, acceptedAt, userId]`, which `toCoCreators`
 * puts in the order they accepted and turns into the DTOs. Evaluated only for the rows a query answers.
 */
export const coCreatorsColumn = (entryId: Column) =>
  sql<string>`(select json_group_array(json_array(u.name, c.accepted_at, c.user_id)) from ${entryCredits} c
    join ${users} u on u.id = c.user_id
    where c.entry_id = ${outerColumn(entryId)} and c.status = 'accepted' and u.is_banned = 0)`;

export function toCoCreators(column: string | null): CoCreatorDto[] {
  const rows = JSON.parse(column ?? '[]') as [name: string, acceptedAt: number, userId: number][];
  return rows.sort((a, b) => a[1] - b[1] || a[2] - b[2]).map(([name]) => ({ name, avatar: avatarPath(name) }));
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
