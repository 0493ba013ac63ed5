/**
 * Who is credited on entries (issue 35 §1), read by the entry lists, votes and kudos. Only accepted
 * co-creators count, and banned people are hidden (deleting a user removes their credits outright).
 *
 * And whose an entry is (issue 45 §1): {@link teamEntries} is the one rule, which plays, votes, the
 * viewer document, the inbox, the dashboard and the profiles ask.
 */
import { Column, type Placeholder, type SQL, is, sql } from 'drizzle-orm';
import { entries, entryCredits, users } from '#db/schema';
import { avatarPath } from '#lib/avatars';
import type { CoCreatorDto } from '#lib/schemas/teams';
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

/** A user, an entry or a jam in SQL: an id, a column of the outer query, a placeholder or any expression. */
type Operand = number | Column | SQL | Placeholder;

const operand = (value: Operand) => (is(value, Column) ? outerColumn(value) : value);

/**
 * The entries that belong to the person `userId`: the ones they submitted and the ones they are an
 * accepted co-creator of (banned or not: a ban hides a name, it does not change whose an entry is).
 * A subquery of `entry_id`s, or with `withJamAndRole` of `entry_id`, `jam_id` and `role` ('submitter'
 * or 'co-creator'); both halves are index lookups (`entries_submitter_idx`, `entry_credits_user_idx`).
 * Every "is it theirs" is this rule: {@link onTeamCondition} for one entry, {@link enteredCondition}
 * for a jam.
 */
export function teamEntries(userId: Operand, { withJamAndRole = false } = {}): SQL {
  const user = operand(userId);
  const [submitted, credited] = withJamAndRole
    ? [sql`, te.jam_id as jam_id, 'submitter' as role`, sql`, tc.jam_id, 'co-creator'`]
    : [sql``, sql``];
  return sql`select te.id as entry_id${submitted} from ${entries} te where te.submitter_id = ${user}
    union all
    select tc.entry_id${credited} from ${entryCredits} tc where tc.user_id = ${user} and tc.status = 'accepted'`;
}

/** Whether the entry belongs to the person (its submitter or an accepted co-creator), as an SQL condition. */
export const onTeamCondition = (entryId: Operand, userId: Operand): SQL => sql`(${operand(entryId)} in (${teamEntries(userId)}))`;

/**
 * The person's entry among a jam's, as an SQL condition on an entry's `id` and `jam_id` columns: found
 * through the person's few entries. With a plain `jam_id = ?` beside {@link onTeamCondition}, SQLite
 * walks the jam's index instead and tests each of its entries (0.4 ms for the 10,000 of a big jam, on
 * every viewer document); the `+` keeps it off that index.
 */
export const theirEntryInJamCondition = (entryId: Operand, entryJamId: SQL | Column, jamId: Operand, userId: Operand): SQL =>
  sql`(+${entryJamId} = ${operand(jamId)} and ${onTeamCondition(entryId, userId)})`;

/** Whether the person has an entry in the jam (submitted or credited on it), as an SQL condition: an "entrant". */
export const enteredCondition = (jamId: Operand, userId: Operand): SQL =>
  sql`exists (select 1 from (${teamEntries(userId, { withJamAndRole: true })}) where jam_id = ${operand(jamId)})`;

/**
 * {@link onTeamCondition} in TypeScript, from rows a request has read already: the person is the
 * entry's submitter, or their credit on it is accepted. tests/db/jam-rules.test.ts checks the two agree.
 */
export const isOnTeamOf = (
  entry: { submitterId: number | null },
  userId: number,
  credit: { status: string } | null | undefined,
) => entry.submitterId === userId || credit?.status === 'accepted';

/** The people an entry belongs to (its submitter and its accepted co-creators), as a subquery of `user_id`s. */
export const teamOf = (entryId: Operand): SQL =>
  sql`select te.submitter_id as user_id from ${entries} te where te.id = ${operand(entryId)} and te.submitter_id is not null
    union select tc.user_id from ${entryCredits} tc where tc.entry_id = ${operand(entryId)} and tc.status = 'accepted'`;

/** Whether the entry belongs to the person (submitter or accepted co-creator), read in one statement. */
export async function isOnTeam(entryId: number, userId: number): Promise<boolean> {
  const [row] = await db().all<{ yes: number }>(sql`select ${onTeamCondition(entryId, userId)} as yes`);
  return Boolean(Number(row?.yes ?? 0));
}

/** The database's refusal of a second entry in a jam (migration 0016's triggers and partial unique index). */
export const isOneEntryViolation = (error: unknown): boolean => {
  const text = error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? '')}` : '';
  return /one entry per person per jam|entry_credits_one_per_jam|entry_credits\.jam_id, entry_credits\.user_id/i.test(text);
};
