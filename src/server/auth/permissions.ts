/**
 * Who may do what (spec §6), in one place. Endpoints ask; islands only hide buttons.
 * Actions are typed strings `entity:verb` so the UI can test the same names.
 */
import { and, eq, sql } from 'drizzle-orm';
import { jamManagers } from '#db/schema';
import type { SessionUser } from './session';
import { preparedQuery } from '#server/platform/db';
import { AppError } from '#server/http/errors';

export type JamRole = 'admin' | 'manager' | 'none';

/** Managers run their jam; administrators run every jam and a few things only they may do. */
const MANAGER_ACTIONS = [
  'jam:read-mystery',
  'jam:edit',
  'jam:manage-managers',
  'jam:select-winner',
  'jam:remove-entry',
  'jam:refresh-entry',
  'jam:download-entries',
  'jam:read-activity',
  'jam:moderate-entries',
  /** Fair judging: the review list of flagged entries, "Checked", disqualifying, play counts before the results. */
  'jam:review-entries',
  /** Kid-safe feedback: hide a note on one of the jam's entries (audited). */
  'jam:hide-notes',
] as const;
const ADMIN_ONLY_ACTIONS = [
  'jam:create',
  'jam:feature',
  'jam:advanced',
  'jam:clear-votes',
  'jam:clear-submissions',
  'jam:delete',
  'user:manage',
  'activity:read-all',
  'report:moderate-all',
  'jam-request:review',
  /** The words administrators add to the note filter. */
  'filter:edit-words',
] as const;

export type JamAction = (typeof MANAGER_ACTIONS)[number] | (typeof ADMIN_ONLY_ACTIONS)[number];
export const JAM_ACTIONS: readonly JamAction[] = [...MANAGER_ACTIONS, ...ADMIN_ONLY_ACTIONS];

export function can(role: JamRole, action: JamAction): boolean {
  if (role === 'admin') return true;
  if (role === 'manager') return (MANAGER_ACTIONS as readonly string[]).includes(action);
  return false;
}

// Asked on every request that shows or changes a jam for a logged-in user: built once, run with values.
const managerRow = preparedQuery((database) =>
  database
    .select({ userId: jamManagers.userId })
    .from(jamManagers)
    .where(and(eq(jamManagers.jamId, sql.placeholder('jamId')), eq(jamManagers.userId, sql.placeholder('userId'))))
    .prepare(),
);

export async function isJamManager(jamId: number, userId: number): Promise<boolean> {
  return Boolean(await managerRow().get({ jamId, userId }));
}

export async function jamRole(user: SessionUser | null, jamId: number | null): Promise<JamRole> {
  if (!user || user.isBanned) return 'none';
  if (user.isAdmin) return 'admin';
  if (jamId !== null && (await isJamManager(jamId, user.id))) return 'manager';
  return 'none';
}

/** Throws 403 unless the user may do `action` to the jam (null jam: site-wide actions such as create). */
export async function requireJamPermission(user: SessionUser, jamId: number | null, action: JamAction): Promise<JamRole> {
  const role = await jamRole(user, jamId);
  if (!can(role, action)) {
    const who = ADMIN_ONLY_ACTIONS.includes(action as (typeof ADMIN_ONLY_ACTIONS)[number])
      ? 'Only administrators'
      : 'Only managers of this jam and administrators';
    throw new AppError(403, 'forbidden', `${who} can do that.`);
  }
  return role;
}
